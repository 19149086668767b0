import { formatCount, type SalesReports } from "@foreman/contract";
import { Users } from "lucide-react";
import { ChartSlot } from "#web/components/charts/chart-slot.tsx";
import { formatBucketLabel, sumOf } from "../report-figures.ts";
import { DataTable } from "./data-table.tsx";
import { LeadsChart } from "./lazy-report-charts.tsx";
import { ReportCard, ReportEmpty } from "./report-card.tsx";

type LeadsPoint = SalesReports["leadsOverTime"][number];

/** New leads over time. */
export function LeadsCard({ data }: { data: SalesReports }) {
  const { bucket, leadsOverTime: points } = data;
  const total = sumOf(points, (point) => point.count);
  const caption = `Leads by ${bucket}`;
  return (
    <ReportCard title="Leads" figure={formatCount(total)} note={`New leads, by ${bucket}`} testId="report-leads">
      {total === 0 ? (
        <ReportEmpty
          icon={Users}
          title="No leads in this period"
          description="Leads your AI sales employees capture show up here. Try a longer period."
        />
      ) : (
        <>
          <ChartSlot height={240} grow>
            <LeadsChart points={points} bucket={bucket} title={`${caption}: ${formatCount(total)} in total`} />
          </ChartSlot>
          <div className="sr-only">
            <DataTable<LeadsPoint>
              caption={caption}
              columns={[
                { header: "Period", cell: (point) => formatBucketLabel(point.date, bucket) },
                { header: "Leads", cell: (point) => formatCount(point.count), numeric: true },
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
