import { type EmployeeOutcome, formatLongDate } from "@foreman/contract";
import { type ColumnDef, createColumnHelper, type FilterFn, type RowData } from "@tanstack/react-table";
import { type OutcomeKey, outcomeDefinition } from "#web/components/figures/outcome-figures.ts";
import { EmployeeCell } from "./employee-cell.tsx";
import { EmployeeRowMenu, type RowActions } from "./employee-row-menu.tsx";
import { EmployeeStatusBadge } from "./employee-status-badge.tsx";

// The workforce table's columns. Built once per currency (the figures' format); the row actions come
// through the table's meta so a new callback does not rebuild the columns.

declare module "@tanstack/react-table" {
  interface TableMeta<TData extends RowData> {
    rowActions?: RowActions;
  }
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Figures: right-aligned, tabular digits. */
    numeric?: boolean;
  }
}

/** The outcome columns, in order; their ids are the figures' keys (and the `sort` values). */
export const OUTCOME_COLUMNS: readonly OutcomeKey[] = [
  "revenue",
  "orders",
  "won",
  "conversion",
  "conversations",
  "actionItemsOpen",
  "firstReply",
];

// "Still open" reads well among the profile's cards; alone in a table header it needs its subject.
const COLUMN_LABELS: Partial<Record<OutcomeKey, string>> = { actionItemsOpen: "Action items open" };

/** The search box: name or role, case-insensitive (the row passes whichever column asks). */
export const nameOrRole: FilterFn<EmployeeOutcome> = (row, _columnId, value: string) => {
  const needle = value.trim().toLowerCase();
  if (!needle) return true;
  const { name, role } = row.original;
  return name.toLowerCase().includes(needle) || role.toLowerCase().includes(needle);
};

const helper = createColumnHelper<EmployeeOutcome>();

// The library's own column type: each column's value type differs, so the list holds them as `any`.
// biome-ignore lint/suspicious/noExplicitAny: see above
type WorkforceColumn = ColumnDef<EmployeeOutcome, any>;

export function workforceColumns(currency: string): WorkforceColumn[] {
  const columns: WorkforceColumn[] = [
    helper.accessor("name", {
      id: "name",
      header: "Employee",
      sortingFn: "text",
      enableGlobalFilter: true,
      cell: ({ row }) => <EmployeeCell employee={row.original} />,
    }),
    helper.accessor("createdAt", {
      id: "createdAt",
      header: "Member since",
      // ISO timestamps sort as text.
      sortingFn: "basic",
      enableGlobalFilter: false,
      cell: ({ getValue }) => formatLongDate(getValue()),
    }),
    helper.accessor((row) => row.department.name, {
      id: "department",
      header: "Department",
      sortingFn: "text",
      enableGlobalFilter: false,
      // Filtered by id (the select's value), sorted and shown by name.
      filterFn: (row, _id, value: string) => row.original.department.id === value,
      cell: ({ getValue }) => (
        <span className="block max-w-40 truncate" title={getValue()}>
          {getValue()}
        </span>
      ),
    }),
    helper.accessor("status", {
      id: "status",
      header: "Status",
      sortingFn: "text",
      enableGlobalFilter: false,
      filterFn: "equals",
      cell: ({ getValue }) => <EmployeeStatusBadge status={getValue()} />,
    }),
    ...OUTCOME_COLUMNS.map((key) => {
      const definition = outcomeDefinition(key);
      // null ("—": nothing to measure) sorts last either way, like an empty cell.
      return helper.accessor((row) => definition.value(row.present) ?? undefined, {
        id: key,
        header: COLUMN_LABELS[key] ?? definition.label,
        sortingFn: "basic",
        sortUndefined: "last",
        sortDescFirst: true,
        enableGlobalFilter: false,
        meta: { numeric: true },
        cell: ({ getValue }) => definition.format(getValue() ?? null, currency),
      });
    }),
    helper.display({
      id: "actions",
      header: "Actions",
      enableSorting: false,
      cell: ({ row, table }) => {
        const actions = table.options.meta?.rowActions;
        return actions ? <EmployeeRowMenu employee={row.original} actions={actions} /> : null;
      },
    }),
  ];
  return columns;
}
