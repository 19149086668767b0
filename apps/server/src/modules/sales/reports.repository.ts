import type { Period, ReportBucket } from "@foreman/contract";
import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { leads, quotes } from "#server/db/schema/index.ts";

// The reports' series, one query each. Buckets are cut in UTC whatever the session's time zone, so
// they line up with the contract's `reportBucketDates`.

const bucketOf = (column: typeof leads.createdAt | typeof quotes.createdAt, bucket: ReportBucket) =>
  sql<string>`to_char(date_trunc(${sql.raw(`'${bucket}'`)}, ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;

const leadsIn = (companyId: string, period: Period) =>
  and(eq(leads.companyId, companyId), gte(leads.createdAt, period.start), lt(leads.createdAt, period.end));
const quotesIn = (companyId: string, period: Period) =>
  and(eq(quotes.companyId, companyId), gte(quotes.createdAt, period.start), lt(quotes.createdAt, period.end));

/** The period's leads by the stage they are in now (folded into the funnel by the service). */
export async function leadsByStage(db: Executor, companyId: string, period: Period) {
  return db
    .select({ stage: leads.stage, n: count() })
    .from(leads)
    .where(leadsIn(companyId, period))
    .groupBy(leads.stage);
}

/** Completed orders' totals in `currency` (cents) per bucket; buckets without sales are absent. */
export async function salesByBucket(
  db: Executor,
  companyId: string,
  currency: string,
  period: Period,
  bucket: ReportBucket,
) {
  const date = bucketOf(quotes.createdAt, bucket);
  return db
    .select({ date, cents: sql<number>`sum(${quotes.totalCents})::float8`.mapWith(Number) })
    .from(quotes)
    .where(and(quotesIn(companyId, period), eq(quotes.state, "completed"), eq(quotes.currency, currency)))
    .groupBy(date);
}

/** Leads created per bucket; empty buckets are absent. */
export async function leadsByBucket(db: Executor, companyId: string, period: Period, bucket: ReportBucket) {
  const date = bucketOf(leads.createdAt, bucket);
  return db.select({ date, n: count() }).from(leads).where(leadsIn(companyId, period)).groupBy(date);
}

/** Quotes and orders created in the period per state: how many (any currency) and the total in `currency`. */
export async function quotesByState(db: Executor, companyId: string, currency: string, period: Period) {
  return db
    .select({
      state: quotes.state,
      n: count(),
      cents:
        sql<number>`coalesce(sum(${quotes.totalCents}) filter (where ${eq(quotes.currency, currency)}), 0)::float8`.mapWith(
          Number,
        ),
    })
    .from(quotes)
    .where(quotesIn(companyId, period))
    .groupBy(quotes.state);
}

/** Leads created in the period per channel. */
export async function leadsByChannel(db: Executor, companyId: string, period: Period) {
  return db
    .select({ channel: leads.channel, n: count() })
    .from(leads)
    .where(leadsIn(companyId, period))
    .groupBy(leads.channel);
}
