import type { AiEmployeesSearch, AiEmployeesTableSort, EmployeeOutcome } from "@foreman/contract";
import {
  type ColumnFiltersState,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type SortingState,
  type Updater,
  useReactTable,
} from "@tanstack/react-table";
import { SearchX } from "lucide-react";
import { useEffect, useMemo } from "react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { cn } from "#web/lib/utils.ts";
import type { RowActions } from "./employee-row-menu.tsx";
import { ariaSort, SortHeader } from "./sort-header.tsx";
import { nameOrRole, workforceColumns } from "./workforce-columns.tsx";
import { WorkforcePagination } from "./workforce-pagination.tsx";

export const AI_EMPLOYEES_PAGE_SIZE = 25;

type TableSearch = Pick<AiEmployeesSearch, "q" | "department" | "employeeStatus" | "sort" | "desc" | "page">;

type WorkforceTableProps = {
  employees: EmployeeOutcome[];
  currency: string;
  search: TableSearch;
  onSearch: (patch: Partial<AiEmployeesSearch>) => void;
  onClearFilters: () => void;
  actions: RowActions;
  /** The next period's figures are on their way: the current ones stay, dimmed. */
  updating?: boolean;
};

const apply = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === "function" ? (updater as (old: T) => T)(current) : updater;

/**
 * Every employee, filtered, sorted and paged in the browser: the scoreboard comes whole (figures for
 * each employee), so a filter or a sort costs no request. The state lives in the address; only the
 * current page's rows are rendered.
 */
export function WorkforceTable({
  employees,
  currency,
  search,
  onSearch,
  onClearFilters,
  actions,
  updating,
}: WorkforceTableProps) {
  const columns = useMemo(() => workforceColumns(currency), [currency]);
  const sorting = useMemo<SortingState>(
    () => [{ id: search.sort ?? "name", desc: search.desc === true }],
    [search.sort, search.desc],
  );
  const columnFilters = useMemo<ColumnFiltersState>(
    () => [
      ...(search.department ? [{ id: "department", value: search.department }] : []),
      ...(search.employeeStatus ? [{ id: "status", value: search.employeeStatus }] : []),
    ],
    [search.department, search.employeeStatus],
  );
  const pageIndex = (search.page ?? 1) - 1;
  const meta = useMemo(() => ({ rowActions: actions }), [actions]);

  const table = useReactTable({
    data: employees,
    columns,
    meta,
    state: {
      sorting,
      columnFilters,
      globalFilter: search.q ?? "",
      pagination: { pageIndex, pageSize: AI_EMPLOYEES_PAGE_SIZE },
    },
    globalFilterFn: nameOrRole,
    getRowId: (row) => row.id,
    // A sort flips between ascending and descending; there is always one (by name unless chosen).
    enableSortingRemoval: false,
    autoResetPageIndex: false,
    onSortingChange: (updater) => {
      const [next] = apply(updater, sorting);
      if (!next) return;
      const sort = next.id as AiEmployeesTableSort;
      onSearch({ sort: sort === "name" ? undefined : sort, desc: next.desc || undefined, page: undefined });
    },
    onPaginationChange: (updater) => {
      const next = apply(updater, { pageIndex, pageSize: AI_EMPLOYEES_PAGE_SIZE });
      onSearch({ page: next.pageIndex === 0 ? undefined : next.pageIndex + 1 });
    },
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  const matching = table.getFilteredRowModel().rows.length;
  const pageCount = Math.max(1, table.getPageCount());
  // A page past the end (fewer matches than before, an old link): go to the last one.
  useEffect(() => {
    if (pageIndex >= pageCount) onSearch({ page: pageCount === 1 ? undefined : pageCount });
  }, [pageIndex, pageCount, onSearch]);

  if (matching === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title="No AI employees match"
        description="No AI employee matches this search and these filters."
        action={
          <Button variant="outline" onClick={onClearFilters}>
            Clear filters
          </Button>
        }
      />
    );
  }

  return (
    <div className="space-y-3">
      <div
        className={cn(
          "overflow-hidden rounded-xl border bg-card shadow-xs",
          updating && "opacity-60 transition-opacity",
        )}
        aria-busy={updating}
      >
        <Table data-testid="ai-employees-table" aria-label="AI employees" className="min-w-[72rem]">
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id} className="hover:bg-transparent">
                {group.headers.map((header) => {
                  const numeric = header.column.columnDef.meta?.numeric === true;
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  const sortable = header.column.getCanSort();
                  return (
                    <TableHead
                      key={header.id}
                      scope="col"
                      aria-sort={sortable ? ariaSort(header.column.getIsSorted()) : undefined}
                      className={cn(numeric && "text-right")}
                    >
                      {sortable ? (
                        <SortHeader header={header} numeric={numeric}>
                          {label}
                        </SortHeader>
                      ) : (
                        <span className="sr-only">{label}</span>
                      )}
                    </TableHead>
                  );
                })}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {table.getRowModel().rows.map((row) => (
              <TableRow key={row.id} data-testid="ai-employee-row" data-employee-id={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <TableCell
                    key={cell.id}
                    className={cn(cell.column.columnDef.meta?.numeric && "text-right tabular-nums")}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <WorkforcePagination
        page={Math.min(pageIndex + 1, pageCount)}
        pageCount={pageCount}
        total={matching}
        onPage={(page) => table.setPageIndex(page - 1)}
      />
    </div>
  );
}
