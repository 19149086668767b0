import { createFileRoute } from "@tanstack/react-router";
import { departmentRoute } from "#web/features/departments/department-route.ts";
import { DepartmentPage } from "#web/features/departments/screens/department-page.tsx";
import { DepartmentSkeleton } from "#web/features/departments/screens/department-skeleton.tsx";

export const Route = createFileRoute("/_app/sales")({
  ...departmentRoute("sales"),
  pendingComponent: () => <DepartmentSkeleton kind="sales" />,
  component: () => <DepartmentPage kind="sales" />,
});
