import { camelizeKeys, RESOLUTION_CONFLICT_MESSAGES, type Task, taskSchema } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows, type TasksWorld, tasksWorld, writeCounts } from "#server/test/tasks-setup.ts";
import type { AgentRuntime, HumanResponse } from "../agents/agent-runtime.ts";
import { PENDING_REVIEW_MESSAGE } from "../agents/relay-message.ts";

describe("POST /app/tasks/{id}/resolution.json", () => {
  let w: TasksWorld;
  beforeAll(async () => {
    w = await tasksWorld();
  });
  afterAll(async () => {
    await w.t.close();
  });

  const resolve = (id: string, payload: Record<string, unknown>, headers = w.a.headers) =>
    w.t.app.inject({ method: "POST", url: `/app/tasks/${encodeURIComponent(id)}/resolution.json`, headers, payload });
  const threadOf = async (taskId: string) =>
    rows(
      w.t.db,
      sql`select author_type, user_id, content from task_messages where task_id = ${taskId} order by created_at, id`,
    );
  const activitiesOf = (taskId: string) =>
    rows(
      w.t.db,
      sql`select company_id, kind, actor_type, actor_user_id, actor_name, subject_type, summary, details
          from activities where subject_id = ${taskId}`,
    );
  const lastMessage = async (conversationId: string) =>
    (
      await rows(
        w.t.db,
        sql`select sender_type, sender_name, ai_employee_id, content, created_at from messages
            where conversation_id = ${conversationId} order by created_at desc, id desc limit 1`,
      )
    )[0]!;

  it("answers a question: the task is done, the thread has the answer, the AI relays it to the customer", async () => {
    const response = await resolve(w.a.question, { answer: "  Yes, Saturday 8–11 am works. " });
    expect(response.statusCode, response.body).toBe(200);
    const task = camelizeKeys<Task>(response.json());
    expect(taskSchema.safeParse(task).success).toBe(true);
    expect(task).toMatchObject({
      id: w.a.question,
      state: "done",
      answer: "Yes, Saturday 8–11 am works.",
      decision: null,
      resolvedBy: { id: w.a.userId, name: w.a.userName },
    });
    expect(Date.now() - Date.parse(task.resolvedAt!)).toBeLessThan(60_000);
    expect(task.updatedAt).toBe(task.resolvedAt);
    expect((await threadOf(w.a.question)).slice(1)).toEqual([
      { author_type: "staff", user_id: w.a.userId, content: "Yes, Saturday 8–11 am works." },
    ]);
    const relayed = await lastMessage(w.a.conversation.id);
    expect(relayed).toMatchObject({
      sender_type: "ai",
      sender_name: w.a.aiEmployee.name,
      ai_employee_id: w.a.aiEmployee.id,
      content: "Yes, Saturday 8–11 am works.",
    });
    // The answered task shows the relayed message as its conversation's newest.
    expect(task.conversation.messages.at(-1)).toMatchObject({ senderType: "ai", content: relayed.content });
    const [conversation] = await rows(
      w.t.db,
      sql`select status, last_activity_at from conversations where id = ${w.a.conversation.id}`,
    );
    expect(conversation!.status).toBe("pending");
    expect(await activitiesOf(w.a.question)).toEqual([
      {
        company_id: w.a.companyId,
        kind: "action_item.resolved",
        actor_type: "user",
        actor_user_id: w.a.userId,
        actor_name: w.a.userName,
        subject_type: "action_item",
        summary: "Answered action item: Saturday delivery?",
        details: {},
      },
    ]);
    expect(new Date(conversation!.last_activity_at as string).getTime()).toBe(
      new Date(relayed.created_at as string).getTime(),
    );
  });

  it("authorizes: the decision and note are recorded, the customer hears the good news (not the note)", async () => {
    const response = await resolve(w.a.authorize, { decision: "authorized", answer: "Repeat customer" });
    expect(response.statusCode, response.body).toBe(200);
    expect(camelizeKeys<Task>(response.json())).toMatchObject({
      state: "done",
      decision: "authorized",
      answer: "Repeat customer",
    });
    expect((await threadOf(w.a.authorize)).at(-1)).toMatchObject({ content: "Authorized: Repeat customer" });
    expect((await lastMessage(w.a.conversation.id)).content).toBe("Good news — I can confirm: 15% discount on Q-1001.");
    expect(await activitiesOf(w.a.authorize)).toMatchObject([
      { summary: "Authorized action item: 15% discount on Q-1001", details: { decision: "authorized" } },
    ]);
  });

  it("leaves an item pending: the customer is told it is still under review", async () => {
    const response = await resolve(w.b.authorize, { decision: "left_pending" }, w.b.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(camelizeKeys<Task>(response.json())).toMatchObject({ decision: "left_pending", answer: null });
    expect((await threadOf(w.b.authorize)).at(-1)).toMatchObject({ content: "Left pending" });
    expect((await lastMessage(w.b.conversation.id)).content).toBe(PENDING_REVIEW_MESSAGE);
  });

  it("lets exactly one of two simultaneous resolutions through; the other is a 409", async () => {
    const [task] = await rows(
      w.t.db,
      sql`insert into tasks (company_id, conversation_id, action_type, title, question, due_at, assignable_type, assignable_id)
          values (${w.a.companyId}, ${w.a.conversation.id}, 'question', 'Race', 'Race?', now() + interval '1 hour',
                  'Conversation', ${w.a.conversation.id}) returning id`,
    );
    const id = task!.id as string;
    const responses = await Promise.all([resolve(id, { answer: "First" }), resolve(id, { answer: "Second" })]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await threadOf(id)).toHaveLength(1);
    const relayed = await rows(
      w.t.db,
      sql`select content from messages where conversation_id = ${w.a.conversation.id} and content in ('First', 'Second')`,
    );
    expect(relayed).toHaveLength(1);
    expect(await activitiesOf(id)).toHaveLength(1);
  });

  describe("refusals write nothing", () => {
    let before: Record<string, unknown>;
    beforeAll(async () => {
      before = await writeCounts(w.t.db);
    });
    afterAll(async () => {
      expect(await writeCounts(w.t.db)).toEqual(before);
    });

    const expectUnchanged = async () => expect(await writeCounts(w.t.db)).toEqual(before);

    it("409 for a task already resolved", async () => {
      const response = await resolve(w.a.question, { answer: "Again" });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: "already_resolved",
        error_description: RESOLUTION_CONFLICT_MESSAGES.already_resolved,
      });
      await expectUnchanged();
    });

    it("409 for a task past its due time", async () => {
      const response = await resolve(w.a.pastDue, { answer: "Too late?" });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: "past_due", error_description: RESOLUTION_CONFLICT_MESSAGES.past_due });
      await expectUnchanged();
    });

    it.each([
      ["another company's task", () => w.b.question],
      ["an unknown task", () => "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d"],
      ["a malformed id", () => "not-a-task"],
    ])("404 for %s", async (_, id) => {
      const response = await resolve(id(), { answer: "Hello" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "not_found", error_description: "Task not found" });
      await expectUnchanged();
    });

    it.each([
      ["a question without an answer", () => w.b.question, {}, "answer", "Required"],
      ["a question with a decision", () => w.b.question, { answer: "Yes", decision: "authorized" }, "decision", null],
      ["an authorize item without a decision", () => w.a.authorize, { answer: "Fine" }, "decision", "Required"],
      ["an empty answer", () => w.b.question, { answer: "   " }, "answer", "Required"],
      ["an answer over 2000 characters", () => w.b.question, { answer: "x".repeat(2001) }, "answer", null],
      ["an unknown decision", () => w.a.authorize, { decision: "approved" }, "decision", null],
      ["a non-text answer", () => w.b.question, { answer: 42 }, "answer", null],
    ])("400 for %s", async (_, id, payload, field, message) => {
      const headers = id() === w.b.question ? w.b.headers : w.a.headers;
      const response = await resolve(id(), payload, headers);
      expect(response.statusCode).toBe(400);
      const [detail] = response.json().details;
      expect(detail.field).toBe(field);
      if (message) expect(detail.message).toBe(message);
      await expectUnchanged();
    });

    it("400 for a body that is not JSON", async () => {
      const response = await w.t.app.inject({
        method: "POST",
        url: `/app/tasks/${w.b.question}/resolution.json`,
        headers: { ...w.b.headers, "content-type": "application/json" },
        payload: "{",
      });
      expect(response.statusCode).toBe(400);
      await expectUnchanged();
    });
  });
});

