import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentWorld, agentWorld, inbound } from "#server/test/agents-setup.ts";

// An approval is bound to what was approved. Staff authorize "Confirm order Q-… for $1,347";
// whatever happened to the quote since (the customer asked for ten times as much, staff cancelled it)
// must not ride on that approval.

type TaskRow = { id: string; title: string; request: Record<string, unknown> };

describe("approvals are bound to the quote they approve", () => {
  let w: AgentWorld;
  beforeAll(async () => {
    w = await agentWorld();
  });
  afterAll(async () => {
    await w.t.close();
  });

  const resolve = (taskId: string, body: Record<string, unknown>) => w.resolve(taskId, body);
  const aiMessages = (conversationId: string) => w.aiMessages(conversationId);

  const quotesOf = (conversationId: string) =>
    w.rows<{ id: string; number: number; state: string; total_cents: number }>(
      sql`select id, number, state, total_cents from quotes where conversation_id = ${conversationId} order by created_at`,
    );

  /** A customer who wants 3 pallet jacks ($1,347, above the employee's $1,000): an order authorization waits. */
  async function pendingOrderAuthorization(externalId: string) {
    const sent = await w.send(w.a.channel.token, inbound("I want to buy 3 units of pallet jack", { externalId }));
    await w.settle();
    const conversationId = sent.json().conversation_id as string;
    const [task] = await w.rows<TaskRow>(
      sql`select id, title, request from tasks where conversation_id = ${conversationId} and action_type = 'authorize'`,
    );
    const [quote] = await quotesOf(conversationId);
    expect(quote).toMatchObject({ state: "draft", total_cents: 134_700 });
    expect(task!.title).toBe(`Confirm order Q-${quote!.number} for $1,347.00`);
    return { conversationId, task: task!, quote: quote! };
  }

  it("records what was approved: the quote, its version, total, currency and discount", async () => {
    const { task, quote } = await pendingOrderAuthorization("records-approval");
    const [row] = await w.rows<{ version: number }>(sql`select version from quotes where id = ${quote.id}`);
    expect(task.request).toEqual({
      kind: "order_total",
      quoteId: quote.id,
      totalCents: 134_700,
      quote: { version: row!.version, totalCents: 134_700, currency: "USD", discountPercent: 0 },
    });
  });

  it("never confirms a quote the customer grew while it waited: the quote is frozen to the AI", async () => {
    const { conversationId, task, quote } = await pendingOrderAuthorization("grows-the-quote");
    // The attack: ask the AI for ten times as much while staff look at the $1,347 request.
    await w.send(
      w.a.channel.token,
      inbound("I want to buy 30 units of pallet jack", { externalId: "grows-the-quote" }),
    );
    await w.settle();
    expect(await quotesOf(conversationId)).toEqual([{ ...quote, state: "draft", total_cents: 134_700 }]);
    const [run] = await w.rows<{ steps: { kind: string; tool?: string; ok?: boolean; result?: { error?: string } }[] }>(
      sql`select steps from agent_runs where conversation_id = ${conversationId} order by started_at desc limit 1`,
    );
    const refused = run!.steps.find((step) => step.kind === "tool_call" && step.tool === "upsert_quote");
    expect(refused).toMatchObject({ ok: false });
    expect(refused!.result!.error).toContain("waiting for staff");
    expect((await aiMessages(conversationId)).at(-1)).toContain("waiting");

    const response = await resolve(task.id, { decision: "authorized" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ decision: "authorized", outcome: "applied", outcome_reason: null });
    // What staff approved, and nothing more, is the order.
    expect(await quotesOf(conversationId)).toEqual([{ ...quote, state: "confirmed", total_cents: 134_700 }]);
    expect(await w.rows(sql`select id from quotes where total_cents = 1347000`)).toEqual([]);
  });

  it("a stale approval on a cancelled quote confirms nothing and resolves as changed since it was raised", async () => {
    const { conversationId, task, quote } = await pendingOrderAuthorization("cancelled-meanwhile");
    const cancelled = await w.t.app.inject({
      method: "POST",
      url: `/app/quotes/${quote.id}/cancel.json`,
      headers: w.a.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const before = await aiMessages(conversationId);

    const response = await resolve(task.id, { decision: "authorized" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      state: "done",
      decision: "authorized",
      outcome: "changed_since_raised",
      outcome_reason: `Q-${quote.number} changed after this was raised (it was cancelled); nothing was confirmed.`,
    });
    expect(await quotesOf(conversationId)).toEqual([{ ...quote, state: "cancelled" }]);
    const told = (await aiMessages(conversationId)).slice(before.length);
    expect(told).toHaveLength(1);
    expect(told[0]).not.toMatch(/confirmed|approved/i);
    // Staff see it in the list too.
    const listed = await w.t.app.inject({ method: "GET", url: "/app/tasks.json?state=done", headers: w.a.headers });
    expect(listed.json().tasks.find((t: { id: string }) => t.id === task.id)).toMatchObject({
      outcome: "changed_since_raised",
    });
  });

  it("an approval whose quote changed by any other path (here: straight in the table) is not applied", async () => {
    // The AI cannot change a frozen quote (above); this holds the binding itself, whatever path changes a
    // quote in the future: ten times the lines at the same state.
    const { conversationId, task, quote } = await pendingOrderAuthorization("changed-elsewhere");
    await w.t.db.execute(
      sql`update quotes set subtotal_cents = 1347000, total_cents = 1347000, version = version + 1 where id = ${quote.id}`,
    );
    const response = await resolve(task.id, { decision: "authorized" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      outcome: "changed_since_raised",
      outcome_reason: `Q-${quote.number} changed after this was raised (total $1,347.00 → $13,470.00); nothing was confirmed.`,
    });
    expect(await quotesOf(conversationId)).toEqual([{ ...quote, state: "draft", total_cents: 1_347_000 }]);
    expect((await aiMessages(conversationId)).at(-1)).not.toMatch(/confirmed|approved/i);
  });

  it("a discount approval is not re-applied to a larger subtotal", async () => {
    const externalId = "discount-on-more";
    const sent = await w.send(
      w.a.channel.token,
      inbound("I need a quote for 10 units of wooden pallet", { externalId }),
    );
    await w.settle();
    await w.send(w.a.channel.token, inbound("Give me 25% off please", { externalId }));
    await w.settle();
    const conversationId = sent.json().conversation_id as string;
    const [task] = await w.rows<TaskRow>(
      sql`select id, title, request from tasks where conversation_id = ${conversationId} and action_type = 'authorize'`,
    );
    const [quote] = await quotesOf(conversationId);
    expect(task!.request).toMatchObject({
      kind: "discount",
      discountPercent: 25,
      quote: { totalCents: 18_000, currency: "USD", discountPercent: 0 },
    });
    // While it waits the AI may not touch the quote: "make it 100 pallets" is refused.
    await w.send(w.a.channel.token, inbound("I need a quote for 100 units of wooden pallet", { externalId }));
    await w.settle();
    expect((await quotesOf(conversationId))[0]).toMatchObject({ total_cents: 18_000 });

    await w.t.db.execute(
      sql`update quotes set subtotal_cents = 180000, total_cents = 180000, version = version + 1 where id = ${quote!.id}`,
    );
    const response = await resolve(task!.id, { decision: "authorized" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ outcome: "changed_since_raised" });
    const [row] = await w.rows(
      sql`select discount_percent::float as p, total_cents from quotes where id = ${quote!.id}`,
    );
    expect(row).toEqual({ p: 0, total_cents: 180_000 });
    expect((await aiMessages(conversationId)).at(-1)).not.toMatch(/approved/i);
  });
});
