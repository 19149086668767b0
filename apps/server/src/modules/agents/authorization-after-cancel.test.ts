import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentWorld, agentWorld, inbound } from "#server/test/agents-setup.ts";

// Staff may cancel an order while its authorization waits. Authorizing it afterwards must not bring the
// order back: the cancel and the confirm are transitions with their allowed-from states, and a
// cancelled order is not one a confirmation starts from.

type QuoteRow = { id: string; number: number; state: string; version: number; lead_id: string | null };

describe("an authorize item for an order confirmation, resolved after staff cancelled the order", () => {
  let w: AgentWorld;
  beforeAll(async () => {
    w = await agentWorld();
  });
  afterAll(async () => {
    await w.t.close();
  });

  const quoteOf = async (conversationId: string) =>
    (
      await w.rows<QuoteRow>(
        sql`select id, number, state, version, lead_id from quotes where conversation_id = ${conversationId}`,
      )
    )[0]!;
  const messagesOf = (conversationId: string) =>
    w.rows<{ sender_type: string; content: string }>(
      sql`select sender_type, content from messages where conversation_id = ${conversationId} order by created_at, id`,
    );

  it("leaves the order cancelled, and the customer is not told it was confirmed", async () => {
    // The AI may confirm up to $1,000 alone: 3 pallet jacks ($1,347) wait for staff's authorization.
    const sent = await w.send(
      w.a.channel.token,
      inbound("I want to buy 3 units of pallet jack", { externalId: "cancelled-while-waiting" }),
    );
    await w.settle();
    const conversationId = sent.json().conversation_id as string;
    const raised = await quoteOf(conversationId);
    expect(raised).toMatchObject({ state: "draft", lead_id: expect.any(String) });
    const [task] = await w.rows<{ id: string; title: string }>(
      sql`select id, title from tasks where conversation_id = ${conversationId} and action_type = 'authorize' and state = 'to_do'`,
    );
    expect(task!.title).toBe(`Confirm order Q-${raised.number} for $1,347.00`);

    const cancel = await w.t.app.inject({
      method: "POST",
      url: `/app/quotes/${raised.id}/cancel.json`,
      headers: w.a.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ id: raised.id, state: "cancelled" });
    const cancelled = await quoteOf(conversationId);
    expect(cancelled).toEqual({ ...raised, state: "cancelled", version: raised.version + 1 });
    const before = (await messagesOf(conversationId)).length;

    const resolution = await w.resolve(task!.id, { decision: "authorized" });
    expect(resolution.statusCode, resolution.body).toBe(200);
    // Staff read why nothing happened.
    expect(resolution.json()).toMatchObject({
      state: "done",
      decision: "authorized",
      outcome: "changed_since_raised",
      outcome_reason: `Q-${raised.number} changed after this was raised (it was cancelled); nothing was confirmed.`,
    });

    // The order stays cancelled, untouched by the authorization (same version), and its lead is not won.
    expect(await quoteOf(conversationId)).toEqual(cancelled);
    const order = await w.t.app.inject({ method: "GET", url: `/app/quotes/${raised.id}.json`, headers: w.a.headers });
    expect(order.json()).toMatchObject({ state: "cancelled" });
    const [lead] = await w.rows<{ stage: string }>(sql`select stage from leads where id = ${raised.lead_id}`);
    expect(lead!.stage).not.toBe("won");

    // The customer hears that the quote changed and the order is not placed; nothing says it was confirmed.
    const after = (await messagesOf(conversationId)).slice(before);
    expect(after).toEqual([
      {
        sender_type: "ai",
        content: `Your quote Q-${raised.number} changed while the team was reviewing it, so the order is not placed yet. If you'd like to go ahead with the quote as it is now, tell me and I'll check with them again.`,
      },
    ]);
    for (const message of after) expect(message.content).not.toMatch(/confirm|approved/i);
  });
});
