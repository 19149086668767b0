import {
  CANCELLABLE_ORDER_STATES,
  camelizeKeys,
  formatLongDate,
  orderStatusLabel,
  quoteDetailSchema,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "#server/test/pdf-text.ts";
import { rows, type SeededSales, seededSalesApp } from "#server/test/sales-setup.ts";

// Cancellation and the PDF of a quote or order, on the real demo seed.
describe("POST /app/quotes/{id}/cancel.json and GET /app/quotes/{id}.pdf", () => {
  let s: SeededSales;
  beforeAll(async () => {
    s = await seededSalesApp();
  });
  afterAll(async () => {
    await s.t.close();
  });

  const cancel = (id: string, companyId = s.northwind) =>
    s.t.app.inject({ method: "POST", url: `/app/quotes/${id}/cancel.json`, headers: s.headers(companyId) });
  const pdf = (id: string, companyId = s.northwind) =>
    s.t.app.inject({ method: "GET", url: `/app/quotes/${id}.pdf`, headers: s.headers(companyId) });
  const quoteIn = async (companyId: string, states: readonly string[]) => {
    const list = sql.join(
      states.map((state) => sql`${state}`),
      sql`, `,
    );
    const [row] = await rows(
      s.t.db,
      sql`select id, state from quotes where company_id = ${companyId} and state in (${list})
          order by created_at desc limit 1`,
    );
    return row as { id: string; state: string };
  };
  const stateOf = async (id: string) =>
    (await rows(s.t.db, sql`select state from quotes where id = ${id}`))[0]!.state as string;
  const activitiesOf = (id: string) =>
    rows(
      s.t.db,
      sql`select company_id, kind, actor_type, actor_user_id, actor_name, subject_type, summary
          from activities where subject_id = ${id}`,
    );

  it("cancels an open order and answers it as GET /app/quotes/{id}.json does", async () => {
    const open = await quoteIn(s.northwind, CANCELLABLE_ORDER_STATES);
    const response = await cancel(open.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = camelizeKeys<Record<string, unknown>>(response.json());
    expect(quoteDetailSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ id: open.id, state: "cancelled" });
    expect(await stateOf(open.id)).toBe("cancelled");
    const detail = await s.t.app.inject({
      method: "GET",
      url: `/app/quotes/${open.id}.json`,
      headers: s.headers(s.northwind),
    });
    expect(detail.json()).toEqual(response.json());
    const [demo] = await rows(
      s.t.db,
      sql`select id, first_name || ' ' || last_name as name from users where email = 'demo@example.com'`,
    );
    expect(await activitiesOf(open.id)).toEqual([
      {
        company_id: s.northwind,
        kind: "quote.cancelled",
        actor_type: "user",
        actor_user_id: demo!.id,
        actor_name: demo!.name,
        subject_type: "quote",
        summary: `Cancelled quote Q-${body.number}`,
      },
    ]);
  });

  it.each([
    ["completed", "A completed order cannot be cancelled."],
    ["cancelled", "This order is already cancelled."],
  ])("answers 422 not_cancellable for a %s order and changes nothing", async (state, description) => {
    const quote = await quoteIn(s.northwind, [state]);
    const before = await rows(s.t.db, sql`select * from quotes where id = ${quote.id}`);
    const logged = await activitiesOf(quote.id);
    const response = await cancel(quote.id);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: "not_cancellable", error_description: description });
    expect(await rows(s.t.db, sql`select * from quotes where id = ${quote.id}`)).toEqual(before);
    expect(await activitiesOf(quote.id)).toEqual(logged);
  });

  it("lets only one of two simultaneous cancels win", async () => {
    const open = await quoteIn(s.andes, CANCELLABLE_ORDER_STATES);
    const answers = await Promise.all([cancel(open.id, s.andes), cancel(open.id, s.andes)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((r) => r.statusCode === 422)!.json().error_description).toBe(
      "This order is already cancelled.",
    );
    expect(await stateOf(open.id)).toBe("cancelled");
    expect(await activitiesOf(open.id)).toHaveLength(1);
  });

  it("answers 404 Order {id} not found for another company's order, a made-up id and a malformed one", async () => {
    const andesOpen = await quoteIn(s.andes, CANCELLABLE_ORDER_STATES);
    for (const id of [andesOpen.id, "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d", "1"]) {
      for (const response of [await cancel(id, s.northwind), await pdf(id, s.northwind)]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: "not_found", error_description: `Order ${id} not found` });
      }
    }
    expect(await stateOf(andesOpen.id)).toBe(andesOpen.state);
    expect(await activitiesOf(andesOpen.id)).toEqual([]);
  });

  it("renders a real PDF with the company, order, customer, address, items and totals", async () => {
    const [row] = await rows(
      s.t.db,
      sql`select q.id, q.number, q.state, q.currency, q.created_at, q.total_cents, q.subtotal_cents, q.tax_cents,
            c.full_name, c.email, a.city, co.name as company
          from quotes q join customers c on c.id = q.customer_id
          join delivery_addresses a on a.id = q.delivery_address_id join companies co on co.id = q.company_id
          where q.company_id = ${s.andes} and q.state = 'completed' order by q.created_at desc limit 1`,
    );
    const response = await pdf(row!.id as string, s.andes);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="order-${row!.number}.pdf"`);
    const body = response.rawPayload;
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const text = pdfText(body);
    // Money as people read it in the order's currency, two decimals only when there are cents.
    const money = (cents: unknown) => {
      const value = Number(cents);
      return new Intl.NumberFormat("en-US", {
        style: "currency",
        currency: row!.currency as string,
        minimumFractionDigits: value % 100 === 0 ? 0 : 2,
        maximumFractionDigits: value % 100 === 0 ? 0 : 2,
      }).format(value / 100);
    };
    for (const expected of [
      row!.company,
      row!.id,
      `Order #${row!.number}`,
      formatLongDate(row!.created_at as Date),
      orderStatusLabel("completed"),
      row!.full_name,
      row!.email,
      row!.city,
      `Subtotal`,
      money(row!.subtotal_cents),
      money(row!.tax_cents),
      money(row!.total_cents),
    ]) {
      expect(text).toContain(String(expected));
    }
    const items = await rows(s.t.db, sql`select sku, product_name from line_items where quote_id = ${row!.id}`);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(text).toContain(item.sku as string);
    }
  });
});
