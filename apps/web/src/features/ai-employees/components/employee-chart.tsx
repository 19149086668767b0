import { formatCount, formatMoney, type ReportBucket } from "@foreman/contract";
import { Bar, CartesianGrid, ComposedChart, Line, Tooltip, type TooltipContentProps, XAxis, YAxis } from "recharts";
import { AXIS, timeAxisInterval } from "#web/components/charts/chart-axis.tsx";
import { useChartWidth } from "#web/components/charts/chart-slot.tsx";
import {
  bucketLabel,
  bucketTick,
  CONVERSATIONS_COLOR,
  type EmployeeChartPoint,
  REVENUE_COLOR,
} from "../employee-chart-points.ts";

// Revenue won (bars, money axis on the left) and conversations started (line, count axis on the right)
// per bucket. Its own chunk (load-employee-chart.ts): only lazy-employee-chart.tsx may import it. The
// figures are also on the card as a visually hidden table.

type EmployeeChartProps = {
  points: EmployeeChartPoint[];
  bucket: ReportBucket;
  currency: string;
  /** The chart's accessible name, with the totals. */
  title: string;
};

export function EmployeeChart({ points, bucket, currency, title }: EmployeeChartProps) {
  const money = (value: number) => formatMoney(value, currency);
  const width = useChartWidth();
  const ticks = points.map((point) => bucketTick(point.date, bucket));
  const tooltip = ({ active, payload }: TooltipContentProps) => {
    const point = payload?.[0]?.payload as EmployeeChartPoint | undefined;
    if (!active || !point) return null;
    return (
      <div className="min-w-44 rounded-lg border bg-popover px-3 py-2 text-popover-foreground text-xs shadow-lg">
        <p className="mb-1.5 font-medium">{bucketLabel(point.date, bucket)}</p>
        <TooltipRow color={REVENUE_COLOR} name="Revenue won" value={money(point.revenue)} />
        <TooltipRow color={CONVERSATIONS_COLOR} name="Conversations" value={formatCount(point.conversations)} />
      </div>
    );
  };
  return (
    <ComposedChart
      responsive
      style={{ width: "100%", height: "100%" }}
      data={points}
      margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
      title={title}
    >
      <CartesianGrid vertical={false} stroke="var(--border)" />
      <XAxis
        dataKey="date"
        {...AXIS}
        tickFormatter={(date: string) => bucketTick(date, bucket)}
        tickMargin={8}
        interval={timeAxisInterval(ticks, width, 2)}
      />
      <YAxis
        yAxisId="revenue"
        {...AXIS}
        width="auto"
        tickFormatter={(value: number) => formatMoney(value, currency, { compact: true })}
      />
      <YAxis
        yAxisId="conversations"
        orientation="right"
        {...AXIS}
        width="auto"
        allowDecimals={false}
        tickFormatter={(value: number) => formatCount(value)}
      />
      <Tooltip cursor={{ fill: "var(--muted)" }} isAnimationActive={false} content={tooltip} />
      <Bar
        yAxisId="revenue"
        dataKey="revenue"
        name="Revenue won"
        fill={REVENUE_COLOR}
        radius={[3, 3, 0, 0]}
        maxBarSize={28}
      />
      <Line
        yAxisId="conversations"
        type="monotoneX"
        dataKey="conversations"
        name="Conversations"
        stroke={CONVERSATIONS_COLOR}
        strokeWidth={2}
        // A lone bucket (today) has no line to draw: show its point.
        dot={points.length === 1 ? { r: 4, fill: CONVERSATIONS_COLOR, strokeWidth: 0 } : false}
        activeDot={{ r: 4, strokeWidth: 2, stroke: "var(--card)" }}
      />
    </ComposedChart>
  );
}

function TooltipRow({ color, name, value }: { color: string; name: string; value: string }) {
  return (
    <p className="flex items-center gap-2">
      <span aria-hidden className="size-2 shrink-0 rounded-full" style={{ backgroundColor: color }} />
      <span className="text-muted-foreground">{name}</span>
      <span className="ml-auto pl-4 font-medium tabular-nums">{value}</span>
    </p>
  );
}
