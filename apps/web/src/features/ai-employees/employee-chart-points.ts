import { type OutcomePoint, orderAmount, type ReportBucket } from "@foreman/contract";

// The employee chart's data, shared by the chart (its own chunk) and the card around it (the page's):
// points in currency units, bucket labels, series colours.

/** The theme's chart palette (styles.css), so light and dark swap them; the reports use the same two. */
export const REVENUE_COLOR = "var(--chart-1)";
export const CONVERSATIONS_COLOR = "var(--chart-2)";

export type EmployeeChartPoint = { date: string; revenue: number; conversations: number };

export function employeeChartPoints(series: readonly OutcomePoint[]): EmployeeChartPoint[] {
  return series.map((point) => ({
    date: point.date,
    revenue: orderAmount(point.revenueCents),
    conversations: point.conversations,
  }));
}

/** Nothing to draw: every bucket has neither revenue nor a conversation. */
export const isEmptySeries = (points: readonly EmployeeChartPoint[]) =>
  points.every((point) => point.revenue === 0 && point.conversations === 0);

// Buckets are UTC days ("YYYY-MM-DD") as the server groups them; formatted in UTC so none shifts a day.
const utc = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });
const TICK = { day: utc({ month: "short", day: "numeric" }), month: utc({ month: "short", year: "numeric" }) };
const LABEL = {
  day: utc({ month: "short", day: "numeric", year: "numeric" }),
  month: utc({ month: "long", year: "numeric" }),
};

function bucketStart(date: string): Date | null {
  const value = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(value.getTime()) ? null : value;
}

function formatBucket(date: string, bucket: ReportBucket, formats: typeof TICK): string {
  const start = bucketStart(date);
  if (!start) return date;
  if (bucket === "month") return formats.month.format(start);
  const day = formats.day.format(start);
  return bucket === "week" ? `Week of ${day}` : day;
}

/** An axis tick: "Nov 3", "Week of Nov 3", "Nov 2026". */
export const bucketTick = (date: string, bucket: ReportBucket) => formatBucket(date, bucket, TICK);

/** A tooltip or table row, with the year: "Nov 3, 2026", "Week of Nov 3, 2026", "November 2026". */
export const bucketLabel = (date: string, bucket: ReportBucket) => formatBucket(date, bucket, LABEL);
