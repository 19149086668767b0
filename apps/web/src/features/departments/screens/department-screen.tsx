import type { DateRangeSearch, Department, DepartmentKind } from "@foreman/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { HelpLink } from "#web/components/help-link.tsx";
import { TimeFrameBar } from "#web/components/period/time-frame-bar.tsx";
import { CompanyGate, useCompanyId } from "#web/lib/company-id.tsx";
import { departmentsQueryOptions } from "#web/lib/departments.ts";
import { DepartmentEmployees } from "./department-employees.tsx";
import { DepartmentHeader } from "./department-header.tsx";
import { DepartmentSkeleton, FiguresSkeleton, ListSkeleton } from "./department-skeleton.tsx";
import { departmentView } from "./department-view.ts";
import { DepartmentWork } from "./department-work.tsx";
import { findDepartmentOfKind, isPlaceholderDepartment, KIND_SCREENS, outcomesScope } from "./kinds.ts";
import { MissingDepartment } from "./missing-department.tsx";
import type { DepartmentSearch } from "./search.ts";
import { OutcomeCards, workforceOutcomesQueryOptions } from "./workforce.ts";

type DepartmentScreenProps = {
  kind: DepartmentKind;
  /** The route's search: the period, and the page for the paged lists. */
  search: DepartmentSearch;
  /** A new period from the time frame bar; the route decides what else of the address it keeps. */
  onSearch: (next: DateRangeSearch) => void;
  /** The route's own section (support's tickets desk), shown before the department's other work. */
  children?: ReactNode;
};

/** `/sales`, `/support`, `/collections`, `/retention`, `/analytics`: one layout, the kind's sections. */
export function DepartmentScreen(props: DepartmentScreenProps) {
  return (
    <CompanyGate fallback={<DepartmentSkeleton kind={props.kind} />}>
      <DepartmentLookup {...props} />
    </CompanyGate>
  );
}

// The departments query is the rail's: it falls back rather than failing, so there is no error state.
function DepartmentLookup(props: DepartmentScreenProps) {
  const departments = useQuery(departmentsQueryOptions(useCompanyId()));
  if (!departments.data) return <DepartmentSkeleton kind={props.kind} />;
  const department = findDepartmentOfKind(departments.data, props.kind);
  if (!department || isPlaceholderDepartment(department)) {
    return <MissingDepartment kind={props.kind} title={`AI ${department?.name ?? props.kind}`} />;
  }
  return <DepartmentBody {...props} department={department} />;
}

function DepartmentBody({
  kind,
  search,
  onSearch,
  department,
  children,
}: DepartmentScreenProps & { department: Department }) {
  const companyId = useCompanyId();
  // A new period keeps the old figures, dimmed, until the new ones arrive.
  const outcomes = useQuery({
    ...workforceOutcomesQueryOptions(companyId, search, outcomesScope(kind, department.id)),
    placeholderData: keepPreviousData,
  });
  const view = outcomes.data ? departmentView(outcomes.data, department.id) : null;
  const keys = KIND_SCREENS[kind].outcomeKeys;
  const failed = outcomes.isError && !outcomes.data;
  // Analytics has no cards: its comparison table reports the failure instead, once.
  const cardsFailed = failed && keys.length > 0;
  const dim = outcomes.isPlaceholderData ? "opacity-60 transition-opacity" : undefined;
  return (
    <div className="min-w-0 space-y-6" data-testid="department-screen" data-kind={kind}>
      <DepartmentHeader
        department={department}
        counts={view}
        help={kind === "support" ? <HelpLink topic="support" /> : undefined}
      />
      <TimeFrameBar search={search} onSearch={onSearch} />
      {cardsFailed ? (
        <QueryError
          title={`Couldn't load the ${KIND_SCREENS[kind].noun} figures`}
          error={outcomes.error}
          onRetry={() => void outcomes.refetch()}
        />
      ) : (
        <div className={dim} aria-busy={outcomes.isFetching}>
          {keys.length > 0 ? (
            view ? (
              <OutcomeCards
                comparison={view.comparison}
                currency={view.currency}
                keys={keys}
                label={`AI ${department.name} outcomes`}
                headed
              />
            ) : (
              <FiguresSkeleton cards={keys.length} />
            )
          ) : null}
        </div>
      )}
      {failed ? null : view ? (
        <div className={dim}>
          <DepartmentEmployees kind={kind} employees={view.employees} currency={view.currency} />
        </div>
      ) : (
        <ListSkeleton />
      )}
      {children}
      <DepartmentWork kind={kind} departmentId={department.id} page={search.page ?? 1} outcomes={outcomes} />
    </div>
  );
}
