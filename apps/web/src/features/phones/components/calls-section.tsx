import {
  CALL_DIRECTIONS,
  CALL_STATUS_LABELS,
  CALL_STATUSES,
  type CallDirection,
  type CallStatus,
} from "@foreman/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Phone, PhoneCall, Plus, SearchX } from "lucide-react";
import { type ReactNode, useId } from "react";
import { ManagerOnly } from "#web/components/access/manager-only.tsx";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { PagedList } from "#web/components/layout/paged-list.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { SELECT_CLASS } from "#web/components/ui/form-field.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { cn } from "#web/lib/utils.ts";
import { employeeNamesQueryOptions } from "#web/lib/workforce.ts";
import { CALLS_PER_PAGE, type CallsFilters, callsQueryOptions, phoneNumbersQueryOptions } from "../api.ts";
import type { PhonesSearch } from "../phones-search.ts";
import { CallInterface } from "./call-interface.tsx";
import { CallsList } from "./calls-list.tsx";

// The Calls tab: the call interface, then every call of the company, newest first, filtered by status or
// direction, 25 a page (all in the address).

export type CallsFiltersChange = { status?: CallStatus; direction?: CallDirection };

type CallsSectionProps = {
  companyId: string;
  search: PhonesSearch;
  canManage: boolean;
  onFiltersChange: (change: CallsFiltersChange) => void;
  onAddNumber: () => void;
};

export function CallsSection({ companyId, search, canManage, onFiltersChange, onAddNumber }: CallsSectionProps) {
  return (
    <div className="grid gap-6">
      <CallInterfaceSlot companyId={companyId} canManage={canManage} onAddNumber={onAddNumber} />
      <CallFilters search={search} onChange={onFiltersChange} />
      <CallsResults companyId={companyId} search={search} />
    </div>
  );
}

function CallInterfaceSlot({
  companyId,
  canManage,
  onAddNumber,
}: {
  companyId: string;
  canManage: boolean;
  onAddNumber: () => void;
}) {
  const numbers = useQuery(phoneNumbersQueryOptions(companyId));
  const employees = useQuery(employeeNamesQueryOptions(companyId));
  if (numbers.error)
    return (
      <QueryError
        title="Couldn't load your phone numbers"
        error={numbers.error}
        onRetry={() => void numbers.refetch()}
        size="sm"
      />
    );
  if (!numbers.data || employees.isPending)
    return (
      <div role="status">
        <span className="sr-only">Loading the call interface…</span>
        <Skeleton className="h-72 w-full rounded-xl" />
      </div>
    );
  if (numbers.data.phoneNumbers.length === 0)
    return (
      <EmptyState
        icon={PhoneCall}
        title="Buy a number to place calls"
        description="Calls are placed from one of your numbers, with the AI employee who answers it."
        action={
          <ManagerOnly allowed={canManage}>
            <Button onClick={onAddNumber} disabled={!canManage}>
              <Plus aria-hidden />
              Add phone number
            </Button>
          </ManagerOnly>
        }
      />
    );
  return (
    <CallInterface
      companyId={companyId}
      numbers={numbers.data.phoneNumbers}
      provider={numbers.data.provider}
      employees={employees.data ?? []}
    />
  );
}

const ALL = "";

function CallFilters({ search, onChange }: { search: PhonesSearch; onChange: (change: CallsFiltersChange) => void }) {
  const id = useId();
  return (
    <fieldset className="flex flex-wrap items-end gap-3" aria-label="Filter calls">
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-status`} className="font-medium text-sm">
          Status
        </label>
        <select
          id={`${id}-status`}
          className={cn(SELECT_CLASS, "w-40")}
          value={search.status ?? ALL}
          onChange={(event) =>
            onChange({
              status: (event.target.value || undefined) as CallStatus | undefined,
              direction: search.direction,
            })
          }
        >
          <option value={ALL}>All statuses</option>
          {CALL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {CALL_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-direction`} className="font-medium text-sm">
          Direction
        </label>
        <select
          id={`${id}-direction`}
          className={cn(SELECT_CLASS, "w-40")}
          value={search.direction ?? ALL}
          onChange={(event) =>
            onChange({
              status: search.status,
              direction: (event.target.value || undefined) as CallDirection | undefined,
            })
          }
        >
          <option value={ALL}>Both directions</option>
          {CALL_DIRECTIONS.map((direction) => (
            <option key={direction} value={direction}>
              {direction === "inbound" ? "Inbound" : "Outbound"}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}

function CallsResults({ companyId, search }: { companyId: string; search: PhonesSearch }) {
  const filters: CallsFilters = { status: search.status, direction: search.direction };
  const filtered = Boolean(filters.status || filters.direction);
  const page = search.page ?? 1;
  const query = useQuery({ ...callsQueryOptions(companyId, filters, page), placeholderData: keepPreviousData });

  if (query.error && !query.data)
    return (
      <QueryError
        title="The calls could not be loaded."
        error={query.error}
        onRetry={() => void query.refetch()}
        size="sm"
      />
    );
  if (!query.data)
    return (
      <div className="space-y-2" role="status">
        <span className="sr-only">Loading calls…</span>
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
          <Skeleton key={index} className="h-14 w-full rounded-lg" />
        ))}
      </div>
    );
  const { calls, total } = query.data;
  return (
    <PagedList
      title={filtered ? "Matching calls" : "All calls"}
      headingId="all-calls"
      totalTestId="calls-total"
      page={page}
      perPage={CALLS_PER_PAGE}
      total={total}
      rows={calls.length}
      noun="calls"
      pageLink={pageLink}
      hideSinglePage
      updating={query.isPlaceholderData}
      pastEnd={{ icon: Phone, backTo: "last" }}
      empty={
        filtered ? (
          <EmptyState
            icon={SearchX}
            title="No calls match these filters"
            description="Try another status or direction."
          />
        ) : (
          <EmptyState
            icon={Phone}
            title="No calls yet"
            description="Calls to your numbers, and calls your AI employees place, appear here with their transcripts."
          />
        )
      }
    >
      <CallsList calls={calls} />
    </PagedList>
  );
}

/** A link to another page of the calls; page 1 stays out of the address. */
function pageLink(page: number, children: ReactNode) {
  return (
    <Link from="/phones/" to="/phones" search={(prev) => ({ ...prev, page: page === 1 ? undefined : page })}>
      {children}
    </Link>
  );
}
