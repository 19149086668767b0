import { type BillingOverview, friendlyPhoneNumber, PHONE_NUMBER_MONTHLY_CENTS } from "@foreman/contract";
import { useId } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from "#web/components/ui/table.tsx";
import { formatCents } from "#web/lib/format-cents.ts";
import { formatDayRange, formatDays, formatPeriod } from "../billing-dates.ts";

// This month so far: the running total, what the active numbers cost a month, and a line per number for
// the days it has been the company's.

export function CurrentPeriodCard({ overview }: { overview: BillingOverview }) {
  const id = useId();
  const { currentPeriod: period, activeNumbers } = overview;
  // A number's price, and what the active ones cost together a month (the server's sum).
  const monthly = PHONE_NUMBER_MONTHLY_CENTS;
  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="current-period">
      <CardHeader>
        <CardTitle>
          <h2 id={`${id}-title`}>This month</h2>
        </CardTitle>
        <CardDescription>
          {formatPeriod(period.periodStart, period.periodEnd)} so far. Each number costs{" "}
          {formatCents(monthly, period.currency)} a month, counted by the day.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
          <div>
            <p className="font-semibold text-3xl tabular-nums" data-testid="running-total">
              {formatCents(period.totalCents, period.currency)}
            </p>
            <p className="text-muted-foreground text-sm">Running total to today</p>
          </div>
          <p className="text-sm tabular-nums" data-testid="active-numbers">
            {activeNumbers} active {activeNumbers === 1 ? "number" : "numbers"} ×{" "}
            {formatCents(monthly, period.currency)} ={" "}
            <span className="font-medium">{formatCents(activeNumbers * monthly, period.currency)}</span> a month
          </p>
        </div>
        {period.lines.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
            No phone numbers this month, so nothing is charged.
          </p>
        ) : (
          <div className="overflow-hidden rounded-lg border">
            <Table aria-label="This month's charges">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead scope="col" className="pl-4">
                    Number
                  </TableHead>
                  <TableHead scope="col" className="hidden sm:table-cell">
                    Days
                  </TableHead>
                  <TableHead scope="col" className="pr-4 text-right">
                    Amount
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {period.lines.map((line) => (
                  <TableRow key={`${line.phoneNumber}:${line.from}`} data-testid="billing-line">
                    <TableCell className="pl-4">
                      <span className="block font-medium tabular-nums">{friendlyPhoneNumber(line.phoneNumber)}</span>
                      {/* On a phone the days go under the number: three columns do not fit. */}
                      <span className="block text-muted-foreground text-xs sm:hidden">
                        {formatDays(line.days)} · {formatDayRange(line.from, line.to)}
                      </span>
                    </TableCell>
                    <TableCell className="hidden text-muted-foreground sm:table-cell">
                      <span className="text-foreground tabular-nums">{formatDays(line.days)}</span>
                      <span className="ml-2 text-xs">{formatDayRange(line.from, line.to)}</span>
                    </TableCell>
                    <TableCell className="pr-4 text-right tabular-nums">
                      {formatCents(line.amountCents, line.currency)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow className="hover:bg-transparent">
                  <TableCell className="pl-4 sm:hidden">Total so far</TableCell>
                  <TableCell className="hidden pl-4 sm:table-cell" colSpan={2}>
                    Total so far
                  </TableCell>
                  <TableCell className="pr-4 text-right tabular-nums">
                    {formatCents(period.totalCents, period.currency)}
                  </TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
