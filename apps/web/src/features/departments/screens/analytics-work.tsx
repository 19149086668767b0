import {
  type DepartmentOutcome,
  departmentPath,
  formatPercentChange,
  percentChange,
  type WorkforceOutcomes,
} from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { BAD_TONE, GOOD_TONE } from "#web/components/figures/tones.ts";
import { cn } from "#web/lib/utils.ts";
import { ROW_LINK_CLASS, WorkCard } from "./work-card.tsx";
import { figureColumn, type WorkColumn, WorkTable } from "./work-table.tsx";
import type { OutcomeKey } from "./workforce.ts";

// Analytics' work is the comparison: every department's figures for the period, side by side.

const COLUMNS: readonly OutcomeKey[] = [
  "revenue",
  "orders",
  "won",
  "conversion",
  "conversations",
  "actionItemsOpen",
  "firstReply",
];

/** Revenue's change against the previous period, on the same good/bad tint as the figure cards. */
function RevenueChange({ row }: { row: DepartmentOutcome }) {
  if (row.past.revenueCents === 0) return <span className="text-muted-foreground text-xs">n/a</span>;
  const change = percentChange(row.present.revenueCents, row.past.revenueCents);
  const label = formatPercentChange(change);
  const flat = label === "+0%";
  return (
    <span
      data-testid="revenue-change"
      className={cn(
        "rounded-md px-1.5 py-0.5 font-medium text-xs tabular-nums",
        flat ? "bg-muted text-muted-foreground" : change > 0 ? GOOD_TONE : BAD_TONE,
      )}
    >
      {label}
    </span>
  );
}

export function AnalyticsWork({ data }: { data: WorkforceOutcomes }) {
  const { departments, currency } = data;
  const columns: readonly WorkColumn<DepartmentOutcome>[] = [
    {
      head: "Department",
      className: "max-w-48 truncate",
      cell: (row) => (
        <Link to={departmentPath(row.name)} className={ROW_LINK_CLASS}>
          {row.name}
        </Link>
      ),
    },
    {
      head: "Active",
      align: "right",
      className: "tabular-nums",
      cell: (row) => `${row.activeEmployees}/${row.employees}`,
    },
    ...COLUMNS.map((key) =>
      figureColumn<DepartmentOutcome>(
        key,
        currency,
        key === "revenue" ? (row) => <RevenueChange row={row} /> : undefined,
      ),
    ),
  ];
  return (
    <WorkCard title="Departments side by side" total={departments.length} testId="department-comparison">
      <WorkTable
        rows={departments}
        columns={columns}
        empty="No departments with AI employees yet"
        rowTestId="department-row"
      />
    </WorkCard>
  );
}
