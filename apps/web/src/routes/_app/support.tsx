import type { DateRangeSearch, DateRangeSearchInput, SupportSearch, SupportSearchInput } from "@foreman/contract";
import { createFileRoute, type SearchSchemaInput } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { departmentRoute } from "#web/features/departments/department-route.ts";
import { DepartmentPage } from "#web/features/departments/screens/department-page.tsx";
import { DepartmentSkeleton } from "#web/features/departments/screens/department-skeleton.tsx";

// The desk is a chunk of its own, fetched as the screen first renders. Imported statically, its many
// parts would each be named in the preload list the signed-in shell carries for every screen.
const TicketsDesk = lazy(() =>
  import("#web/features/tickets/components/tickets-desk.tsx").then((module) => ({ default: module.TicketsDesk })),
);

const department = departmentRoute("support");

/**
 * The route checks only the department's period here: the desk reads its own values (filters, sort,
 * page, open ticket) with `parseSupportSearch` in its chunk, since checking them here would put the
 * parser into the signed-in shell's download. Until then they are as the address wrote them, so nothing
 * reads them but the desk.
 */
const validateSearch = department.validateSearch as (
  search: DateRangeSearchInput & SupportSearchInput & SearchSchemaInput,
) => DateRangeSearch & SupportSearch;

export const Route = createFileRoute("/_app/support")({
  ...department,
  validateSearch,
  pendingComponent: () => <DepartmentSkeleton kind="support" />,
  component: SupportRoute,
});

/** The support department's figures and AI employees, then its tickets desk, then its other open work. */
function SupportRoute() {
  const address = Route.useSearch();
  return (
    <DepartmentPage kind="support">
      {/* Room kept for the desk while its chunk arrives, so the page does not jump. */}
      <Suspense fallback={<div className="min-h-96" aria-hidden />}>
        <TicketsDesk address={address} />
      </Suspense>
    </DepartmentPage>
  );
}
