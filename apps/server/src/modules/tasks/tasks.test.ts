import {
  type AssistantThread,
  type AssistantThreadsPage,
  assistantThreadSchema,
  assistantThreadsPageSchema,
  camelizeKeys,
  type Task,
  type TasksPage,
  tasksPageSchema,
} from "@foreman/contract";
import { type SQLWrapper, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows, type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";
import { listTasks, listThreads } from "./tasks.repository.ts";

describe("GET /app/tasks.json", () => {
  let w: TasksWorld;
  beforeAll(async () => {
    w = await tasksWorld();
  });
  afterAll(async () => {
    await w.t.close();
  });

  const list = async (query = "", headers = w.a.headers) => {
    const response = await w.t.app.inject({ method: "GET", url: `/app/tasks.json${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const body = camelizeKeys<TasksPage>(response.json());
    expect(tasksPageSchema.safeParse(body).success).toBe(true);
    return body;
  };
  const expectedIds = async (extra = sql``) =>
    (
      await rows(
        w.t.db,
        sql`select id from tasks where company_id = ${w.a.companyId} ${extra} order by created_at desc, id desc`,
      )
    ).map((row) => row.id as string);

  it("lists every task of the company without a date filter by default, newest first", async () => {
    const body = await list();
    const ids = await expectedIds();
    expect(ids).toHaveLength(4);
    expect(body).toMatchObject({ total: 4, page: 1, perPage: 50 });
    expect(body.tasks.map((task) => task.id)).toEqual(ids);
    // The to-do item older than a month is there.
    expect(body.tasks.map((task) => task.id)).toContain(w.a.pastDue);
  });

  it("filters by state", async () => {
    const toDo = await list("?state=to_do");
    expect(toDo.tasks.map((task) => task.id)).toEqual(await expectedIds(sql`and state = 'to_do'`));
    expect(toDo.total).toBe(3);
    const done = await list("?state=done");
    expect(done.tasks.map((task) => task.id)).toEqual([w.a.done]);
  });

  it("filters by the AI employee who raised it", async () => {
    const mine = await list(`?ai_employee_id=${w.a.aiEmployee.id}`);
    expect(mine.tasks.map((task) => task.id)).toEqual(
      await expectedIds(sql`and ai_employee_id = ${w.a.aiEmployee.id}`),
    );
    expect(mine.total).toBeGreaterThan(0);
    const foreign = await list(`?ai_employee_id=${w.b.aiEmployee.id}`);
    expect(foreign.total).toBe(0);
  });

  it("filters by a relative frame or a custom range of creation days", async () => {
    const monthly = await list("?relative_date=monthly");
    expect(monthly.tasks.map((task) => task.id).sort()).toEqual([w.a.question, w.a.authorize].sort());
    const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const custom = await list(`?q[created_at_gteq]=${day(-42)}&q[created_at_lteq]=${day(-40)}`);
    expect(custom.tasks.map((task) => task.id)).toEqual([w.a.done]);
    // A lone bound is ignored: no period, so every task.
    expect((await list(`?q[created_at_gteq]=${day(-1)}`)).total).toBe(4);
  });

  it("pages", async () => {
    const ids = await expectedIds();
    const second = await list("?page=2&per_page=3");
    expect(second).toMatchObject({ total: 4, page: 2, perPage: 3 });
    expect(second.tasks.map((task) => task.id)).toEqual(ids.slice(3));
    // Past the end the page cannot tell the total: it is counted.
    const past = await list("?page=4&per_page=3");
    expect(past).toMatchObject({ tasks: [], total: 4, page: 4 });
    // A full page is counted too.
    expect(await list("?per_page=4")).toMatchObject({ total: 4 });
    expect(await list("?per_page=2")).toMatchObject({ total: 4 });
  });

  it("gives each task its conversation's last messages oldest first, its quote, AI employee and resolver", async () => {
    const body = await list();
    const byId = new Map(body.tasks.map((task) => [task.id, task]));
    const authorize = byId.get(w.a.authorize)!;
    expect(authorize.conversation).toMatchObject({
      id: w.a.conversation.id,
      displayId: 101,
      inboxId: 1,
      accountId: w.a.accountId,
      channel: "whatsapp",
      customerName: w.a.customer.fullName,
    });
    // As many as an action item shows (TASK_CONVERSATION_MESSAGES), with only what it shows.
    expect(authorize.conversation.messages.map((m) => m.content)).toEqual([
      "Message 22",
      "Message 23",
      "Message 24",
      "Message 25",
    ]);
    expect(authorize.conversation.messages[0]).toEqual({
      id: expect.any(String),
      senderType: "ai",
      senderName: w.a.aiEmployee.name,
      avatarUrl: null,
      content: "Message 22",
      attachments: [],
      createdAt: expect.any(String),
    });
    expect(authorize.conversation.messages[1]).toMatchObject({ senderType: "customer", avatarUrl: null });
    expect(authorize.quote).toEqual({
      id: w.a.quote.id,
      number: 1001,
      state: "draft",
      totalCents: 250_000,
      currency: "USD",
    });
    expect(authorize).toMatchObject({
      type: "Tasks::HumanResponse",
      actionType: "authorize",
      assignable: { type: "Quote", id: w.a.quote.id },
      aiEmployee: w.a.aiEmployee,
      tags: ["discount"],
      resolvedBy: null,
      decision: null,
    });
    const done = byId.get(w.a.done)!;
    expect(done).toMatchObject({ state: "done", answer: "Yes", resolvedBy: { id: w.a.userId, name: w.a.userName } });
    expect(done.quote).toBeNull();
  });

  it("sends the messages' files, and the AI employee's picture on its messages only", async () => {
    const conversationId = w.a.conversation.id;
    await w.t.db.execute(
      sql`update ai_employees set avatar_url = '/aiEmployees/sales.svg' where id = ${w.a.aiEmployee.id}`,
    );
    await w.t.db.execute(
      sql`insert into attachments (company_id, message_id, file_name, content_type, byte_size, access_key, data)
          select company_id, id, 'quote.pdf', 'application/pdf', 3, 'key-123', convert_to('abc', 'UTF8')
          from messages where conversation_id = ${conversationId} and content = 'Message 25'`,
    );
    try {
      const task = (await list()).tasks.find((item) => item.id === w.a.authorize)!;
      const [first, second, , newest] = task.conversation.messages;
      expect(first).toMatchObject({ senderType: "ai", avatarUrl: "/aiEmployees/sales.svg", attachments: [] });
      expect(second).toMatchObject({ senderType: "customer", avatarUrl: null, attachments: [] });
      expect(newest!.attachments).toEqual([
        {
          id: expect.any(String),
          url: expect.stringMatching(/^\/files\/[^/]+\/key-123\/quote\.pdf$/),
          fileName: "quote.pdf",
          contentType: "application/pdf",
          byteSize: 3,
        },
      ]);
    } finally {
      await w.t.db.execute(sql`delete from attachments where company_id = ${w.a.companyId}`);
      await w.t.db.execute(sql`update ai_employees set avatar_url = null where id = ${w.a.aiEmployee.id}`);
    }
  });

  it("answers with snake_case keys", async () => {
    const response = await w.t.app.inject({ method: "GET", url: "/app/tasks.json?per_page=1", headers: w.a.headers });
    const [task] = response.json().tasks;
    expect(Object.keys(task)).toEqual(expect.arrayContaining(["action_type", "due_at", "resolved_by", "ai_employee"]));
    expect(Object.keys(task.conversation)).toEqual(
      expect.arrayContaining(["display_id", "account_id", "customer_name"]),
    );
  });

  it.each([
    ["?state=open", "state"],
    ["?relative_date=yearly", "relative_date"],
    ["?q[created_at_gteq]=2026-02-30&q[created_at_lteq]=2026-03-01", "q[created_at_gteq]"],
    ["?q[created_at_gteq]=nope", "q[created_at_gteq]"],
    ["?per_page=101", "per_page"],
    ["?page=0", "page"],
  ])("answers 400 for %s, naming the field", async (query, field) => {
    const response = await w.t.app.inject({ method: "GET", url: `/app/tasks.json${query}`, headers: w.a.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field })]);
  });

  it("never shows another company's tasks", async () => {
    const body = await list("", w.b.headers);
    expect(body.total).toBe(4);
    expect(body.tasks.every((task) => task.conversation.id === w.b.conversation.id)).toBe(true);
  });
});

describe("GET /app/tasks and /app/tasks/{id}.json (assistant threads)", () => {
  let w: TasksWorld;
  beforeAll(async () => {
    w = await tasksWorld();
  });
  afterAll(async () => {
    await w.t.close();
  });

  const get = (url: string, headers = w.a.headers) => w.t.app.inject({ method: "GET", url, headers });

  it("lists the threads newest update first with task count, tags, customer, AI employee and last message", async () => {
    const response = await get("/app/tasks");
    expect(response.statusCode, response.body).toBe(200);
    const body = camelizeKeys<AssistantThreadsPage>(response.json());
    expect(assistantThreadsPageSchema.safeParse(body).success).toBe(true);
    const ids = (
      await rows(
        w.t.db,
        sql`select id from tasks where company_id = ${w.a.companyId} and type = 'Tasks::HumanResponse' order by updated_at desc, id desc`,
      )
    ).map((row) => row.id);
    expect(body.tasks.map((thread) => thread.id)).toEqual(ids);
    expect(body.total).toBe(4);
    const authorize = body.tasks.find((thread) => thread.id === w.a.authorize)!;
    expect(authorize).toMatchObject({
      taskCount: 3,
      tags: ["discount"],
      customer: { id: w.a.customer.id, fullName: w.a.customer.fullName, organization: "Alpha Buyers" },
      aiEmployee: w.a.aiEmployee,
      conversation: { id: w.a.conversation.id, displayId: 101, accountId: w.a.accountId },
      lastThreadMessage: { authorType: "ai", authorName: w.a.aiEmployee.name, taskId: w.a.authorize },
    });
    expect(authorize.conversation).not.toHaveProperty("messages");
  });

  it("filters the threads by state and pages them", async () => {
    const done = camelizeKeys<AssistantThreadsPage>((await get("/app/tasks?state=done")).json());
    expect(done.tasks.map((thread) => thread.id)).toEqual([w.a.done]);
    const page = camelizeKeys<AssistantThreadsPage>((await get("/app/tasks?per_page=1&page=2")).json());
    expect(page).toMatchObject({ total: 4, page: 2, perPage: 1 });
    expect(page.tasks).toHaveLength(1);
    expect((await get("/app/tasks?state=later")).statusCode).toBe(400);
  });

  it("shows one thread with its messages oldest first and the customer's contact details", async () => {
    await w.t.db.execute(
      sql`insert into task_messages (company_id, task_id, author_type, user_id, content, created_at)
          values (${w.a.companyId}, ${w.a.question}, 'staff', ${w.a.userId}, 'Checking', now())`,
    );
    const response = await get(`/app/tasks/${w.a.question}.json`);
    expect(response.statusCode, response.body).toBe(200);
    const body = camelizeKeys<AssistantThread>(response.json());
    expect(assistantThreadSchema.safeParse(body).success).toBe(true);
    expect(body.task).toMatchObject({ id: w.a.question, actionType: "question" });
    expect(body.task.conversation.messages).toHaveLength(4);
    expect(body.taskCount).toBe(3);
    expect(body.customer).toEqual({
      id: w.a.customer.id,
      fullName: w.a.customer.fullName,
      organization: "Alpha Buyers",
      email: "buyer@example.com",
      phone: "+1 555 0100",
    });
    expect(body.threadMessages.map((m) => [m.authorType, m.authorName, m.content])).toEqual([
      ["ai", w.a.aiEmployee.name, "Can we deliver on Saturday?"],
      ["staff", w.a.userName, "Checking"],
    ]);
  });

  it.each([
    ["another company's task", () => w.b.question],
    ["an unknown id", () => "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d"],
    ["a malformed id", () => "12'; drop table tasks; --"],
  ])("answers 404 for %s", async (_, id) => {
    const response = await get(`/app/tasks/${encodeURIComponent(id())}.json`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "not_found", error_description: "Task not found" });
  });

  it("never lists another company's threads", async () => {
    const body = camelizeKeys<{ tasks: Task[] }>((await get("/app/tasks", w.b.headers)).json());
    expect(body.tasks.map((thread) => thread.id)).not.toContain(w.a.question);
    expect(body.tasks.map((thread) => thread.id)).toContain(w.b.question);
  });
});

describe("task list plans", () => {
  let w: TasksWorld;
  beforeAll(async () => {
    w = await tasksWorld();
  });
  afterAll(async () => {
    await w.t.close();
  });

  // With sequential scans priced out, the plan shows whether an index hands the rows over in the list's
  // order: a Sort node would mean every task of the company is read and sorted for each page.
  const plan = (query: SQLWrapper) =>
    w.t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await rows(tx, sql`explain ${query}`);
      return result.map((row) => String(row["QUERY PLAN"])).join("\n");
    });

  it.each([
    ["all tasks", undefined, "tasks_company_id_created_at_idx"],
    ["one state", "to_do" as const, "tasks_company_id_state_created_at_idx"],
  ])("pages %s newest first straight from an index", async (_, state, index) => {
    const text = await plan(listTasks(w.t.db, { companyId: w.a.companyId, state, period: null }, 50, 0));
    expect(text).toContain(index);
    expect(text).not.toMatch(/\bSort\b/);
  });

  it("pages assistant threads by latest update straight from an index", async () => {
    const text = await plan(listThreads(w.t.db, { companyId: w.a.companyId }, 50, 0));
    expect(text).toContain("tasks_company_id_updated_at_idx");
    expect(text).not.toMatch(/\bSort\b/);
  });
});
