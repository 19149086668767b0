import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "#server/prepare-database.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { DEMO_ORDERS_PER_COMPANY } from "./demo-data.ts";
import { ANDES_PROFILE, NORTHWIND_PROFILE } from "./sales-profiles.ts";
import { buildSalesRows } from "./seed-sales.ts";

const COMPANY = "00000000-0000-4000-8000-000000000001";

describe("the sales seed rows", () => {
  const at = (iso: string) =>
    buildSalesRows({ companyId: COMPANY, profile: ANDES_PROFILE, orders: 120, seed: 7, now: new Date(iso) });

  it("are the same for the same seed and clock day, whatever the hour", () => {
    const early = at("2026-11-21T03:00:00Z");
    const late = at("2026-11-21T22:00:00Z");
    // Only today's timestamps move with the hour: leads created before today are the same leads.
    const beforeToday = (rows: typeof early) =>
      rows.leads
        .filter((l) => (l.createdAt as Date) < new Date("2026-11-21T00:00:00Z"))
        .map(({ id, stage, source, createdAt, dealSizeCents, currency }) => ({
          id,
          stage,
          source,
          createdAt,
          dealSizeCents,
          currency,
        }));
    expect(beforeToday(late)).toEqual(beforeToday(early));
    expect(late.quotes.map((q) => q.id).sort()).toEqual(early.quotes.map((q) => q.id).sort());
    expect(late.lineItems).toEqual(early.lineItems);
    expect(at("2026-11-21T03:00:00Z")).toEqual(early);
  });

  it("span the twelve months before now, never later than now, in more than one currency", () => {
    const now = new Date("2026-11-21T10:30:00Z");
    const rows = at(now.toISOString());
    const times = [...rows.leads, ...rows.quotes].map((r) => (r.createdAt as Date).getTime());
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
    expect(Math.min(...times)).toBeGreaterThanOrEqual(Date.UTC(2025, 10, 22));
    expect(new Set(rows.quotes.map((q) => q.currency))).toEqual(new Set(["CLP", "PEN", "USD"]));
    expect(rows.quotes).toHaveLength(120);
    expect(rows.leads).toHaveLength(180);
    for (const quote of rows.quotes) {
      const items = rows.lineItems.filter((i) => i.quoteId === quote.id);
      expect(items.reduce((sum, i) => sum + i.totalCents, 0)).toBe(quote.subtotalCents);
      expect(quote.totalCents).toBe(quote.subtotalCents! + quote.taxCents!);
      if (quote.state === "completed") expect(quote.completedAt).toBeInstanceOf(Date);
    }
  });

  it("give Northwind US dollars with some Canadian", () => {
    const rows = buildSalesRows({ companyId: COMPANY, profile: NORTHWIND_PROFILE, orders: 200, seed: 1 });
    expect(new Set(rows.quotes.map((q) => q.currency))).toEqual(new Set(["USD", "CAD"]));
  });

  it("give no lead a deal worth only a few dollars, whatever its currency", () => {
    // Rough worth of one unit in US dollars: a CLP or PEN lead once came out at a few cents.
    const usdPerUnit: Record<string, number> = { USD: 1, CAD: 0.73, CLP: 0.00105, PEN: 0.27 };
    for (const profile of [NORTHWIND_PROFILE, ANDES_PROFILE]) {
      const rows = buildSalesRows({ companyId: COMPANY, profile, orders: 200, seed: 3 });
      const smallest = Math.min(...rows.leads.map((l) => (l.dealSizeCents! / 100) * usdPerUnit[l.currency!]!));
      expect(smallest).toBeGreaterThan(10);
    }
  });
});

describe("the demo seed's sales", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await prepareDatabase(t.database, { seedDemo: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it("gives both companies a year of orders and leads, with their main currency", async () => {
    const result = (await t.db.execute(sql`
      select c.name, c.currency,
        (select count(*)::int from quotes q where q.company_id = c.id) as orders,
        (select count(*)::int from leads l where l.company_id = c.id) as leads,
        (select count(distinct q.currency)::int from quotes q where q.company_id = c.id) as currencies,
        (select count(*)::int from quotes q where q.company_id = c.id and q.state = 'completed') as completed
      from companies c order by c.name`)) as unknown as { rows: Record<string, unknown>[] };
    expect(result.rows).toEqual([
      expect.objectContaining({
        name: "Andes Comercial",
        currency: "CLP",
        orders: DEMO_ORDERS_PER_COMPANY,
        currencies: 3,
      }),
      expect.objectContaining({
        name: "Northwind Supply",
        currency: "USD",
        orders: DEMO_ORDERS_PER_COMPANY,
        currencies: 2,
      }),
    ]);
    for (const row of result.rows) {
      expect(row.leads).toBe(DEMO_ORDERS_PER_COMPANY * 1.5);
      expect(row.completed as number).toBeGreaterThan(50);
    }
  });
});
