import { camelizeKeys, quoteDetailSchema, quotesPageSchema } from "@foreman/contract";
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

type Summary = {
  id: string;
  number: number;
  state: string;
  customer: { fullName: string; organization: string | null } | null;
  lineItems: { productName: string; quantity: number }[];
};
type Page = { quotes: Summary[]; total: number; page: number; perPage: number };

describe("GET /app/quotes.json and /app/quotes/{id}.json", () => {
  let s: SeededSales;
  beforeAll(async () => {
    s = await seededSalesApp();
  });
  afterAll(async () => {
    await s.t.close();
  });

  const get = (url: string, companyId = s.northwind) =>
    s.t.app.inject({ method: "GET", url, headers: s.headers(companyId) });
  const list = async (query = "", companyId = s.northwind) => {
    const response = await get(`/app/quotes.json${query}`, companyId);
    expect(response.statusCode, response.body).toBe(200);
    return camelizeKeys<Page>(response.json());
  };

  // Newest first, id breaking ties, straight from the table.
  const expectedIds = async (range: { start: Date; end: Date }, extra = sql``, companyId = s.northwind) =>
    (
      await rows(
        s.t.db,
        sql`select id from quotes where company_id = ${companyId}
          and created_at >= ${range.start.toISOString()}::timestamptz and created_at < ${range.end.toISOString()}::timestamptz
          ${extra} order by created_at desc, id desc`,
      )
    ).map((r) => r.id as string);

  it("lists the last 30 days (the default) newest first, 25 a page, with the total", async () => {
    const ids = await expectedIds(relativeRange(30));
    expect(ids.length).toBeGreaterThan(25);
    const body = await list();
    expect(quotesPageSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ total: ids.length, page: 1, perPage: 25 });
    expect(body.quotes.map((q) => q.id)).toEqual(ids.slice(0, 25));
    const second = await list("?page=2&per_page=10");
    expect(second.quotes.map((q) => q.id)).toEqual(ids.slice(10, 20));
  });

  it("gives each row its line items in order", async () => {
    const [first] = (await list("?per_page=1")).quotes;
    const items = await rows(
      s.t.db,
      sql`select product_name, quantity::float8 as quantity from line_items where quote_id = ${first!.id} order by position`,
    );
    expect(first!.lineItems).toEqual(items.map((i) => ({ productName: i.product_name, quantity: Number(i.quantity) })));
    expect(first!.lineItems.length).toBeGreaterThan(0);
  });

  it("gives each row its customer's name and organization, as in the customers table", async () => {
    const body = await list("?per_page=100");
    const customers = await rows(
      s.t.db,
      sql`select q.id, c.full_name, c.organization from quotes q join customers c on c.id = q.customer_id
          where q.id in (${sql.join(
            body.quotes.map((q) => sql`${q.id}::uuid`),
            sql`, `,
          )})`,
    );
    const byQuote = new Map(customers.map((c) => [c.id, { fullName: c.full_name, organization: c.organization }]));
    expect(byQuote.size).toBe(body.quotes.length);
    for (const quote of body.quotes) expect(quote.customer).toEqual(byQuote.get(quote.id));
    // The seed leaves some organizations empty: those travel as null, not as a missing field.
    expect(body.quotes.some((q) => q.customer?.organization === null)).toBe(true);
    expect(body.quotes.some((q) => typeof q.customer?.organization === "string")).toBe(true);
  });

  it("answers a null customer for a quote without one", async () => {
    const [first] = (await list("?per_page=1")).quotes;
    const [before] = await rows(s.t.db, sql`select customer_id from quotes where id = ${first!.id}`);
    await s.t.db.execute(sql`update quotes set customer_id = null where id = ${first!.id}`);
    try {
      const [row] = (await list("?per_page=1")).quotes;
      expect(row).toMatchObject({ id: first!.id, customer: null });
    } finally {
      await s.t.db.execute(sql`update quotes set customer_id = ${before!.customer_id} where id = ${first!.id}`);
    }
  });

  it("applies relative_date and the created_at range, ignoring a lone bound", async () => {
    expect((await list("?relative_date=weekly&per_page=100")).quotes.map((q) => q.id)).toEqual(
      await expectedIds(relativeRange(7)),
    );
    const gteq = isoDay(new Date(Date.now() - 100 * 86_400_000));
    const lteq = isoDay(new Date(Date.now() - 80 * 86_400_000));
    const custom = await list(`?q[created_at_gteq]=${gteq}&q[created_at_lteq]=${lteq}&per_page=100`);
    expect(custom.quotes.map((q) => q.id)).toEqual(await expectedIds(customRange(gteq, lteq)));
    expect(await list(`?q[created_at_lteq]=${lteq}`)).toEqual(await list());
  });

  it("filters by state, lead, conversation and AI employee", async () => {
    const year = customRange(isoDay(new Date(Date.now() - 400 * 86_400_000)), isoDay(new Date()));
    const range = `q[created_at_gteq]=${isoDay(year.start)}&q[created_at_lteq]=${isoDay(new Date())}&per_page=100`;
    const completed = await list(`?q[state_eq]=completed&${range}`);
    expect(completed.total).toBe((await expectedIds(year, sql`and state = 'completed'`)).length);
    for (const quote of completed.quotes) expect(quote.state).toBe("completed");

    const [sample] = await rows(
      s.t.db,
      sql`select id, lead_id, conversation_id, ai_employee_id from quotes
          where company_id = ${s.northwind} and ai_employee_id is not null order by created_at desc limit 1`,
    );
    const byLead = await list(`?q[lead_id_eq]=${sample!.lead_id}&${range}`);
    expect(byLead.quotes.map((q) => q.id)).toEqual([sample!.id]);
    const byConversation = await list(`?q[conversation_id_eq]=${sample!.conversation_id}&${range}`);
    expect(byConversation.quotes.map((q) => q.id)).toEqual([sample!.id]);
    const byEmployee = await list(`?q[ai_employee_id_eq]=${sample!.ai_employee_id}&${range}`);
    expect(byEmployee.total).toBe(
      (await expectedIds(year, sql`and ai_employee_id = ${sample!.ai_employee_id}`)).length,
    );
    expect(byEmployee.total).toBeGreaterThan(0);
  });

  it.each([
    ["?q[state_eq]=won", "q[state_eq]"],
    ["?q[lead_id_eq]=42", "q[lead_id_eq]"],
    ["?q[conversation_id_eq]=abc", "q[conversation_id_eq]"],
    ["?q[ai_employee_id_eq]=x", "q[ai_employee_id_eq]"],
    ["?relative_date=yearly", "relative_date"],
    ["?q[created_at_gteq]=2026-04-31&q[created_at_lteq]=2026-05-01", "q[created_at_gteq]"],
    ["?per_page=101", "per_page"],
    ["?page=-1", "page"],
  ])("answers 400 naming the field for %s", async (query, field) => {
    const response = await get(`/app/quotes.json${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it("shows one order with its customer, address, items, money and links, as in the tables", async () => {
    const [row] = await rows(
      s.t.db,
      sql`select q.id, q.number, q.state, q.currency, q.subtotal_cents, q.tax_cents, q.total_cents,
            c.full_name, a.city, l.stage as lead_stage, v.display_id, e.name as employee
          from quotes q join customers c on c.id = q.customer_id join delivery_addresses a on a.id = q.delivery_address_id
          join leads l on l.id = q.lead_id join conversations v on v.id = q.conversation_id
          join ai_employees e on e.id = q.ai_employee_id
          where q.company_id = ${s.andes} and q.state = 'completed' order by q.created_at desc limit 1`,
    );
    const response = await get(`/app/quotes/${row!.id}.json`, s.andes);
    expect(response.statusCode, response.body).toBe(200);
    const body = camelizeKeys<Record<string, unknown>>(response.json());
    expect(quoteDetailSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      id: row!.id,
      number: Number(row!.number),
      state: "completed",
      currency: row!.currency,
      subtotalCents: Number(row!.subtotal_cents),
      taxCents: Number(row!.tax_cents),
      totalCents: Number(row!.total_cents),
      customer: { fullName: row!.full_name },
      deliveryAddress: { city: row!.city },
      lead: { stage: row!.lead_stage },
      conversation: { chatConversationDisplayId: Number(row!.display_id) },
      aiEmployee: { name: row!.employee },
    });
    const items = body.lineItems as { totalCents: number; currency: string }[];
    expect(items.reduce((sum, i) => sum + i.totalCents, 0)).toBe(Number(row!.subtotal_cents));
    for (const item of items) expect(item.currency).toBe(row!.currency);
  });

  it("answers 404 Order {id} not found for another company's quote, a made-up id and a malformed one", async () => {
    const [andesQuote] = await rows(s.t.db, sql`select id from quotes where company_id = ${s.andes} limit 1`);
    for (const id of [andesQuote!.id as string, "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d", "1"]) {
      const response = await get(`/app/quotes/${id}.json`, s.northwind);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "not_found", error_description: `Order ${id} not found` });
    }
  });

  it("never lists another company's quotes", async () => {
    const northwind = new Set((await list("?per_page=100")).quotes.map((q) => q.id));
    const andes = await list("?per_page=100", s.andes);
    expect(andes.quotes.length).toBeGreaterThan(0);
    for (const quote of andes.quotes) expect(northwind.has(quote.id)).toBe(false);
  });
});
