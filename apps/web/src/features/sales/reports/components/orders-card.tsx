import { formatCount, formatMoney, type SalesReports } from "@foreman/contract";
import { ReceiptText } from "lucide-react";
import { ChartSlot } from "#web/components/charts/chart-slot.tsx";
import { ORDER_STATE_COLORS } from "../chart-colors.ts";
import { orderStateRows, sumOf } from "../report-figures.ts";
import { OrdersChart } from "./lazy-report-charts.tsx";
import { ReportCard, ReportEmpty } from "./report-card.tsx";

/** Quotes and orders created in the period, by state (completed reads "Won"), counts and amounts. */
export function OrdersCard({ data, className }: { data: SalesReports; className?: string }) {
  const rows = orderStateRows(data.purchaseOrders);
  const money = (amount: number) => formatMoney(amount, data.currency);
  const count = sumOf(rows, (row) => row.count);
  const amount = sumOf(rows, (row) => row.amount);
  return (
    <ReportCard
      title="Purchase orders"
      figure={formatCount(count)}
      note={`Quotes and orders created in this period, by state · ${money(amount)} in total`}
      testId="report-orders"
      className={className}
    >
      {count === 0 ? (
        <ReportEmpty
          icon={ReceiptText}
          title="No orders in this period"
          description="Quotes and orders your AI sales employees create show up here, by state."
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-center">
          <ChartSlot height={280}>
            <OrdersChart
              rows={rows}
              currency={data.currency}
              title={`Purchase orders by state: ${formatCount(count)} in total`}
            />
          </ChartSlot>
          <table className="w-full text-sm" data-testid="orders-by-state">
            <caption className="sr-only">Purchase orders by state</caption>
            <thead>
              <tr className="border-b text-muted-foreground text-xs">
                <th scope="col" className="py-2 text-left font-medium">
                  State
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Orders
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.state} data-state={row.state} className="border-b last:border-b-0">
                  <th scope="row" className="py-2 text-left font-normal">
                    <span className="flex items-center gap-2">
                      <span
                        aria-hidden
                        className="size-2 shrink-0 rounded-full"
                        style={{ backgroundColor: ORDER_STATE_COLORS[row.state] }}
                      />
                      {row.label}
                    </span>
                  </th>
                  <td className="py-2 text-right tabular-nums">{formatCount(row.count)}</td>
                  <td className="py-2 text-right tabular-nums">{money(row.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t font-semibold">
                <th scope="row" className="py-2 text-left">
                  Total
                </th>
                <td className="py-2 text-right tabular-nums">{formatCount(count)}</td>
                <td className="py-2 text-right tabular-nums">{money(amount)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </ReportCard>
  );
}
