import { type AssistResult, assistResultSchema, camelizeKeys } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, taskMessages, tasks } from "#server/db/schema/index.ts";
import { rows, type TasksWorld, tasksWorld, writeCounts } from "#server/test/tasks-setup.ts";

describe("POST /internal/assist/{accountId}/thread/{conversationDisplayId}", () => {
  let w: TasksWorld;
  let otherConversationTask: string;
  beforeAll(async () => {
    w = await tasksWorld();
    // A second conversation of A with a task of its own: naming it with the first's display id is a 404.
    const [other] = await w.t.db
      .insert(conversations)
      .values({ companyId: w.a.companyId, displayId: 102, inboxId: 1, channel: "email" })
      .returning();
    const [task] = await w.t.db
      .insert(tasks)
      .values({
        companyId: w.a.companyId,
        conversationId: other!.id,
        actionType: "question",
        title: "Other",
        question: "Other?",
        dueAt: new Date(Date.now() + 3_600_000),
        assignableType: "Conversation",
        assignableId: other!.id,
      })
      .returning();
    await w.t.db
      .insert(taskMessages)
      .values({ companyId: w.a.companyId, taskId: task!.id, authorType: "ai", content: "Other?" });
    otherConversationTask = task!.id;
  });
  afterAll(async () => {
    await w.t.close();
  });

  const assist = (
    path: { account: string | number; display: string | number },
    payload: Record<string, unknown>,
    headers = w.a.headers,
  ) =>
    w.t.app.inject({
      method: "POST",
      url: `/internal/assist/${path.account}/thread/${path.display}`,
      headers,
      payload,
    });
  const pathOf = (world = w.a) => ({ account: world.accountId, display: world.conversation.displayId });

  it("records staff's reply in the thread, resolves the task and relays the answer to the customer", async () => {
    const response = await assist(pathOf(), { input: " We can ship on Saturday. ", task_id: w.a.question });
    expect(response.statusCode, response.body).toBe(201);
    const body = camelizeKeys<AssistResult>(response.json());
    expect(assistResultSchema.safeParse(body).success).toBe(true);
    expect(body.threadMessage).toMatchObject({
      taskId: w.a.question,
      authorType: "staff",
      authorName: w.a.userName,
      content: "We can ship on Saturday.",
    });
    expect(body.task).toMatchObject({
      id: w.a.question,
      state: "done",
      answer: "We can ship on Saturday.",
      resolvedBy: { id: w.a.userId },
    });
    expect(body.task.conversation.messages.at(-1)).toMatchObject({
      senderType: "ai",
      senderName: w.a.aiEmployee.name,
      content: "We can ship on Saturday.",
    });
  });

  it("takes a reply on an authorize item as its answer, without a decision", async () => {
    const response = await assist(pathOf(), { input: "Go ahead with 15%.", task_id: w.a.authorize });
    expect(response.statusCode, response.body).toBe(201);
    expect(camelizeKeys<AssistResult>(response.json()).task).toMatchObject({
      state: "done",
      answer: "Go ahead with 15%.",
      decision: null,
    });
  });

  describe("refusals write nothing", () => {
    let before: Record<string, unknown>;
    beforeAll(async () => {
      before = await writeCounts(w.t.db);
    });
    const expectUnchanged = async () => expect(await writeCounts(w.t.db)).toEqual(before);

    it.each([
      ["a non-numeric account", { account: "abc", display: 101 }, "accountId"],
      ["a zero account", { account: 0, display: 101 }, "accountId"],
      ["a negative account", { account: -1, display: 101 }, "accountId"],
      ["an account beyond integer range", { account: "99999999999", display: 101 }, "accountId"],
      ["a non-numeric conversation", { account: 1, display: "x1" }, "conversationDisplayId"],
      ["a zero conversation", { account: 1, display: 0 }, "conversationDisplayId"],
      ["a fractional conversation", { account: 1, display: "1.5" }, "conversationDisplayId"],
    ])("400 for %s, naming the field", async (_, path, field) => {
      const response = await assist(path, { input: "Yes", task_id: w.b.question });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([expect.objectContaining({ field })]);
      await expectUnchanged();
    });

    it.each([
      ["a task id that is not a UUID", { input: "Yes", task_id: "12" }, "task_id"],
      ["no task id", { input: "Yes" }, "task_id"],
      ["an empty input", { input: "  ", task_id: "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d" }, "input"],
      [
        "an input over 2000 characters",
        { input: "x".repeat(2001), task_id: "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d" },
        "input",
      ],
    ])("400 for %s", async (_, payload, field) => {
      const response = await assist(pathOf(w.b), payload, w.b.headers);
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([expect.objectContaining({ field })]);
      await expectUnchanged();
    });

    it.each([
      ["another company's account", () => pathOf(w.b), () => w.a.pastDue, "Account not found"],
      [
        "an unknown conversation",
        () => ({ account: w.a.accountId, display: 999 }),
        () => w.a.pastDue,
        "Conversation not found",
      ],
      ["another company's task", () => pathOf(w.a), () => w.b.question, "Task not found"],
      ["a task of another conversation", () => pathOf(w.a), () => otherConversationTask, "Task not found"],
      ["an unknown task", () => pathOf(w.a), () => "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d", "Task not found"],
    ])("404 for %s", async (_, path, taskId, description) => {
      const response = await assist(path(), { input: "Yes", task_id: taskId() });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "not_found", error_description: description });
      await expectUnchanged();
    });

    it("404 for B's own thread asked under A's company", async () => {
      // B's account and conversation with B's task, but X-Company-ID says A.
      const response = await assist(pathOf(w.b), { input: "Yes", task_id: w.b.question });
      expect(response.statusCode).toBe(404);
      await expectUnchanged();
    });

    it.each([
      ["already resolved", () => w.a.question, "already_resolved"],
      ["past due", () => w.a.pastDue, "past_due"],
    ])("409 for a task %s", async (_, taskId, error) => {
      const response = await assist(pathOf(), { input: "Yes", task_id: taskId() });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe(error);
      await expectUnchanged();
    });

    it("401 without a token, before anything is read", async () => {
      const { authorization: _, ...headers } = w.a.headers;
      const response = await assist(pathOf(), { input: "Yes", task_id: w.a.done }, headers);
      expect(response.statusCode).toBe(401);
      await expectUnchanged();
    });
  });

  it("leaves B's data alone throughout", async () => {
    const [b] = await rows(
      w.t.db,
      sql`select count(*)::int as done from tasks where company_id = ${w.b.companyId} and state = 'done'`,
    );
    expect(b!.done).toBe(1);
  });
});
