import {
  type DepartmentOutcome,
  departmentPath,
  formatPercentChange,
  percentChange,
  type WorkforceOutcomes,
} from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { BAD_TONE, GOOD_TONE } from "#web/components/figures/tones.ts";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { cn } from "#web/lib/utils.ts";
import { ROW_LINK_CLASS, WorkCard, WorkEmpty } from "./work-card.tsx";
import { type OutcomeKey, outcomeDefinition } from "./workforce.ts";

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
  return (
    <WorkCard title="Departments side by side" total={departments.length} testId="department-comparison">
      {departments.length === 0 ? (
        <WorkEmpty>No departments with AI employees yet</WorkEmpty>
      ) : (
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="pl-4">Department</TableHead>
              <TableHead className="text-right">Active</TableHead>
              {COLUMNS.map((key) => (
                <TableHead key={key} className="text-right last:pr-4">
                  {outcomeDefinition(key).label}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {departments.map((row) => (
              <TableRow key={row.id} data-testid="department-row">
                <TableCell className="max-w-48 truncate pl-4">
                  <Link to={departmentPath(row.name)} className={ROW_LINK_CLASS}>
                    {row.name}
                  </Link>
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {row.activeEmployees}/{row.employees}
                </TableCell>
                {COLUMNS.map((key) => {
                  const definition = outcomeDefinition(key);
                  return (
                    <TableCell key={key} className="text-right tabular-nums last:pr-4" data-figure={key}>
                      <span className="inline-flex items-center gap-2">
                        {definition.format(definition.value(row.present), currency)}
                        {key === "revenue" ? <RevenueChange row={row} /> : null}
                      </span>
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </WorkCard>
  );
}
