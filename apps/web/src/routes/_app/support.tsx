import { createFileRoute } from "@tanstack/react-router";
import { departmentRoute } from "#web/features/departments/department-route.ts";
import { DepartmentPage } from "#web/features/departments/screens/department-page.tsx";
import { DepartmentSkeleton } from "#web/features/departments/screens/department-skeleton.tsx";

export const Route = createFileRoute("/_app/support")({
  ...departmentRoute("support"),
  pendingComponent: () => <DepartmentSkeleton kind="support" />,
  component: () => <DepartmentPage kind="support" />,
});
