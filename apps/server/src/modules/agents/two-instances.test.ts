import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentWorld, agentWorld, inbound } from "#server/test/agents-setup.ts";
import { startSecondInstance } from "#server/test/app.ts";
import { testEngine } from "#server/test/database.ts";

// Two instances on one PostgreSQL, as behind a load balancer: messages (and repeated deliveries) reach
// both, both run jobs through graphile-worker, and every customer message is still answered once.
describe.skipIf(testEngine() === "pglite")("the pipeline on two instances (PostgreSQL only)", () => {
  let w: AgentWorld;
  let b: FastifyInstance;
  let second: Awaited<ReturnType<typeof startSecondInstance>>;
  beforeAll(async () => {
    w = await agentWorld();
    second = await startSecondInstance(w.t);
    b = second.app;
  });
  afterAll(async () => {
    await second.close();
    await w.t.close();
  });

  it("answers each message exactly once, whichever instance received it, even when it came twice", async () => {
    const bodies = Array.from({ length: 24 }, (_, i) =>
      inbound(i % 2 ? "How much is a pallet?" : "hello", { externalId: `two-${i % 6}` }),
    );
    const sendTo = (app: FastifyInstance, body: unknown) =>
      app.inject({
        method: "POST",
        url: "/api/v1/messages",
        headers: { authorization: `Bearer ${w.a.channel.token}`, "content-type": "application/json" },
        payload: JSON.stringify(body),
      });
    // Every message to both instances at once: one stores it, the other answers duplicate.
    const answers = await Promise.all(bodies.flatMap((body) => [sendTo(w.t.app, body), sendTo(b, body)]));
    expect(answers.every((answer) => answer.statusCode === 202)).toBe(true);
    expect(answers.filter((answer) => answer.json().duplicate === false)).toHaveLength(bodies.length);

    const deadline = Date.now() + 30_000;
    let counts: { replies: number; done: number } | undefined;
    while (Date.now() < deadline) {
      [counts] = await w.rows<{ replies: number; done: number }>(
        sql`select (select count(*) from messages where company_id = ${w.a.companyId} and reply_to_message_id is not null)::int as replies,
                   (select count(*) from jobs where company_id = ${w.a.companyId} and kind = 'agent_reply' and state = 'done')::int as done`,
      );
      // Until every job is marked done (just after its reply is stored), not only until the replies are in.
      if (counts!.replies >= bodies.length && counts!.done >= bodies.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Give a duplicate run time to show up, were there one.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [final] = await w.rows(
      sql`select (select count(*) from messages where api_channel_id = ${w.a.channel.id})::int as inbound,
                 (select count(*) from agent_runs where company_id = ${w.a.companyId})::int as runs,
                 (select count(*) from messages where company_id = ${w.a.companyId} and reply_to_message_id is not null)::int as replies,
                 (select count(*) from jobs where company_id = ${w.a.companyId} and kind = 'agent_reply' and state = 'done')::int as done`,
    );
    expect(final).toEqual({ inbound: bodies.length, runs: bodies.length, replies: bodies.length, done: bodies.length });
  });
});
