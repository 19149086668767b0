import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentWorld, agentWorld, inbound } from "#server/test/agents-setup.ts";
import { expectedSignature, type WebhookReceiver, webhookReceiver } from "#server/test/webhook-receiver.ts";

// Replies reach the channel's webhook signed and retried; the playground runs the production pipeline
// in a test conversation that no list or metric counts.

describe("webhook deliveries", () => {
  let w: AgentWorld;
  let receiver: WebhookReceiver;
  let failNext = 1;
  beforeAll(async () => {
    receiver = await webhookReceiver(() => (failNext-- > 0 ? 500 : 204));
    // The receiver lives on loopback: only a server that allows private webhooks may call it.
    w = await agentWorld({ webhookUrl: receiver.url, env: { ALLOW_PRIVATE_WEBHOOKS: "true" } });
  });
  afterAll(async () => {
    await w.t.close();
    await receiver.close();
  });

  it("posts the reply to the webhook signed with the channel's secret, retrying after a failure", async () => {
    const sent = await w.send(w.a.channel.token, inbound("hello there"));
    await w.settle();
    // The first attempt got a 500: the job waits a second and posts again.
    const deadline = Date.now() + 10_000;
    const { deliveries } = receiver;
    while (deliveries.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(deliveries).toHaveLength(2);
    const delivery = deliveries[1]!;
    expect(delivery.headers["x-foreman-signature"]).toBe(expectedSignature("Acme-webhook-secret", delivery));
    const event = JSON.parse(delivery.body);
    expect(event).toMatchObject({
      event: "message.created",
      channel_id: w.a.channel.id,
      conversation_id: sent.json().conversation_id,
      message: { role: "ai", reply_to: sent.json().message_id },
    });
    // The job settles just after the receiver's answer.
    await expect
      .poll(async () => (await w.rows(sql`select state, attempts from jobs where kind = 'webhook_delivery'`))[0])
      .toEqual({ state: "done", attempts: 2 });
  });
});

describe("the playground", () => {
  let w: AgentWorld;
  beforeAll(async () => {
    w = await agentWorld();
  });
  afterAll(async () => {
    await w.t.close();
  });
  const play = (body: Record<string, unknown>, employeeId = w.a.employee.id, headers = w.a.headers) =>
    w.t.app.inject({ method: "POST", url: `/app/ai_employees/${employeeId}/playground.json`, headers, payload: body });

  it("answers with the reply and its trace, in a test session that goes on", async () => {
    const first = await play({ content: "How much is a pallet jack?" });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.reply.content).toContain("$449");
    expect(body.run.outcome).toBe("replied");
    expect(body.run.steps[0]).toMatchObject({ kind: "tools" });
    expect(body.run.steps[1]).toMatchObject({ kind: "tool_call", tool: "find_products", ok: true });
    const second = await play({ content: "I want a quote for 2 pallet jacks", session_id: body.session_id });
    expect(second.json().session_id).toBe(body.session_id);
    expect(second.json().reply.content).toContain("$898");
    const [conversation] = await w.rows(
      sql`select is_test, customer_id from conversations where id = ${body.session_id}`,
    );
    expect(conversation).toEqual({ is_test: true, customer_id: null });
    const [quote] = await w.rows(sql`select is_test from quotes where conversation_id = ${body.session_id}`);
    expect(quote).toEqual({ is_test: true });
    expect(await w.rows(sql`select id from leads where conversation_id = ${body.session_id}`)).toEqual([]);
  });

  it("shows a discount request waiting for staff, with the action item in the trace", async () => {
    const session = (await play({ content: "Quote me 10 wooden pallets" })).json().session_id;
    const asked = (await play({ content: "I want 30% off", session_id: session })).json();
    expect(asked.run.outcome).toBe("waiting");
    const wait = asked.run.steps.find((step: { kind: string }) => step.kind === "wait");
    expect(wait).toMatchObject({ action_type: "authorize", title: expect.stringContaining("30% discount") });
    const [task] = await w.rows(sql`select tags from tasks where id = ${wait.action_item_id}`);
    expect(task).toEqual({ tags: ["discount", "playground"] });
  });

  it("leaves test conversations out of the inbox and the employee's figures", async () => {
    await play({ content: "hello" });
    const list = await w.t.app.inject({ url: "/app/conversations.json", headers: w.a.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().conversations).toEqual([]);
    const outcomes = await w.t.app.inject({
      url: `/app/ai_employees/${w.a.employee.id}/outcomes.json`,
      headers: w.a.headers,
    });
    expect(outcomes.statusCode, outcomes.body).toBe(200);
    const { present } = outcomes.json() as { present: Record<string, number> };
    expect(present).toMatchObject({ conversations: 0, ai_replies: 0, quotes: 0, handoffs: 0 });
  });

  it("refuses another company's employee, a foreign session and bad content", async () => {
    expect((await play({ content: "hi" }, w.b.employee.id)).statusCode).toBe(404);
    const foreign = (await play({ content: "hi" }, w.b.employee.id, w.b.headers)).json().session_id;
    expect((await play({ content: "hi", session_id: foreign })).statusCode).toBe(404);
    const empty = await play({ content: "  " });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain("content");
  });
});
