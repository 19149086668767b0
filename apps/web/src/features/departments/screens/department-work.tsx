import type { DepartmentKind, WorkforceOutcomes } from "@foreman/contract";
import { keepPreviousData, type UseQueryResult, useQuery } from "@tanstack/react-query";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { departmentWorkQueryOptions, lapsedCustomersQueryOptions, unpaidOrdersQueryOptions } from "../work-api.ts";
import { AnalyticsWork } from "./analytics-work.tsx";
import { CollectionsWork } from "./collections-work.tsx";
import { QuerySection } from "./query-section.tsx";
import { RetentionWork } from "./retention-work.tsx";
import { SalesWork } from "./sales-work.tsx";
import { SupportWork } from "./support-work.tsx";

type DepartmentWorkProps = {
  kind: DepartmentKind;
  departmentId: string;
  page: number;
  /** The screen's workforce answer: analytics' comparison is drawn from it, no call of its own. */
  outcomes: UseQueryResult<WorkforceOutcomes>;
};

/** The kind's own lists, each from its call. */
export function DepartmentWork({ kind, departmentId, page, outcomes }: DepartmentWorkProps) {
  return (
    <div data-testid="department-work" className="min-w-0">
      {kind === "sales" || kind === "support" ? (
        <OpenWork kind={kind} departmentId={departmentId} />
      ) : kind === "collections" ? (
        <UnpaidOrders page={page} />
      ) : kind === "retention" ? (
        <LapsedCustomers page={page} />
      ) : (
        <QuerySection query={outcomes} errorTitle="Couldn't load the departments' figures">
          {(data) => <AnalyticsWork data={data} />}
        </QuerySection>
      )}
    </div>
  );
}

function OpenWork({ kind, departmentId }: { kind: "sales" | "support"; departmentId: string }) {
  const query = useQuery(departmentWorkQueryOptions(useCompanyId(), departmentId));
  return (
    <QuerySection query={query} errorTitle="Couldn't load the department's work">
      {(work) => (kind === "sales" ? <SalesWork work={work} /> : <SupportWork work={work} />)}
    </QuerySection>
  );
}

// Another page keeps the current rows, dimmed, until it arrives.
function UnpaidOrders({ page }: { page: number }) {
  const query = useQuery({ ...unpaidOrdersQueryOptions(useCompanyId(), page), placeholderData: keepPreviousData });
  return (
    <QuerySection query={query} errorTitle="Couldn't load the unpaid orders">
      {(data) => <CollectionsWork data={data} />}
    </QuerySection>
  );
}

function LapsedCustomers({ page }: { page: number }) {
  const query = useQuery({ ...lapsedCustomersQueryOptions(useCompanyId(), page), placeholderData: keepPreviousData });
  return (
    <QuerySection query={query} errorTitle="Couldn't load the customers to win back">
      {(data) => <RetentionWork data={data} />}
    </QuerySection>
  );
}
