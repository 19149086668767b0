import type { Period, StageCounts } from "@foreman/contract";
import { and, count, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { leads, quotes } from "#server/db/schema/index.ts";

// Each figure is computed for both periods in one scan of [previousStart, end): FILTER splits it.
const inPresent = (period: Period) => gte(quotes.createdAt, period.start);
const inPast = (period: Period) => lt(quotes.createdAt, period.start);

/**
 * How many leads were CREATED in each period (a cohort) in each stage they are in now: one grouped
 * scan of the (company, created_at, stage) index; the figures are folded from it in the service.
 */
export async function leadStageCounts(db: Executor, companyId: string, period: Period) {
  const present = sql<boolean>`${leads.createdAt} >= ${period.start}`;
  const rows = await db
    .select({ present, stage: leads.stage, n: count() })
    .from(leads)
    .where(
      and(eq(leads.companyId, companyId), gte(leads.createdAt, period.previousStart), lt(leads.createdAt, period.end)),
    )
    // By position: the bound period start would otherwise be a second parameter PostgreSQL cannot match.
    .groupBy(sql`1`, sql`2`);
  const counts: { present: StageCounts; past: StageCounts } = { present: {}, past: {} };
  for (const row of rows) counts[row.present ? "present" : "past"][row.stage] = row.n;
  return counts;
}

/**
 * Sales figures over the COMPLETED orders created in each period (only completed orders are sales): the total in `currency` (the company's main currency; orders in other currencies are not
 * converted, so they are left out of the sum), distinct customers (any currency), and the average
 * minutes from the order's lead being created to the order being completed (orders without a lead
 * are left out), rounded to the minute.
 */
export async function saleFigures(db: Executor, companyId: string, currency: string, period: Period) {
  const present = inPresent(period);
  const past = inPast(period);
  const inCurrency = eq(quotes.currency, currency);
  const minutes = sql`extract(epoch from (${quotes.completedAt} - ${quotes.leadCreatedAt})) / 60`;
  const sumWhere = (condition: SQL | undefined) =>
    sql<number>`coalesce(sum(${quotes.totalCents}) filter (where ${condition}), 0)::float8`.mapWith(Number);
  const customersWhere = (condition: SQL | undefined) =>
    sql<number>`count(distinct ${quotes.customerId}) filter (where ${condition})`.mapWith(Number);
  const turnaroundWhere = (condition: SQL | undefined) =>
    sql<number>`coalesce(round(avg(${minutes}) filter (where ${condition})), 0)::float8`.mapWith(Number);
  const [row] = await db
    .select({
      centsPresent: sumWhere(and(present, inCurrency)),
      centsPast: sumWhere(and(past, inCurrency)),
      customersPresent: customersWhere(present),
      customersPast: customersWhere(past),
      turnaroundPresent: turnaroundWhere(present),
      turnaroundPast: turnaroundWhere(past),
    })
    .from(quotes)
    .where(
      and(
        eq(quotes.companyId, companyId),
        eq(quotes.state, "completed"),
        gte(quotes.createdAt, period.previousStart),
        lt(quotes.createdAt, period.end),
      ),
    );
  const r = row!;
  return {
    totalSalesCents: { present: r.centsPresent, past: r.centsPast },
    totalCustomers: { present: r.customersPresent, past: r.customersPast },
    turnaroundTimeMinutes: { present: r.turnaroundPresent, past: r.turnaroundPast },
  };
}
