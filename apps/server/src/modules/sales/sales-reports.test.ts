import { CHANNELS, camelizeKeys, reportBucketDates, type SalesReports, salesReportsSchema } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  customRange,
  isoDay,
  relativeRange,
  rows,
  type SeededSales,
  seededSalesApp,
} from "#server/test/sales-setup.ts";

type Range = { start: Date; end: Date };

describe("GET /app/companies/{companyId}/sales_reports.json", () => {
  let s: SeededSales;
  beforeAll(async () => {
    s = await seededSalesApp();
  });
  afterAll(async () => {
    await s.t.close();
  });

  const get = (query = "", companyId = s.northwind, pathId = companyId) =>
    s.t.app.inject({
      method: "GET",
      url: `/app/companies/${pathId}/sales_reports.json${query}`,
      headers: s.headers(companyId),
    });
  const report = async (query = "", companyId = s.northwind) => {
    const response = await get(query, companyId);
    expect(response.statusCode, response.body).toBe(200);
    const body = camelizeKeys<SalesReports>(response.json());
    expect(salesReportsSchema.safeParse(body).success).toBe(true);
    return body;
  };

  // Independent SQL: per-bucket series with the UTC bucket start as text, non-empty buckets only.
  const expected = async (companyId: string, range: Range, bucket: string) => {
    const s0 = range.start.toISOString();
    const e0 = range.end.toISOString();
    const q = sql`company_id = ${companyId} and created_at >= ${s0}::timestamptz and created_at < ${e0}::timestamptz`;
    const currency = sql`(select currency from companies where id = ${companyId})`;
    const day = (table: "quotes" | "leads") =>
      sql.raw(`to_char(date_trunc('${bucket}', ${table}.created_at at time zone 'UTC'), 'YYYY-MM-DD')`);
    const sales = await rows(
      s.t.db,
      sql`select ${day("quotes")} as date, sum(total_cents)::float8 / 100 as amount from quotes
          where ${q} and state = 'completed' and currency = ${currency} group by 1 order by 1`,
    );
    const leadsSeries = await rows(
      s.t.db,
      sql`select ${day("leads")} as date, count(*)::int as count from leads where ${q} group by 1 order by 1`,
    );
    const states = await rows(
      s.t.db,
      sql`select state, count(*)::int as count,
            coalesce(sum(total_cents) filter (where currency = ${currency}), 0)::float8 / 100 as amount
          from quotes where ${q} group by state order by state`,
    );
    const channels = await rows(
      s.t.db,
      sql`select channel, count(*)::int as count from leads where ${q} group by channel order by channel`,
    );
    // A lead counts at every funnel step it reached; lost leads only as leads.
    const [funnel] = await rows(
      s.t.db,
      sql`select count(*)::int as leads,
            count(*) filter (where stage in ('qualified', 'quoted', 'following_up', 'won'))::int as qualified,
            count(*) filter (where stage in ('quoted', 'following_up', 'won'))::int as quoting,
            count(*) filter (where stage in ('following_up', 'won'))::int as following_up,
            count(*) filter (where stage = 'won')::int as won
          from leads where ${q}`,
    );
    return {
      sales: sales.map((r) => ({ date: r.date, amount: Number(r.amount) })),
      leads: leadsSeries.map((r) => ({ date: r.date, count: Number(r.count) })),
      states: states.map((r) => ({ state: r.state, count: Number(r.count), amount: Number(r.amount) })),
      channels: channels.map((r) => ({ channel: r.channel, count: Number(r.count) })),
      funnel: (["leads", "qualified", "quoting", "following_up", "won"] as const).map((stage) => ({
        stage,
        count: Number(funnel![stage]),
      })),
    };
  };

  const compare = async (body: SalesReports, companyId: string, range: Range, bucket: string) => {
    const want = await expected(companyId, range, bucket);
    expect(body.bucket).toBe(bucket);
    expect(body.funnel).toEqual(want.funnel);
    // Every bucket of the range is there, in order; the non-empty ones match the SQL exactly.
    expect(body.salesOverTime.map((p) => p.date)).toEqual(reportBucketDates(range, body.bucket));
    expect(body.leadsOverTime.map((p) => p.date)).toEqual(reportBucketDates(range, body.bucket));
    expect(body.salesOverTime.filter((p) => p.amount !== 0)).toEqual(want.sales);
    expect(body.leadsOverTime.filter((p) => p.count !== 0)).toEqual(want.leads);
    const byName = <T extends Record<string, unknown>>(list: T[], key: keyof T) =>
      [...list].sort((x, y) => String(x[key]).localeCompare(String(y[key])));
    expect(
      byName(
        body.purchaseOrders.filter((p) => p.count !== 0),
        "state",
      ),
    ).toEqual(byName(want.states, "state"));
    expect(
      byName(
        body.channels.filter((c) => c.count !== 0),
        "channel",
      ),
    ).toEqual(byName(want.channels, "channel"));
    expect(body.purchaseOrders).toHaveLength(8);
    expect(body.channels).toHaveLength(CHANNELS.length);
    return want;
  };

  it("reports the last 30 days by day by default, matching independent SQL", async () => {
    const body = await report();
    const [company] = await rows(s.t.db, sql`select currency from companies where id = ${s.northwind}`);
    expect(body.currency).toBe(company!.currency);
    const want = await compare(body, s.northwind, relativeRange(30), "day");
    expect(want.funnel[0]!.count).toBeGreaterThan(0);
    expect(want.sales.length).toBeGreaterThan(0);
    expect(await report("?relative_date=monthly")).toEqual(body);
  });

  it("groups a week by day, a quarter by week and a year by month", async () => {
    await compare(await report("?relative_date=weekly"), s.northwind, relativeRange(7), "day");
    const quarterStart = isoDay(new Date(Date.now() - 90 * 86_400_000));
    const today = isoDay(new Date());
    await compare(
      await report(`?q[created_at_gteq]=${quarterStart}&q[created_at_lteq]=${today}`, s.andes),
      s.andes,
      customRange(quarterStart, today),
      "week",
    );
    const yearStart = isoDay(new Date(Date.now() - 364 * 86_400_000));
    const year = await report(`?q[created_at_gteq]=${yearStart}&q[created_at_lteq]=${today}`);
    const want = await compare(year, s.northwind, customRange(yearStart, today), "month");
    // The seed's activity grows over the year, so its first month or two may hold no completed sale.
    expect(want.sales.length).toBeGreaterThanOrEqual(10);
  });

  it("counts only completed orders as sales", async () => {
    const yearStart = isoDay(new Date(Date.now() - 364 * 86_400_000));
    const body = await report(`?q[created_at_gteq]=${yearStart}&q[created_at_lteq]=${isoDay(new Date())}`);
    const completed = body.purchaseOrders.find((p) => p.state === "completed")!;
    const total = body.salesOverTime.reduce((sum, p) => sum + p.amount, 0);
    expect(total).toBeCloseTo(completed.amount, 2);
    expect(body.purchaseOrders.some((p) => p.state !== "completed" && p.count > 0)).toBe(true);
  });

  it("ignores a lone bound (the default frame applies)", async () => {
    expect(await report(`?q[created_at_gteq]=${isoDay(new Date(Date.now() - 200 * 86_400_000))}`)).toEqual(
      await report(),
    );
  });

  it.each([
    ["?relative_date=yearly", "relative_date"],
    ["?q[created_at_gteq]=2026-02-30&q[created_at_lteq]=2026-03-01", "q[created_at_gteq]"],
    ["?q[created_at_gteq]=2026-03-02&q[created_at_lteq]=2026-03-01", "q[created_at_lteq]"],
    ["?q[created_at_gteq]=yesterday&q[created_at_lteq]=2026-03-01", "q[created_at_gteq]"],
  ])("answers 400 naming the field for %s", async (query, field) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it("answers 404 when the path names another company than X-Company-ID", async () => {
    const response = await get("", s.northwind, s.andes);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "not_found", error_description: "Company not found" });
  });
});
