import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentWorld, agentWorld, inbound } from "#server/test/agents-setup.ts";
import {
  delayed,
  FAKE_LLM_TIMEOUT_MS,
  type FakeOpenAi,
  fakeOpenAiEnv,
  startFakeOpenAi,
} from "#server/test/fake-openai.ts";
import { createDepartment } from "#server/test/fixtures.ts";
import { STEP_CAP_REPLY } from "./agent-loop.ts";

// The pipeline with LLM_PROVIDER=openai against a scripted OpenAI-compatible server on 127.0.0.1: the
// model's tool calls run through the same tools (and their rules), its final text is the reply, tokens
// are recorded; a provider failure leaves the message queued for retry, visible to staff.

describe("the agent pipeline on an OpenAI-compatible model", () => {
  let fake: FakeOpenAi;
  let w: AgentWorld;
  beforeAll(async () => {
    fake = await startFakeOpenAi([]);
    w = await agentWorld({
      env: fakeOpenAiEnv(fake, "sk-test-pipeline"),
    });
  });
  afterAll(async () => {
    await w.t.close();
    await fake.close();
  });

  it("runs the model's tool calls and delivers its final text, recording the usage", async () => {
    fake.push(
      {
        toolCalls: [{ name: "find_products", arguments: { query: "pallet" } }],
        usage: { promptTokens: 300, completionTokens: 20 },
      },
      {
        toolCalls: [
          { name: "upsert_quote", arguments: { items: [{ sku: "PAL-01", quantity: 5 }], discount_percent: 50 } },
        ],
        usage: { promptTokens: 400, completionTokens: 30 },
      },
      {
        toolCalls: [{ name: "upsert_quote", arguments: { items: [{ sku: "PAL-01", quantity: 5 }] } }],
        usage: { promptTokens: 500, completionTokens: 30 },
      },
      { content: "Your quote for 5 pallets comes to $90.", usage: { promptTokens: 600, completionTokens: 15 } },
    );
    const sent = await w.send(w.a.channel.token, inbound("5 pallets please, with 50% off", { externalId: "openai-1" }));
    await w.settle();
    const conversationId = sent.json().conversation_id as string;
    const [reply] = await w.rows<{ content: string }>(
      sql`select content from messages where conversation_id = ${conversationId} and sender_type = 'ai'`,
    );
    expect(reply!.content).toBe("Your quote for 5 pallets comes to $90.");
    // The model asked for 50% off; the tool refused it (the limit is 10%) and the model quoted without.
    const [quote] = await w.rows(
      sql`select total_cents, discount_percent::float as p from quotes where conversation_id = ${conversationId}`,
    );
    expect(quote).toEqual({ total_cents: 9000, p: 0 });
    const [run] = await w.rows<{
      steps: { kind: string; tool: string; ok: boolean }[];
      prompt_tokens: number;
      completion_tokens: number;
      model_calls: number;
      provider: string;
      model: string;
    }>(
      sql`select steps, prompt_tokens, completion_tokens, model_calls, provider, model from agent_runs where conversation_id = ${conversationId}`,
    );
    expect(run).toMatchObject({
      prompt_tokens: 1800,
      completion_tokens: 95,
      model_calls: 4,
      provider: "openai",
      model: "scripted-model",
    });
    const calls = run!.steps.filter((step) => step.kind === "tool_call");
    expect(calls.map((step) => [step.tool, step.ok])).toEqual([
      ["find_products", true],
      ["upsert_quote", false],
      ["upsert_quote", true],
    ]);
    // The second call carried the first tool's result back to the model, and the tools as functions.
    const second = fake.requests.at(-3)!.body as {
      messages: { role: string; tool_call_id?: string }[];
      tools: unknown[];
    };
    expect(second.messages.at(-1)).toMatchObject({ role: "tool" });
    expect(second.tools.length).toBeGreaterThanOrEqual(9);
  });

  it("leaves the message queued for retry after a provider error or timeout, visible to staff", async () => {
    fake.push({ status: 503 });
    const sent = await w.send(w.a.channel.token, inbound("anyone there?", { externalId: "openai-2" }));
    await w.settle();
    const conversationId = sent.json().conversation_id as string;
    const runs = await w.t.app.inject({
      url: `/app/conversations/${conversationId}/agent_runs.json`,
      headers: w.a.headers,
    });
    expect(runs.statusCode).toBe(200);
    const body = runs.json() as { runs: unknown[]; pending: { state: string; attempts: number; last_error: string }[] };
    expect(body.runs).toEqual([]);
    expect(body.pending).toEqual([
      expect.objectContaining({
        state: "queued",
        attempts: 1,
        last_error: "The model provider answered 503 Service Unavailable",
      }),
    ]);
    expect(
      await w.rows(sql`select id from messages where conversation_id = ${conversationId} and sender_type = 'ai'`),
    ).toEqual([]);

    // The retry (here made due at once) times out, and stays queued with that reason.
    fake.push(delayed(FAKE_LLM_TIMEOUT_MS + 2_000, { content: "too late" }));
    await w.t.db.execute(sql`update jobs set run_after = now() where kind = 'agent_reply' and state = 'queued'`);
    w.t.app.jobs.wake();
    await w.settle();
    const [job] = await w.rows(
      sql`select state, attempts, last_error from jobs j join messages m on m.id = j.subject_id where m.conversation_id = ${conversationId}`,
    );
    expect(job).toEqual({ state: "queued", attempts: 2, last_error: expect.stringContaining("did not answer within") });

    // The next attempt succeeds: one reply.
    fake.push({ content: "Yes, sorry for the wait!" });
    await w.t.db.execute(sql`update jobs set run_after = now() where kind = 'agent_reply' and state = 'queued'`);
    w.t.app.jobs.wake();
    await w.settle();
    const replies = await w.rows(
      sql`select content from messages where conversation_id = ${conversationId} and sender_type = 'ai'`,
    );
    expect(replies).toEqual([{ content: "Yes, sorry for the wait!" }]);
  });

  it("hands the conversation to another department's AI employee, who answers from then on", async () => {
    const support = await createDepartment(w.t.db, w.a.companyId, { name: "Soporte", employees: 1 });
    const [helper] = await w.rows<{ id: string }>(sql`select id from ai_employees where department_id = ${support.id}`);
    fake.push(
      { toolCalls: [{ name: "hand_off", arguments: { to: "support", reason: "A broken delivery" } }] },
      { content: "I'm passing you to our support team." },
    );
    const sent = await w.send(w.a.channel.token, inbound("My delivery arrived broken", { externalId: "openai-3" }));
    await w.settle();
    const conversationId = sent.json().conversation_id as string;
    expect(
      await w.rows(sql`select ai_employee_id, handled_by from conversations where id = ${conversationId}`),
    ).toEqual([{ ai_employee_id: helper!.id, handled_by: "ai" }]);
    const [run] = await w.rows<{ outcome: string; steps: { kind: string; to?: string }[] }>(
      sql`select outcome, steps from agent_runs where conversation_id = ${conversationId}`,
    );
    expect(run!.outcome).toBe("handed_off");
    expect(run!.steps.at(-1)).toMatchObject({ kind: "handoff", to: "Employee 1 (support)" });

    fake.push({ content: "Support here: sorry about that, a replacement is on its way." });
    await w.send(w.a.channel.token, inbound("ok, thanks", { externalId: "openai-3" }));
    await w.settle();
    const [latest] = await w.rows(
      sql`select ai_employee_id from agent_runs where conversation_id = ${conversationId} order by started_at desc limit 1`,
    );
    expect(latest).toEqual({ ai_employee_id: helper!.id });
  });

  it("refuses a channel token on the staff API", async () => {
    const me = await w.t.app.inject({ url: "/app/me.json", headers: { authorization: `Bearer ${w.a.channel.token}` } });
    expect(me.statusCode).toBe(401);
  });

  it("stops a model that never writes its reply after AGENT_MAX_STEPS calls and hands the customer to staff", async () => {
    const lookup = { toolCalls: [{ name: "find_products", arguments: { query: "pallet" } }] };
    fake.push(lookup, lookup, lookup, lookup, lookup, lookup);
    const sent = await w.send(w.a.channel.token, inbound("pallets?", { externalId: "openai-loop" }));
    await w.settle();
    const conversationId = sent.json().conversation_id as string;
    const [run] = await w.rows<{ model_calls: number; outcome: string }>(
      sql`select model_calls, outcome from agent_runs where conversation_id = ${conversationId}`,
    );
    expect(run).toEqual({ model_calls: 6, outcome: "handed_off" });
    const [reply] = await w.rows(
      sql`select content from messages where conversation_id = ${conversationId} and sender_type = 'ai'`,
    );
    expect(reply).toEqual({ content: STEP_CAP_REPLY });
    expect(await w.rows(sql`select handled_by from conversations where id = ${conversationId}`)).toEqual([
      { handled_by: "staff" },
    ]);
  });
});
