// The sales reports screen: funnel, sales and leads over time, purchase orders by state and
// leads by channel, in one call. Periods follow period.ts; only completed orders count as sales.
import { z } from "zod";
import { orderStateSchema } from "../orders/schemas.ts";
import type { Period } from "../period/period.ts";
import { periodQuerySchema } from "../period/period-query.ts";
import type { TimeFrame } from "../period/time-frame.ts";
import { FUNNEL_STAGES } from "./leads.ts";
import { channelSchema, currencySchema } from "./schemas.ts";

/** The reports screen opens on the last 30 days, like the orders list. */
export const REPORTS_DEFAULT_FRAME: TimeFrame = "monthly";

export const REPORT_BUCKETS = ["day", "week", "month"] as const;
export type ReportBucket = (typeof REPORT_BUCKETS)[number];

const DAY_MS = 86_400_000;

/**
 * How the over-time series are grouped: by day up to 31 days (so a month reads day by day), by week up
 * to 182 days, by month beyond. Weeks start on Monday (ISO), months on the 1st, all in UTC.
 */
export function reportBucketFor(period: Pick<Period, "start" | "end">): ReportBucket {
  const days = Math.round((period.end.getTime() - period.start.getTime()) / DAY_MS);
  if (days <= 31) return "day";
  if (days <= 182) return "week";
  return "month";
}

/** The start of the bucket holding `date` (UTC). */
export function bucketStart(date: Date, bucket: ReportBucket): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  if (bucket === "day") return day;
  if (bucket === "month") return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

function nextBucket(start: Date, bucket: ReportBucket): Date {
  if (bucket === "day") return new Date(start.getTime() + DAY_MS);
  if (bucket === "week") return new Date(start.getTime() + 7 * DAY_MS);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

/**
 * Every bucket a period touches, as "YYYY-MM-DD" of the bucket's start, oldest first, so a series has
 * a point (zero when nothing happened) for each. The first bucket may start before the period (a week
 * or month that began earlier); its figures still only count the period's rows.
 */
export function reportBucketDates(period: Pick<Period, "start" | "end">, bucket: ReportBucket): string[] {
  const dates: string[] = [];
  for (let at = bucketStart(period.start, bucket); at < period.end; at = nextBucket(at, bucket)) {
    dates.push(at.toISOString().slice(0, 10));
  }
  return dates;
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const count = z.number().int().nonnegative();

/**
 * Money is in currency units (cents / 100) of `currency`, the company's main currency; orders in other
 * currencies are counted but not converted, so they are left out of amounts (as in the indicators).
 */
export const salesReportsSchema = z.object({
  currency: currencySchema,
  /** How `salesOverTime` and `leadsOverTime` are grouped; each `date` is its bucket's first day. */
  bucket: z.enum(REPORT_BUCKETS),
  /** Leads created in the period by how far they got, with the indicators' definitions (see there). */
  funnel: z.array(z.object({ stage: z.enum(FUNNEL_STAGES), count })),
  /** Completed orders created in each bucket; every bucket is present, zero when empty. */
  salesOverTime: z.array(z.object({ date: day, amount: z.number() })),
  /** Leads created in each bucket; every bucket is present. */
  leadsOverTime: z.array(z.object({ date: day, count })),
  /** Quotes and orders created in the period, one row per state (all states, in ORDER_STATES order). */
  purchaseOrders: z.array(z.object({ state: orderStateSchema, count, amount: z.number() })),
  /** Leads created in the period by channel (all channels, in CHANNELS order). */
  channels: z.array(z.object({ channel: channelSchema, count })),
});
export type SalesReports = z.infer<typeof salesReportsSchema>;

export const salesReportsQuerySchema = periodQuerySchema;
export type SalesReportsQuery = z.infer<typeof salesReportsQuerySchema>;
