import { formatCount, formatMoney, type ReportBucket, type SalesReports } from "@foreman/contract";
import { useId } from "react";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Pie,
  PieChart,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from "recharts";
import { AXIS, AxisTick, timeAxisInterval } from "#web/components/charts/chart-axis.tsx";
import { useChartWidth } from "#web/components/charts/chart-slot.tsx";
import { CHANNEL_COLORS, LEADS_COLOR, ORDER_STATE_COLORS, SALES_COLOR } from "../chart-colors.ts";
import {
  type ChannelShare,
  formatBucketLabel,
  formatBucketTick,
  formatPercent,
  type OrderStateRow,
} from "../report-figures.ts";

// The reports' Recharts charts. This module is its own chunk (load-report-charts.ts): nothing outside
// the reports screen may import it directly. Colours and text come from the theme's variables, so the
// charts follow light and dark; each chart's figures are also on its card as text.

const CHART_STYLE = { width: "100%", height: "100%" };
const MARGIN = { top: 8, right: 8, bottom: 0, left: 0 };

type TooltipRow = { name: string; value: string; color: string };

/** The hover card: popover colours from the theme, readable on light and dark. */
function TooltipCard({ title, rows }: { title: string; rows: TooltipRow[] }) {
  return (
    <div className="min-w-40 rounded-lg border bg-popover px-3 py-2 text-popover-foreground text-xs shadow-lg">
      <p className="mb-1.5 font-medium">{title}</p>
      <ul className="space-y-1">
        {rows.map((row) => (
          <li key={row.name} className="flex items-center gap-2">
            <span aria-hidden className="size-2 shrink-0 rounded-full" style={{ backgroundColor: row.color }} />
            <span className="text-muted-foreground">{row.name}</span>
            <span className="ml-auto pl-4 font-medium tabular-nums">{row.value}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

type Point<K extends string> = { date: string } & Record<K, number>;

/** The hovered bucket's value, under its full date. */
function bucketTooltip<K extends string>(
  bucket: ReportBucket,
  name: string,
  color: string,
  format: (n: number) => string,
) {
  return ({ active, payload }: TooltipContentProps) => {
    const point = payload?.[0]?.payload as Point<K> | undefined;
    if (!active || !point) return null;
    const value = Number(payload?.[0]?.value ?? 0);
    return <TooltipCard title={formatBucketLabel(point.date, bucket)} rows={[{ name, value: format(value), color }]} />;
  };
}

type SeriesProps = { bucket: ReportBucket; title: string };

export function SalesChart({
  points,
  bucket,
  currency,
  title,
}: SeriesProps & { points: SalesReports["salesOverTime"]; currency: string }) {
  // useId's characters are not all valid in url(#…): keep the letters and digits.
  const gradientId = `sales-fill-${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  const width = useChartWidth();
  const ticks = points.map((point) => formatBucketTick(point.date, bucket));
  const money = (value: number) => formatMoney(value, currency);
  return (
    <AreaChart responsive style={CHART_STYLE} data={points} margin={MARGIN} title={title}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor={SALES_COLOR} stopOpacity={0.28} />
          <stop offset="100%" stopColor={SALES_COLOR} stopOpacity={0} />
        </linearGradient>
      </defs>
      <CartesianGrid vertical={false} stroke="var(--border)" />
      <XAxis
        dataKey="date"
        {...AXIS}
        tickFormatter={(date: string) => formatBucketTick(date, bucket)}
        tickMargin={8}
        interval={timeAxisInterval(ticks, width)}
      />
      <YAxis
        {...AXIS}
        width="auto"
        tickFormatter={(value: number) => formatMoney(value, currency, { compact: true })}
      />
      <Tooltip
        cursor={{ stroke: "var(--muted-foreground)", strokeDasharray: "3 3" }}
        isAnimationActive={false}
        content={bucketTooltip(bucket, "Sales", SALES_COLOR, money)}
      />
      <Area
        type="monotone"
        dataKey="amount"
        name="Sales"
        stroke={SALES_COLOR}
        strokeWidth={2}
        fill={`url(#${gradientId})`}
        // A lone bucket (today) has no line to draw: show its point.
        dot={points.length === 1 ? { r: 4, fill: SALES_COLOR, strokeWidth: 0 } : false}
        activeDot={{ r: 4, strokeWidth: 2, stroke: "var(--card)" }}
      />
    </AreaChart>
  );
}

export function LeadsChart({ points, bucket, title }: SeriesProps & { points: SalesReports["leadsOverTime"] }) {
  const width = useChartWidth();
  const ticks = points.map((point) => formatBucketTick(point.date, bucket));
  return (
    <BarChart responsive style={CHART_STYLE} data={points} margin={MARGIN} title={title}>
      <CartesianGrid vertical={false} stroke="var(--border)" />
      <XAxis
        dataKey="date"
        {...AXIS}
        tickFormatter={(date: string) => formatBucketTick(date, bucket)}
        tickMargin={8}
        interval={timeAxisInterval(ticks, width)}
      />
      <YAxis {...AXIS} width="auto" allowDecimals={false} tickFormatter={(value: number) => formatCount(value)} />
      <Tooltip
        cursor={{ fill: "var(--muted)" }}
        isAnimationActive={false}
        content={bucketTooltip(bucket, "Leads", LEADS_COLOR, formatCount)}
      />
      <Bar dataKey="count" name="Leads" fill={LEADS_COLOR} radius={[3, 3, 0, 0]} maxBarSize={28} />
    </BarChart>
  );
}

export function OrdersChart({ rows, currency, title }: { rows: OrderStateRow[]; currency: string; title: string }) {
  // A fill on each entry colours its bar (Recharts reads it from the data).
  const data = rows.map((row) => ({ ...row, fill: ORDER_STATE_COLORS[row.state] }));
  const tooltip = ({ active, payload }: TooltipContentProps) => {
    const row = payload?.[0]?.payload as (OrderStateRow & { fill: string }) | undefined;
    if (!active || !row) return null;
    return (
      <TooltipCard
        title={row.label}
        rows={[
          { name: "Orders", value: formatCount(row.count), color: row.fill },
          { name: "Amount", value: formatMoney(row.amount, currency), color: row.fill },
        ]}
      />
    );
  };
  return (
    <BarChart
      responsive
      style={CHART_STYLE}
      data={data}
      layout="vertical"
      margin={{ top: 0, right: 8, bottom: 0, left: 0 }}
      title={title}
    >
      <CartesianGrid horizontal={false} stroke="var(--border)" />
      <XAxis type="number" {...AXIS} allowDecimals={false} tickFormatter={(value: number) => formatCount(value)} />
      <YAxis type="category" dataKey="label" {...AXIS} width="auto" tick={<AxisTick color="var(--foreground)" />} />
      <Tooltip cursor={{ fill: "var(--muted)" }} isAnimationActive={false} content={tooltip} />
      <Bar dataKey="count" name="Orders" radius={[0, 3, 3, 0]} maxBarSize={18} />
    </BarChart>
  );
}

export function ChannelsChart({ shares, title }: { shares: ChannelShare[]; title: string }) {
  // Empty channels would only add padding gaps to the ring; they stay in the legend.
  const data = shares
    .filter((share) => share.count > 0)
    .map((share) => ({ ...share, fill: CHANNEL_COLORS[share.channel] }));
  const tooltip = ({ active, payload }: TooltipContentProps) => {
    const share = payload?.[0]?.payload as (ChannelShare & { fill: string }) | undefined;
    if (!active || !share) return null;
    return (
      <TooltipCard
        title={share.label}
        rows={[
          { name: "Leads", value: formatCount(share.count), color: share.fill },
          { name: "Share", value: formatPercent(share.share), color: share.fill },
        ]}
      />
    );
  };
  return (
    <PieChart responsive style={CHART_STYLE} margin={{ top: 0, right: 0, bottom: 0, left: 0 }} title={title}>
      <Tooltip isAnimationActive={false} content={tooltip} />
      <Pie
        data={data}
        dataKey="count"
        nameKey="label"
        innerRadius="62%"
        outerRadius="100%"
        paddingAngle={data.length > 1 ? 2 : 0}
        stroke="var(--card)"
        strokeWidth={2}
      />
    </PieChart>
  );
}
