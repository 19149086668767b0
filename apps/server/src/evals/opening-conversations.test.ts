import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentWorld, agentWorld } from "#server/test/agents-setup.ts";
import { CONVERSATIONS } from "./conversations/index.ts";
import { runScenario } from "./run-scenario.ts";

// The four conversations that opened issue 30 ("Hi, I need 10 rolls of stretch wrap", then "Please send
// me the quote", then "Can I get 10% off?"), on the demo's Northwind catalog: each ends with the right
// quote through the channel API, and the playground (Try it) holds the same conversation to the same
// quote, because both are one engine on one path.

const OPENING = ["c-en-issue-1", "c-en-issue-2", "c-en-issue-3", "c-en-issue-4", "c-en-issue-5"];

type QuoteRow = { state: string; discount_percent: number; total_cents: number; lines: string };

const quoteOf = async (w: AgentWorld, conversationId: string): Promise<QuoteRow[]> =>
  w.rows<QuoteRow>(
    sql`select q.state, q.discount_percent, q.total_cents::int as total_cents,
               string_agg(li.quantity::text || ' x ' || li.sku, ', ' order by li.position) as lines
        from quotes q join line_items li on li.quote_id = q.id
        where q.conversation_id = ${conversationId}
        group by q.id order by q.created_at`,
  );

describe("the conversations that opened issue 30", () => {
  let w: AgentWorld;
  beforeAll(async () => {
    w = await agentWorld({ demoCatalogs: true });
  });
  afterAll(async () => {
    await w?.t.close();
  });

  for (const id of OPENING) {
    it(`${id}: ends with the right quote, through the channel API and the playground alike`, async () => {
      const scenario = CONVERSATIONS.find((conversation) => conversation.id === id);
      expect(scenario, `${id} is in the conversation set`).toBeDefined();
      const result = await runScenario(w, scenario!);
      expect(result.failures, result.transcript.join("\n")).toEqual([]);
      const [channelConversation] = await w.rows<{ id: string }>(
        sql`select c.id from conversations c join channel_contacts cc on cc.customer_id = c.customer_id
            where cc.external_id = ${`eval-${id}-1`}`,
      );
      const throughChannel = await quoteOf(w, channelConversation!.id);
      expect(throughChannel).toHaveLength(1);

      const northwind = w.northwind!;
      let session: string | undefined;
      for (const turn of scenario!.turns) {
        const response = await w.t.app.inject({
          method: "POST",
          url: `/app/ai_employees/${northwind.employee.id}/playground.json`,
          headers: northwind.headers,
          payload: { content: turn as string, ...(session ? { session_id: session } : {}) },
        });
        expect(response.statusCode, response.body).toBe(200);
        session = response.json().session_id;
      }
      expect(await quoteOf(w, session!)).toEqual(throughChannel);
    });
  }
});
