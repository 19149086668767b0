import { type EmployeeOutcomes, formatCount, formatMoney } from "@foreman/contract";
import { ChartNoAxesColumn } from "lucide-react";
import { ChartSlot } from "#web/components/charts/chart-slot.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import {
  bucketLabel,
  CONVERSATIONS_COLOR,
  employeeChartPoints,
  isEmptySeries,
  REVENUE_COLOR,
} from "../employee-chart-points.ts";
import { LazyEmployeeChart } from "./lazy-employee-chart.tsx";

const CHART_HEIGHT = 260;

/** Revenue won and conversations over the period, by bucket; the figures also as a hidden table. */
export function EmployeeChartCard({ outcomes }: { outcomes: EmployeeOutcomes }) {
  const { bucket, currency } = outcomes;
  const points = employeeChartPoints(outcomes.series);
  const money = (value: number) => formatMoney(value, currency);
  const totalRevenue = points.reduce((sum, point) => sum + point.revenue, 0);
  const totalConversations = points.reduce((sum, point) => sum + point.conversations, 0);
  const caption = `Revenue won and conversations by ${bucket}`;
  return (
    <Card className="gap-4" data-testid="employee-chart">
      <CardHeader>
        <CardTitle>
          <h3>Over time</h3>
        </CardTitle>
        <CardDescription>Revenue won and conversations started, by {bucket}</CardDescription>
      </CardHeader>
      <CardContent>
        {isEmptySeries(points) ? (
          // Nothing to draw, so the chart's chunk is not even asked for.
          <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed px-6 py-10 text-center">
            <ChartNoAxesColumn className="size-5 text-muted-foreground" aria-hidden />
            <p className="font-medium">No revenue or conversations in this period</p>
            <p className="text-muted-foreground text-sm">Try a longer period.</p>
          </div>
        ) : (
          <>
            <Legend />
            <ChartSlot height={CHART_HEIGHT} testId="employee-chart-slot">
              <LazyEmployeeChart
                points={points}
                bucket={bucket}
                currency={currency}
                title={`${caption}: ${money(totalRevenue)} won, ${formatCount(totalConversations)} conversations in total`}
              />
            </ChartSlot>
            <table className="sr-only">
              <caption>{caption}</caption>
              <thead>
                <tr>
                  <th scope="col">Period</th>
                  <th scope="col">Revenue won</th>
                  <th scope="col">Conversations</th>
                </tr>
              </thead>
              <tbody>
                {points.map((point) => (
                  <tr key={point.date}>
                    <th scope="row">{bucketLabel(point.date, bucket)}</th>
                    <td>{money(point.revenue)}</td>
                    <td>{formatCount(point.conversations)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Which colour is which; decorative for screen readers, which get the table. */
function Legend() {
  return (
    <ul aria-hidden className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-xs">
      <li className="flex items-center gap-1.5">
        <span className="size-2.5 rounded-sm" style={{ backgroundColor: REVENUE_COLOR }} />
        Revenue won
      </li>
      <li className="flex items-center gap-1.5">
        <span className="h-0.5 w-3 rounded-full" style={{ backgroundColor: CONVERSATIONS_COLOR }} />
        Conversations
      </li>
    </ul>
  );
}
