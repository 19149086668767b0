import { type ConversationDetail, camelizeKeys, conversationDetailSchema } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows, type SeededSales, seededSalesApp } from "#server/test/sales-setup.ts";

// GET /app/conversations/{id}.json on the demo workspace, checked against the seeded rows.

describe("GET /app/conversations/{id}.json", () => {
  let s: SeededSales;
  beforeAll(async () => {
    s = await seededSalesApp();
  });
  afterAll(async () => {
    await s.t.close();
  });

  const get = (id: string, companyId = s.northwind) =>
    s.t.app.inject({ method: "GET", url: `/app/conversations/${id}.json`, headers: s.headers(companyId) });

  /** A Northwind conversation picked by a condition on c (conversations), q (quotes) or u (users). */
  const pick = async (condition: ReturnType<typeof sql>) =>
    (
      await rows(
        s.t.db,
        sql`select c.id from conversations c where c.company_id = ${s.northwind} and ${condition}
          order by c.last_activity_at desc limit 1`,
      )
    )[0]!.id as string;

  it("answers the conversation with its customer, lead, quotes, AI employee and account", async () => {
    const id = await pick(sql`exists (select 1 from quotes q where q.conversation_id = c.id)`);
    const response = await get(id);
    expect(response.statusCode, response.body).toBe(200);
    const body = camelizeKeys<ConversationDetail>(response.json());
    expect(conversationDetailSchema.safeParse(body).success).toBe(true);

    const [r] = await rows(
      s.t.db,
      sql`select c.display_id, c.inbox_id, c.channel, c.status, c.handled_by, co.chat_account_id,
          cu.id as customer_id, cu.full_name, cu.organization, cu.email, cu.phone,
          l.id as lead_id, l.stage, l.need, l.deal_size_cents, l.currency as lead_currency,
          e.id as ai_employee_id, e.name as ai_employee_name
        from conversations c join companies co on co.id = c.company_id
        left join customers cu on cu.id = c.customer_id
        left join leads l on l.conversation_id = c.id
        left join ai_employees e on e.id = c.ai_employee_id
        where c.id = ${id}`,
    );
    const quotes = await rows(
      s.t.db,
      sql`select id, number, state, total_cents, currency from quotes where conversation_id = ${id}
        order by created_at desc, id desc`,
    );
    const [last] = await rows(
      s.t.db,
      sql`select content, sender_type from messages where conversation_id = ${id} order by created_at desc, id desc limit 1`,
    );
    expect(body).toMatchObject({
      id,
      displayId: Number(r!.display_id),
      inboxId: Number(r!.inbox_id),
      accountId: Number(r!.chat_account_id),
      channel: r!.channel,
      status: r!.status,
      handledBy: r!.handled_by,
      customer: {
        id: r!.customer_id,
        fullName: r!.full_name,
        organization: r!.organization,
        email: r!.email,
        phone: r!.phone,
      },
      lead: {
        id: r!.lead_id,
        stage: r!.stage,
        need: r!.need,
        dealSizeCents: Number(r!.deal_size_cents),
        currency: r!.lead_currency,
      },
      aiEmployee: { id: r!.ai_employee_id, name: r!.ai_employee_name },
      lastMessage: { content: last!.content, senderType: last!.sender_type },
      quotes: quotes.map((q) => ({
        id: q.id,
        number: Number(q.number),
        state: q.state,
        totalCents: Number(q.total_cents),
        currency: q.currency,
      })),
    });
    expect(body.quotes.length).toBeGreaterThan(0);
  });

  it("names the staff member who took the conversation over, and when", async () => {
    const id = await pick(sql`c.handled_by = 'staff'`);
    const body = camelizeKeys<ConversationDetail>((await get(id)).json());
    const [r] = await rows(
      s.t.db,
      sql`select u.id, u.first_name || ' ' || u.last_name as name,
          (extract(epoch from c.taken_over_at) * 1000)::float8 as at
        from conversations c join users u on u.id = c.taken_over_by_user_id where c.id = ${id}`,
    );
    expect(body.handledBy).toBe("staff");
    expect(body.takenOverBy).toEqual({ id: r!.id, name: r!.name });
    expect(new Date(body.takenOverAt!).getTime()).toBe(Number(r!.at));
  });

  it("answers no one for a conversation the AI employee still handles", async () => {
    const id = await pick(sql`c.handled_by = 'ai'`);
    const body = camelizeKeys<ConversationDetail>((await get(id)).json());
    expect(body).toMatchObject({ handledBy: "ai", takenOverBy: null, takenOverAt: null });
  });

  it.each([
    [
      "another company's conversation",
      async () =>
        (await rows(s.t.db, sql`select id from conversations where company_id = ${s.andes} limit 1`))[0]!.id as string,
    ],
    ["an unknown id", async () => "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d"],
    ["a malformed id", async () => "not-a-uuid"],
    ["a display id", async () => "12"],
  ])("answers 404 for %s", async (_, id) => {
    const response = await get(await id());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "not_found", error_description: "Conversation not found" });
  });
});
