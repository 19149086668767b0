import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentWorld, agentWorld, inbound } from "#server/test/agents-setup.ts";

// The pipeline end to end through the real HTTP layer and database: a customer message through the
// channel API, the job, the built-in engine with its tools, the stored reply.

describe("the agent pipeline on the built-in engine", () => {
  let w: AgentWorld;
  beforeAll(async () => {
    w = await agentWorld();
  });
  afterAll(async () => {
    await w.t.close();
  });

  const messagesOf = (conversationId: string) =>
    w.rows<{ id: string; sender_type: string; content: string; reply_to_message_id: string | null }>(
      sql`select id, sender_type, content, reply_to_message_id from messages where conversation_id = ${conversationId} order by created_at, id`,
    );

  it("answers a message sent through the channel API exactly once, from the catalog", async () => {
    const response = await w.send(w.a.channel.token, inbound("How much is a wooden pallet?"));
    expect(response.statusCode, response.body).toBe(202);
    const accepted = response.json() as { conversation_id: string; message_id: string; duplicate: boolean };
    expect(accepted.duplicate).toBe(false);
    await w.settle();
    const stored = await messagesOf(accepted.conversation_id);
    expect(stored.map((m) => m.sender_type)).toEqual(["customer", "ai"]);
    expect(stored[1]!.reply_to_message_id).toBe(accepted.message_id);
    expect(stored[1]!.content).toContain("Wooden pallet");
    expect(stored[1]!.content).toContain("$18");
    const [run] = await w.rows<{ outcome: string; provider: string; steps: { kind: string; tool?: string }[] }>(
      sql`select outcome, provider, steps from agent_runs where inbound_message_id = ${accepted.message_id}`,
    );
    expect(run).toMatchObject({ outcome: "replied", provider: "builtin" });
    // The run starts with what it could use (its skills' tools), then the one tool it called.
    expect(run!.steps[0]).toMatchObject({
      kind: "tools",
      skills: ["Human handoff", "Order tracking", "Product catalog", "Quoting", "Ticketing"],
    });
    expect(run!.steps.slice(1).map((s) => s.tool)).toEqual(["find_products"]);
  });

  it("lists the conversation's messages to the channel that owns it, and only to it", async () => {
    const accepted = (await w.send(w.a.channel.token, inbound("hello"))).json() as { conversation_id: string };
    await w.settle();
    const url = `/api/v1/conversations/${accepted.conversation_id}/messages`;
    const own = await w.t.app.inject({ url, headers: { authorization: `Bearer ${w.a.channel.token}` } });
    expect(own.statusCode).toBe(200);
    const listed = (own.json() as { messages: { role: string; reply_to: string | null }[] }).messages;
    expect(listed.at(-1)).toMatchObject({ role: "ai" });
    const other = await w.t.app.inject({ url, headers: { authorization: `Bearer ${w.b.channel.token}` } });
    expect(other.statusCode).toBe(404);
  });

  it("keeps one conversation per channel and customer until it is resolved", async () => {
    const first = (await w.send(w.a.channel.token, inbound("hi", { externalId: "cust-keep" }))).json();
    const second = (await w.send(w.a.channel.token, inbound("do you sell boxes?", { externalId: "cust-keep" }))).json();
    expect(second.conversation_id).toBe(first.conversation_id);
    await w.t.db.execute(sql`update conversations set status = 'resolved' where id = ${first.conversation_id}`);
    const third = (await w.send(w.a.channel.token, inbound("me again", { externalId: "cust-keep" }))).json();
    expect(third.conversation_id).not.toBe(first.conversation_id);
    const [customers] = await w.rows<{ n: number }>(
      sql`select count(distinct customer_id)::int as n from conversations where api_channel_id = ${w.a.channel.id} and id in (${first.conversation_id}, ${third.conversation_id})`,
    );
    expect(customers!.n).toBe(1);
    await w.settle();
  });

  it("stores and answers a message delivered twice only once, even when the deliveries race", async () => {
    const body = inbound("Do you have pallets?");
    const [one, two] = await Promise.all([w.send(w.a.channel.token, body), w.send(w.a.channel.token, body)]);
    expect([one.statusCode, two.statusCode]).toEqual([202, 202]);
    expect([one.json().duplicate, two.json().duplicate].sort()).toEqual([false, true]);
    expect(two.json().message_id).toBe(one.json().message_id);
    const again = await w.send(w.a.channel.token, body);
    expect(again.json()).toMatchObject({ duplicate: true, message_id: one.json().message_id });
    await w.settle();
    const [counts] = await w.rows<{ inbound: number; replies: number }>(
      sql`select count(*) filter (where external_id = ${body.message_id})::int as inbound,
                 count(*) filter (where reply_to_message_id = ${one.json().message_id})::int as replies
          from messages`,
    );
    expect(counts).toEqual({ inbound: 1, replies: 1 });
  });

  it("refuses a missing, unknown or revoked token with 401 and writes nothing", async () => {
    const before = await w.rows<{ n: number }>(sql`select count(*)::int as n from messages`);
    const body = JSON.stringify(inbound("hello"));
    const noToken = await w.t.app.inject({
      method: "POST",
      url: "/api/v1/messages",
      payload: body,
      headers: { "content-type": "application/json" },
    });
    expect(noToken.statusCode).toBe(401);
    expect((await w.send("fch_not-a-real-token", inbound("hello"))).statusCode).toBe(401);
    const staffToken = w.a.headers.authorization!.replace(/^Bearer /, "");
    expect((await w.send(staffToken, inbound("hello"))).statusCode).toBe(401);
    await w.t.db.execute(sql`update api_channels set revoked_at = now() where id = ${w.b.channel.id}`);
    expect((await w.send(w.b.channel.token, inbound("hello"))).statusCode).toBe(401);
    await w.t.db.execute(sql`update api_channels set revoked_at = null where id = ${w.b.channel.id}`);
    expect(await w.rows(sql`select count(*)::int as n from messages`)).toEqual(before);
  });

  it("answers bad bodies 400 naming the field, with nothing written", async () => {
    const before = await w.rows(
      sql`select (select count(*) from messages)::int as m, (select count(*) from customers)::int as c, (select count(*) from jobs)::int as j`,
    );
    const good = inbound("hello");
    const cases: [unknown, string][] = [
      [{ ...good, message_id: "" }, "message_id"],
      [{ ...good, content: "   " }, "content"],
      [{ ...good, content: 42 }, "content"],
      [{ ...good, customer: undefined }, "customer"],
      [{ ...good, customer: { name: "No id" } }, "customer.external_id"],
      [{ ...good, customer: { ...good.customer, email: "not an email" } }, "customer.email"],
      [{ ...good, content: "x".repeat(20_000) }, "content"],
    ];
    for (const [body, field] of cases) {
      const response = await w.send(w.a.channel.token, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(JSON.stringify(response.json().details ?? response.json())).toContain(field.split(".").at(-1));
    }
    const malformed = await w.t.app.inject({
      method: "POST",
      url: "/api/v1/messages",
      headers: { authorization: `Bearer ${w.a.channel.token}`, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(
      await w.rows(
        sql`select (select count(*) from messages)::int as m, (select count(*) from customers)::int as c, (select count(*) from jobs)::int as j`,
      ),
    ).toEqual(before);
  });

  it("counts the runtime's replies in the employee's outcome figures", async () => {
    const outcomes = await w.t.app.inject({
      url: `/app/ai_employees/${w.a.employee.id}/outcomes.json`,
      headers: w.a.headers,
    });
    expect(outcomes.statusCode, outcomes.body).toBe(200);
    const [stored] = await w.rows<{ n: number }>(
      sql`select count(*)::int as n from agent_runs where ai_employee_id = ${w.a.employee.id} and reply_message_id is not null`,
    );
    expect(stored!.n).toBeGreaterThanOrEqual(4);
    expect(outcomes.json().present).toMatchObject({ ai_replies: stored!.n, handoffs: 0 });
  });
});
