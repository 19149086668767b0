import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentWorld, agentWorld, inbound } from "#server/test/agents-setup.ts";
import { expectedSignature, type WebhookReceiver, webhookReceiver } from "#server/test/webhook-receiver.ts";
import { type WhatsappWorld, whatsappWorld } from "#server/test/whatsapp-setup.ts";

// One way out: a staff member's reply leaves through the conversation's channel exactly as an AI
// employee's does (dispatch.ts), so a customer on the channel hears the human who took over.

describe("a staff reply in a channel API conversation", () => {
  let w: AgentWorld;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await webhookReceiver();
    w = await agentWorld({ webhookUrl: receiver.url, env: { ALLOW_PRIVATE_WEBHOOKS: "true" } });
  });
  afterAll(async () => {
    await w.t.close();
    await receiver.close();
  });

  const staffDeliveries = () =>
    receiver.deliveries.filter((delivery) => JSON.parse(delivery.body).message.role === "staff");

  it("reaches the channel's webhook signed, once", async () => {
    const sent = await w.send(w.a.channel.token, inbound("Can a person help me?"));
    expect(sent.statusCode).toBe(202);
    const conversationId = sent.json().conversation_id as string;
    await w.settle();

    const reply = await w.t.app.inject({
      method: "POST",
      url: `/app/conversations/${conversationId}/messages.json`,
      headers: w.a.headers,
      payload: { content: "Hi Grace, this is Ana from the team: I can help." },
    });
    expect(reply.statusCode).toBe(201);
    await w.settle();
    await expect.poll(() => staffDeliveries().length, { timeout: 10_000 }).toBe(1);

    const delivery = staffDeliveries()[0]!;
    expect(delivery.headers["x-foreman-signature"]).toBe(expectedSignature("Acme-webhook-secret", delivery));
    expect(JSON.parse(delivery.body)).toMatchObject({
      event: "message.created",
      channel_id: w.a.channel.id,
      conversation_id: conversationId,
      message: { id: reply.json().id, role: "staff", content: "Hi Grace, this is Ana from the team: I can help." },
    });
    // Settling again sends nothing more: one job per message, done.
    await w.settle();
    expect(staffDeliveries()).toHaveLength(1);
  });
});

describe("a staff reply in a WhatsApp conversation", () => {
  let w: WhatsappWorld;
  const CUSTOMER = "5491133334444";
  beforeAll(async () => {
    w = await whatsappWorld();
    expect((await w.onboard(w.a, {}, { ai_employee_id: w.a.employee.id })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await w?.close();
  });

  it("goes to the customer through the Graph API, once", async () => {
    const wamid = "wamid.in.staff-reply";
    const received = await w.webhook(w.fake.inboundMessage({ id: wamid, from: CUSTOMER, name: "Marta", text: "Hola" }));
    expect(received.json()).toMatchObject({ stored: 1 });
    await w.settle();
    const [row] = await w.rows<{ conversation_id: string }>(
      sql`select conversation_id from messages where whatsapp_message_id = ${wamid}`,
    );
    w.fake.reset();

    const reply = await w.t.app.inject({
      method: "POST",
      url: `/app/conversations/${row!.conversation_id}/messages.json`,
      headers: w.a.headers,
      payload: { content: "Hola Marta, soy Ana del equipo." },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ sender_type: "staff", delivery: { status: "pending" } });
    await w.settle();
    await w.settle();
    expect(w.fake.sent).toEqual([
      expect.objectContaining({ to: CUSTOMER, type: "text", text: "Hola Marta, soy Ana del equipo." }),
    ]);
  });
});
