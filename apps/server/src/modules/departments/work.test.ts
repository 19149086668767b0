import {
  camelizeKeys,
  DEPARTMENT_WORK_LIMIT,
  type DepartmentWork,
  departmentWorkSchema,
  lapsedCustomersPageSchema,
  RETENTION_LAPSED_DAYS,
  unpaidOrdersPageSchema,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows, type SeededSales, seededSalesApp } from "#server/test/sales-setup.ts";

// The department screens' work lists over the real demo seed, checked against plain SQL.

describe("department work", () => {
  let s: SeededSales;
  let salesId: string;
  beforeAll(async () => {
    s = await seededSalesApp();
    const [sales] = await rows(
      s.t.db,
      sql`select id from ai_departments where company_id = ${s.northwind} and name = 'Sales'`,
    );
    salesId = String(sales!.id);
  });
  afterAll(async () => {
    await s.t.close();
  });

  const get = (url: string, companyId = s.northwind) =>
    s.t.app.inject({ method: "GET", url, headers: s.headers(companyId) });

  it("lists a department's open leads, quotes, conversations and action items, newest first, with totals", async () => {
    const response = await get(`/app/ai_departments/${salesId}/work.json`);
    expect(response.statusCode, response.body).toBe(200);
    const work = departmentWorkSchema.parse(camelizeKeys<DepartmentWork>(response.json()));
    const ofSales = (table: string, open: string) =>
      rows(
        s.t.db,
        sql.raw(`select count(*)::int as n from ${table} r join ai_employees e on e.id = r.ai_employee_id
          where r.company_id = '${s.northwind}' and e.department_id = '${salesId}' and ${open}`),
      );
    const countOf = async (table: string, open: string) => Number((await ofSales(table, open))[0]!.n);
    const expected = {
      leads: await countOf("leads", "r.stage not in ('won', 'lost')"),
      openQuotes: await countOf("quotes", "r.state in ('draft', 'draft_sent', 'sent', 'started')"),
      conversations: await countOf("conversations", "r.status <> 'resolved'"),
      actionItems: await countOf("tasks", "r.state = 'to_do'"),
    };
    for (const key of ["leads", "openQuotes", "conversations", "actionItems"] as const) {
      expect(work[key].total, key).toBe(expected[key]);
      expect(work[key].items.length, key).toBe(Math.min(DEPARTMENT_WORK_LIMIT, expected[key]));
    }
    expect(work.leads.total).toBeGreaterThan(0);
    expect(work.leads.items.every((lead) => !["won", "lost"].includes(lead.stage))).toBe(true);
    const created = work.leads.items.map((lead) => lead.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it("answers 404 for another company's department or a malformed id", async () => {
    const [andes] = await rows(s.t.db, sql`select id from ai_departments where company_id = ${s.andes} limit 1`);
    expect((await get(`/app/ai_departments/${andes!.id}/work.json`)).statusCode).toBe(404);
    expect((await get("/app/ai_departments/nope/work.json")).statusCode).toBe(404);
  });

  it("lists collections' unpaid orders oldest first, with their age and the outstanding sum", async () => {
    const response = await get("/app/collections/orders.json?per_page=5");
    expect(response.statusCode, response.body).toBe(200);
    const page = unpaidOrdersPageSchema.parse(camelizeKeys(response.json()));
    const [expected] = await rows(
      s.t.db,
      sql`select count(*)::int as n, coalesce(sum(total_cents) filter (where currency = 'USD'), 0)::float8 as cents
          from quotes where company_id = ${s.northwind} and state in ('confirmed', 'pending')`,
    );
    expect(page.total).toBe(expected!.n);
    expect(page.outstandingCents).toBe(Number(expected!.cents));
    expect(page.orders).toHaveLength(Math.min(5, page.total));
    expect(page.orders.every((o) => o.state === "confirmed" || o.state === "pending")).toBe(true);
    const ages = page.orders.map((o) => o.ageDays);
    expect(ages).toEqual([...ages].sort((a, b) => b - a));
    const second = unpaidOrdersPageSchema.parse(
      camelizeKeys((await get("/app/collections/orders.json?per_page=5&page=2")).json()),
    );
    const firstIds = new Set(page.orders.map((o) => o.id));
    expect(second.orders.some((o) => firstIds.has(o.id))).toBe(false);
  });

  it("lists retention's lapsed customers, most valuable first, none with a recent order", async () => {
    const response = await get("/app/retention/customers.json?per_page=100");
    expect(response.statusCode, response.body).toBe(200);
    const page = lapsedCustomersPageSchema.parse(camelizeKeys(response.json()));
    expect(page.total).toBeGreaterThan(0);
    expect(page.customers.every((c) => c.daysSinceLastOrder >= RETENTION_LAPSED_DAYS)).toBe(true);
    const values = page.customers.map((c) => c.lifetimeValueCents);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const [expected] = await rows(
      s.t.db,
      sql`select count(*)::int as n from (
            select customer_id from quotes
            where company_id = ${s.northwind} and customer_id is not null and state in ('confirmed', 'pending', 'completed')
            group by customer_id having max(created_at) < now() - make_interval(days => ${RETENTION_LAPSED_DAYS})
          ) lapsed`,
    );
    expect(page.total).toBe(expected!.n);
  });
});
