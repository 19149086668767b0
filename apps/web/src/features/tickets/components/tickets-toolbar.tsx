import {
  SUPPORT_DEFAULT_SORT,
  SUPPORT_SORTS,
  SUPPORT_UNASSIGNED,
  type SupportSearch,
  type SupportSort,
} from "@foreman/contract";
import { type ReactNode, useId } from "react";
import { SELECT_CLASS } from "#web/components/ui/form-field.tsx";
import { cn } from "#web/lib/utils.ts";
import type { Assignees } from "../assignees.ts";
import type { DeskPatch } from "../desk-search.ts";
import { TicketSearchBox } from "./ticket-search-box.tsx";

const SORT_LABELS: Record<SupportSort, string> = {
  "-created_at": "Newest first",
  created_at: "Oldest first",
  "-priority": "Highest priority first",
};

type TicketsToolbarProps = {
  search: SupportSearch;
  assignees: Assignees;
  onSearch: (patch: DeskPatch, options?: { replace?: boolean }) => void;
};

/** The text search (applied as you pause typing), who is responsible, and the order; wraps on phones. */
export function TicketsToolbar({ search, assignees, onSearch }: TicketsToolbarProps) {
  const id = useId();
  // A responsible in the address that is not in the lists (yet, or any more) still shows as chosen.
  const unknownResponsible =
    search.responsible && search.responsible !== SUPPORT_UNASSIGNED && !assignees.nameOf(search.responsible);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <TicketSearchBox value={search.q} onSearch={(q) => onSearch({ q, page: undefined }, { replace: true })} />
      <Labelled id={`${id}-responsible`} label="Responsible">
        <select
          id={`${id}-responsible`}
          className={cn(SELECT_CLASS, "w-full sm:w-48")}
          value={search.responsible ?? ""}
          onChange={(event) => onSearch({ responsible: event.target.value || undefined, page: undefined })}
        >
          <option value="">Anyone</option>
          <option value={SUPPORT_UNASSIGNED}>Unassigned</option>
          {unknownResponsible ? <option value={search.responsible}>Someone else</option> : null}
          {assignees.staff.length > 0 ? (
            <optgroup label="Staff">
              {assignees.staff.map((who) => (
                <option key={who.id} value={who.id}>
                  {who.id === assignees.me?.id ? `${who.name} (you)` : who.name}
                </option>
              ))}
            </optgroup>
          ) : null}
          {assignees.aiEmployees.length > 0 ? (
            <optgroup label="AI employees">
              {assignees.aiEmployees.map((who) => (
                <option key={who.id} value={who.id}>
                  {who.name}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </Labelled>
      <Labelled id={`${id}-sort`} label="Order">
        <select
          id={`${id}-sort`}
          className={cn(SELECT_CLASS, "w-full sm:w-48")}
          value={search.sort ?? SUPPORT_DEFAULT_SORT}
          onChange={(event) => {
            const sort = event.target.value as SupportSort;
            onSearch({ sort: sort === SUPPORT_DEFAULT_SORT ? undefined : sort, page: undefined });
          }}
        >
          {SUPPORT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </Labelled>
    </div>
  );
}

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid w-full gap-1 sm:w-auto">
      <label htmlFor={id} className="font-medium text-muted-foreground text-xs">
        {label}
      </label>
      {children}
    </div>
  );
}
