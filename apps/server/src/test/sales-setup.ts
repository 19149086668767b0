import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { prepareDatabase } from "#server/prepare-database.ts";
import { DEMO_PASSWORD } from "#server/seed/demo-data.ts";
import { createTestApp, type TestApp } from "./app.ts";
import { apiHeaders, signIn } from "./fixtures.ts";

// Test support for the sales endpoints: the real demo seed, and expected figures computed with plain
// SQL written here (independently of the repositories under test).

export type SeededSales = {
  t: TestApp;
  token: string;
  northwind: string;
  andes: string;
  headers(companyId: string): Record<string, string>;
};

export async function seededSalesApp(): Promise<SeededSales> {
  const t = await createTestApp();
  await prepareDatabase(t.database, { seedDemo: true });
  const { access_token: token } = await signIn(t.app, "demo@example.com", DEMO_PASSWORD);
  const me = (await t.app.inject({ method: "GET", url: "/app/me.json", headers: apiHeaders(token) })).json();
  const idOf = (name: string) => me.managed_companies.find((c: { name: string }) => c.name === name).id as string;
  return {
    t,
    token,
    northwind: idOf("Northwind Supply"),
    andes: idOf("Andes Comercial"),
    headers: (companyId) => apiHeaders(token, companyId),
  };
}

const DAY = 86_400_000;

export function utcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** [start, end) for a relative frame: today, the 7 days or the 30 days ending today (UTC). */
export function relativeRange(days: number, now = new Date()): { start: Date; end: Date } {
  const end = new Date(utcDay(now).getTime() + DAY);
  return { start: new Date(end.getTime() - days * DAY), end };
}

/** [start, end) for a custom range of whole UTC days, bounds as YYYY-MM-DD. */
export function customRange(gteq: string, lteq: string): { start: Date; end: Date } {
  return { start: new Date(`${gteq}T00:00:00Z`), end: new Date(new Date(`${lteq}T00:00:00Z`).getTime() + DAY) };
}

export function previousRange(range: { start: Date; end: Date }) {
  const length = range.end.getTime() - range.start.getTime();
  return { start: new Date(range.start.getTime() - length), end: range.start };
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

type Row = Record<string, unknown>;
async function one(db: Db, query: ReturnType<typeof sql>): Promise<Row> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows[0]!;
}

export async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Every indicator for one range, straight from the tables. */
export async function expectedFigures(db: Db, companyId: string, range: { start: Date; end: Date }) {
  const s = range.start.toISOString();
  const e = range.end.toISOString();
  const inLeads = sql`company_id = ${companyId} and created_at >= ${s}::timestamptz and created_at < ${e}::timestamptz`;
  const completed = sql`q.company_id = ${companyId} and q.state = 'completed' and q.created_at >= ${s}::timestamptz and q.created_at < ${e}::timestamptz`;
  const row = await one(
    db,
    sql`select
      (select coalesce(sum(q.total_cents), 0)::float8 from quotes q
        where ${completed} and q.currency = (select currency from companies where id = ${companyId})) as cents,
      (select count(distinct q.customer_id)::int from quotes q where ${completed}) as customers,
      (select count(*)::int from leads where ${inLeads}) as leads,
      (select count(*)::int from leads where ${inLeads} and stage in ('qualified', 'quoted', 'following_up', 'won')) as qualified,
      (select count(*)::int from leads where ${inLeads} and stage in ('quoted', 'following_up', 'won')) as quoted,
      (select count(*)::int from leads where ${inLeads} and stage = 'following_up') as following,
      (select count(*)::int from leads where ${inLeads} and stage = 'won') as won,
      (select coalesce(round(avg(extract(epoch from q.completed_at - l.created_at) / 60)), 0)::float8
        from quotes q join leads l on l.id = q.lead_id where ${completed}) as turnaround`,
  );
  return {
    totalSalesAmount: Number(row.cents) / 100,
    totalCustomers: Number(row.customers),
    leadsCount: Number(row.leads),
    qualifiedLeadsCount: Number(row.qualified),
    quoted: Number(row.quoted),
    inFollowUp: Number(row.following),
    won: Number(row.won),
    turnaroundTimeMinutes: Number(row.turnaround),
  };
}

/** The indicators response the endpoint should give for a range (present) and the one before (past). */
export async function expectedIndicators(db: Db, companyId: string, range: { start: Date; end: Date }) {
  const present = await expectedFigures(db, companyId, range);
  const past = await expectedFigures(db, companyId, previousRange(range));
  const currency = (await one(db, sql`select currency from companies where id = ${companyId}`)).currency;
  const out: Record<string, Record<string, unknown>> = {};
  for (const key of Object.keys(present) as (keyof typeof present)[]) {
    out[key] = { present: present[key], past: past[key] };
  }
  out.totalSalesAmount!.currency = currency;
  return out;
}
