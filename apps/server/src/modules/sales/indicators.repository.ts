import { FUNNEL_STEP_STAGES, type Period } from "@foreman/contract";
import { and, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { leads, quotes } from "../../db/schema/index.ts";

type PresentPast = { present: number; past: number };

// Each figure is computed for both periods in one scan of [previousStart, end): FILTER splits it.
const inPresent = (column: typeof leads.createdAt | typeof quotes.createdAt, period: Period) =>
  gte(column, period.start);
const inPast = (column: typeof leads.createdAt | typeof quotes.createdAt, period: Period) => lt(column, period.start);

function countWhere(condition: SQL | undefined) {
  return sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
}

/**
 * Lead figures over the leads CREATED in each period (a cohort), by the stage they are in now:
 * leadsCount = all of them; qualifiedLeadsCount = those that reached qualified or beyond (qualified,
 * quoted, following_up, won); quoted = those that reached a quote (quoted, following_up, won);
 * inFollowUp = those in following_up now; won = those won. Lost leads count only in leadsCount.
 */
export async function leadFigures(db: Executor, companyId: string, period: Period) {
  const qualified = inArray(leads.stage, [...FUNNEL_STEP_STAGES.qualified]);
  const quoted = inArray(leads.stage, [...FUNNEL_STEP_STAGES.quoting]);
  const following = eq(leads.stage, "following_up");
  const won = eq(leads.stage, "won");
  const [row] = await db
    .select({
      leadsPresent: countWhere(inPresent(leads.createdAt, period)),
      leadsPast: countWhere(inPast(leads.createdAt, period)),
      qualifiedPresent: countWhere(and(inPresent(leads.createdAt, period), qualified)),
      qualifiedPast: countWhere(and(inPast(leads.createdAt, period), qualified)),
      quotedPresent: countWhere(and(inPresent(leads.createdAt, period), quoted)),
      quotedPast: countWhere(and(inPast(leads.createdAt, period), quoted)),
      followingPresent: countWhere(and(inPresent(leads.createdAt, period), following)),
      followingPast: countWhere(and(inPast(leads.createdAt, period), following)),
      wonPresent: countWhere(and(inPresent(leads.createdAt, period), won)),
      wonPast: countWhere(and(inPast(leads.createdAt, period), won)),
    })
    .from(leads)
    .where(
      and(eq(leads.companyId, companyId), gte(leads.createdAt, period.previousStart), lt(leads.createdAt, period.end)),
    );
  const r = row!;
  const pair = (present: number, past: number): PresentPast => ({ present, past });
  return {
    leadsCount: pair(r.leadsPresent, r.leadsPast),
    qualifiedLeadsCount: pair(r.qualifiedPresent, r.qualifiedPast),
    quoted: pair(r.quotedPresent, r.quotedPast),
    inFollowUp: pair(r.followingPresent, r.followingPast),
    won: pair(r.wonPresent, r.wonPast),
  };
}

/**
 * Sales figures over the COMPLETED orders created in each period (only completed orders are sales,
 * spec §4): the total in `currency` (the company's main currency; orders in other currencies are not
 * converted, so they are left out of the sum), distinct customers (any currency), and the average
 * minutes from the order's lead being created to the order being completed (orders without a lead
 * are left out), rounded to the minute.
 */
export async function saleFigures(db: Executor, companyId: string, currency: string, period: Period) {
  const present = inPresent(quotes.createdAt, period);
  const past = inPast(quotes.createdAt, period);
  const inCurrency = eq(quotes.currency, currency);
  const minutes = sql`extract(epoch from (${quotes.completedAt} - ${leads.createdAt})) / 60`;
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
    .leftJoin(leads, eq(leads.id, quotes.leadId))
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