describe("resolution with another agent runtime", () => {
  const calls: HumanResponse[] = [];
  let fail = false;
  const runtime: AgentRuntime = {
    async deliverHumanResponse(response) {
      calls.push(response);
      if (fail) throw new Error("the AI employee is unreachable");
      return { messages: [] };
    },
  };
  let w: TasksWorld;
  beforeAll(async () => {
    w = await tasksWorld({ agentRuntime: runtime });
  });
  afterAll(async () => {
    await w.t.close();
  });

  const resolve = (id: string, payload: Record<string, unknown>) =>
    w.t.app.inject({ method: "POST", url: `/app/tasks/${id}/resolution.json`, headers: w.a.headers, payload });

  it("hands the response to the runtime inside the resolution's transaction", async () => {
    const response = await resolve(w.a.authorize, { decision: "authorized", answer: "OK" });
    expect(response.statusCode, response.body).toBe(200);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call).toMatchObject({
      companyId: w.a.companyId,
      conversation: { id: w.a.conversation.id, aiEmployeeId: w.a.aiEmployee.id, customerName: w.a.customer.fullName },
      answer: "OK",
      decision: "authorized",
      user: { id: w.a.userId, name: w.a.userName },
      task: { id: w.a.authorize, state: "done", decision: "authorized" },
    });
    // The fake posted nothing: no relay message appeared.
    const [last] = await rows(
      w.t.db,
      sql`select content from messages where conversation_id = ${w.a.conversation.id} order by created_at desc, id desc limit 1`,
    );
    expect(last!.content).toBe("Message 25");
  });

  it("rolls everything back when the runtime fails: the task is still to do, the thread unchanged", async () => {
    fail = true;
    const before = await writeCounts(w.t.db);
    const response = await resolve(w.a.question, { answer: "Yes" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: "internal_error", error_description: "Something went wrong" });
    expect(await writeCounts(w.t.db)).toEqual(before);
    const [task] = await rows(w.t.db, sql`select state, answer from tasks where id = ${w.a.question}`);
    expect(task).toEqual({ state: "to_do", answer: null });
    fail = false;
    expect((await resolve(w.a.question, { answer: "Yes" })).statusCode).toBe(200);
  });
});
