import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type WhatsappWorld, whatsappWorld } from "#server/test/whatsapp-setup.ts";
import { postAiMessage } from "../conversations/outgoing-messages.ts";

// A customer's WhatsApp message through the whole pipeline (webhook → the number's AI employee → the
// reply sent through the fake Graph API), the 24-hour rule for AI and staff replies, templates sent into
// a conversation, and Meta's refusals and failures. Runs on PGlite and, with DATABASE_URL, PostgreSQL.

let w: WhatsappWorld;
const CUSTOMER = "5491122223333";

beforeAll(async () => {
  w = await whatsappWorld();
  expect((await w.onboard(w.a, {}, { ai_employee_id: w.a.employee.id })).statusCode).toBe(200);
});
afterAll(async () => {
  await w?.close();
});
beforeEach(() => {
  w.fake.reset();
});

async function customerSays(text: string, id = `wamid.in.${Math.random().toString(36).slice(2)}`) {
  const response = await w.webhook(w.fake.inboundMessage({ id, from: CUSTOMER, name: "Marta Gómez", text }));
  expect(response.json()).toMatchObject({ stored: 1 });
  await w.settle();
  const [row] = await w.rows<{ conversation_id: string }>(
    sql`select conversation_id from messages where whatsapp_message_id = ${id}`,
  );
  return row!.conversation_id;
}

const outgoing = (conversationId: string) =>
  w.rows<{
    sender_type: string;
    content: string;
    delivery_status: string | null;
    delivery_error_code: number | null;
    whatsapp_message_id: string | null;
  }>(sql`select sender_type, content, delivery_status, delivery_error_code, whatsapp_message_id from messages
         where conversation_id = ${conversationId} and sender_type <> 'customer' order by created_at, id`);

describe("a customer's WhatsApp message", () => {
  it("reaches the number's AI employee, whose reply is sent back through WhatsApp", async () => {
    const conversationId = await customerSays("How much is the wooden pallet?");
    const [reply] = await outgoing(conversationId);
    expect(reply).toMatchObject({ sender_type: "ai", delivery_status: "sent" });
    expect(reply!.content).toContain("$18");
    expect(w.fake.sent).toEqual([
      expect.objectContaining({ to: CUSTOMER, type: "text", text: reply!.content, wamid: reply!.whatsapp_message_id }),
    ]);
    // Meta then reports it delivered and read.
    for (const status of ["delivered", "read"] as const)
      await w.webhook(w.fake.statusUpdate({ wamid: reply!.whatsapp_message_id!, status, recipient: CUSTOMER }));
    expect((await outgoing(conversationId))[0]!.delivery_status).toBe("read");
    // The conversation page shows the open window and the customer's number.
    const detail = await w.t.app.inject({
      method: "GET",
      url: `/app/conversations/${conversationId}.json`,
      headers: w.a.headers,
    });
    expect(detail.json().whatsapp).toMatchObject({ window_open: true, phone_number: `+${CUSTOMER}` });
  });

  it("retries a reply while Meta fails, and fails it with Meta's reason when refused", async () => {
    w.fake.failNext("send", { status: 500, code: 2, message: "Service temporarily unavailable" });
    const conversationId = await customerSays("Do you have boxes?");
    expect((await outgoing(conversationId)).at(-1)!.delivery_status).toBe("pending");
    // The retry falls due a second later: waited for, not slept through.
    await expect.poll(async () => (await outgoing(conversationId)).at(-1)!.delivery_status).toBe("sent");

    w.fake.failNext("send", { code: 131026, message: "Message undeliverable" });
    await customerSays("And pallet jacks?");
    const last = (await outgoing(conversationId)).at(-1)!;
    expect(last).toMatchObject({ delivery_status: "failed", delivery_error_code: 131026 });
  });
});

/** The fake's copy of the follow_up template (reset() clears the fake's templates before each test). */
const seedFollowUpAtMeta = () =>
  w.fake.seedTemplates(w.fake.businesses[0]!.wabaId, [
    {
      id: "777",
      name: "follow_up",
      components: [{ type: "BODY", text: "Hi {{1}}, about your question: {{2}}. Reply to continue." }],
    },
  ]);

