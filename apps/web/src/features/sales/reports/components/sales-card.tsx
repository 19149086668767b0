import { formatMoney, type SalesReports } from "@foreman/contract";
import { Banknote } from "lucide-react";
import { ChartSlot } from "#web/components/charts/chart-slot.tsx";
import { formatBucketLabel, sumOf } from "../report-figures.ts";
import { DataTable } from "./data-table.tsx";
import { SalesChart } from "./lazy-report-charts.tsx";
import { ReportCard, ReportEmpty } from "./report-card.tsx";

type SalesPoint = SalesReports["salesOverTime"][number];

/** Total sales over time: completed orders in the company's currency (only those are sales). */
export function SalesCard({ data }: { data: SalesReports }) {
  const { bucket, currency, salesOverTime: points } = data;
  const money = (amount: number) => formatMoney(amount, currency);
  const total = sumOf(points, (point) => point.amount);
  const caption = `Total sales by ${bucket}`;
  return (
    <ReportCard title="Total sales" figure={money(total)} note={`Completed orders, by ${bucket}`} testId="report-sales">
      {points.every((point) => point.amount === 0) ? (
        <ReportEmpty
          icon={Banknote}
          title="No sales in this period"
          description="Orders your AI sales employees win show up here. Try a longer period."
        />
      ) : (
        <>
          <ChartSlot height={240} grow>
            <SalesChart
              points={points}
              bucket={bucket}
              currency={currency}
              title={`${caption}: ${money(total)} in total`}
            />
          </ChartSlot>
          <div className="sr-only">
            <DataTable<SalesPoint>
              caption={caption}
              columns={[
                { header: "Period", cell: (point) => formatBucketLabel(point.date, bucket) },
                { header: "Sales", cell: (point) => money(point.amount), numeric: true },
              ]}
              rows={points}
              rowKey={(point) => point.date}
            />
          </div>
        </>
      )}
    </ReportCard>
  );
}