describe("the 24-hour window", () => {
  let conversationId: string;
  beforeAll(async () => {
    conversationId = await customerSays("Hello, anyone there?");
    // The customer's last message is now 25 hours old.
    await w.t.db.execute(sql`update messages set created_at = date_trunc('milliseconds', now() - interval '25 hours')
      where conversation_id = ${conversationId} and sender_type = 'customer'`);
  });

  it("keeps an AI reply from going out as free text, without calling Meta", async () => {
    await w.t.app.jobs.prepare();
    await w.t.db.transaction((tx) =>
      postAiMessage(tx, w.t.app.outbound, {
        companyId: w.a.companyId,
        conversationId,
        aiEmployeeId: w.a.employee.id,
        content: "Your discount was approved.",
        status: "pending",
      }),
    );
    w.t.app.jobs.wake();
    await w.settle();
    expect((await outgoing(conversationId)).at(-1)).toMatchObject({
      content: "Your discount was approved.",
      delivery_status: "failed",
      delivery_error_code: 131047,
    });
    expect(w.fake.callsOf("send")).toHaveLength(0);
  });

  it("refuses a staff text reply with nothing stored, and says so on the conversation", async () => {
    const before = (await outgoing(conversationId)).length;
    const reply = await w.t.app.inject({
      method: "POST",
      url: `/app/conversations/${conversationId}/messages.json`,
      headers: w.a.headers,
      payload: { content: "Hi Marta!" },
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error).toBe("whatsapp_window_closed");
    expect(await outgoing(conversationId)).toHaveLength(before);
    const detail = await w.t.app.inject({
      method: "GET",
      url: `/app/conversations/${conversationId}.json`,
      headers: w.a.headers,
    });
    expect(detail.json().whatsapp.window_open).toBe(false);
  });

  it("sends an approved template, its variables filled from the customer and what staff typed", async () => {
    const [template] = await w.rows<{ id: string }>(sql`
      insert into whatsapp_templates (company_id, meta_template_id, name, language, category, status, body, variables)
      values (${w.a.companyId}, '777', 'follow_up', 'en_US', 'utility', 'active',
              'Hi {{1}}, about your question: {{2}}. Reply to continue.',
              ${JSON.stringify([
                { source: "customer_first_name", example: "Ana" },
                { source: "text", example: "it is in stock" },
              ])}::jsonb)
      returning id`);
    seedFollowUpAtMeta();
    const send = (values: (string | null)[]) =>
      w.t.app.inject({
        method: "POST",
        url: `/app/conversations/${conversationId}/whatsapp_template.json`,
        headers: w.a.headers,
        payload: { template_id: template!.id, values },
      });
    const missing = await send([]);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().details).toEqual([{ field: "values.1", message: "{{2}} is required" }]);
    const sent = await send([null, "the pallets are back in stock"]);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().message).toMatchObject({
      content: "Hi Marta, about your question: the pallets are back in stock. Reply to continue.",
      template_name: "follow_up",
      delivery: { status: "pending" },
    });
    await w.settle();
    expect(w.fake.sent.at(-1)).toMatchObject({
      type: "template",
      to: CUSTOMER,
      template: { name: "follow_up", language: "en_US", parameters: ["Marta", "the pallets are back in stock"] },
    });
    expect((await outgoing(conversationId)).at(-1)!.delivery_status).toBe("sent");
  });

  it("sends an AI reply inside the follow-up template once the window has closed", async () => {
    seedFollowUpAtMeta();
    await w.t.app.jobs.prepare();
    await w.t.db.transaction((tx) =>
      postAiMessage(tx, w.t.app.outbound, {
        companyId: w.a.companyId,
        conversationId,
        aiEmployeeId: w.a.employee.id,
        content: "Your 15% discount was approved",
        status: "pending",
      }),
    );
    w.t.app.jobs.wake();
    await w.settle();
    expect(w.fake.sent.at(-1)).toMatchObject({
      type: "template",
      template: { name: "follow_up", parameters: ["Marta", "Your 15% discount was approved"] },
    });
    const [last] = await w.rows<{ delivery_status: string; template: string }>(sql`
      select delivery_status, whatsapp->'template'->>'name' as template from messages
      where conversation_id = ${conversationId} order by created_at desc, id desc limit 1`);
    expect(last).toEqual({ delivery_status: "sent", template: "follow_up" });
  });

  it("shows a closed window reported by Meta itself as 131047", async () => {
    await w.t.db.execute(sql`update messages set created_at = date_trunc('milliseconds', now())
      where conversation_id = ${conversationId} and sender_type = 'customer'`);
    w.fake.failNext("send", {
      code: 131047,
      message: "Re-engagement message",
      userMessage: "More than 24 hours have passed since the recipient last replied to the sender number.",
    });
    const reply = await w.t.app.inject({
      method: "POST",
      url: `/app/conversations/${conversationId}/messages.json`,
      headers: w.a.headers,
      payload: { content: "Following up on your order" },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().delivery).toEqual({ status: "pending", error_code: null, error: null });
    await w.settle();
    expect((await outgoing(conversationId)).at(-1)).toMatchObject({
      delivery_status: "failed",
      delivery_error_code: 131047,
    });
  });
});
