import type { Period, TaskDecision, TaskOutcome, TaskState } from "@foreman/contract";
import { HUMAN_RESPONSE_TASK } from "@foreman/contract";
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "#server/db/client.ts";
import { preparedOnce } from "#server/db/prepared-statements.ts";
import {
  aiEmployees,
  companies,
  conversations,
  customers,
  messages,
  quotes,
  taskMessages,
  tasks,
  users,
} from "#server/db/schema/index.ts";
import { descIndexed } from "#server/lib/index-order.ts";
import {
  customerContactColumns,
  type RecentMessageRow,
  recentMessageColumns,
  recentMessageFields,
} from "../conversations/index.ts";

// Reads and writes of tasks (action items) and their assistant threads. Every query is scoped by company.

export type TasksFilter = {
  companyId: string;
  state?: TaskState | undefined;
  aiEmployeeId?: string | undefined;
  period: Period | null;
};

const resolver = alias(users, "resolver");

/** A task with what every task view shows: its conversation (chat ids, customer), quote, AI employee and resolver. */
function selectTasks(db: Executor) {
  return db
    .select({
      task: tasks,
      conversation: {
        id: conversations.id,
        displayId: conversations.displayId,
        inboxId: conversations.inboxId,
        channel: conversations.channel,
        aiEmployeeId: conversations.aiEmployeeId,
      },
      accountId: companies.chatAccountId,
      customer: customerContactColumns,
      quote: {
        id: quotes.id,
        number: quotes.number,
        state: quotes.state,
        totalCents: quotes.totalCents,
        currency: quotes.currency,
      },
      aiEmployee: { id: aiEmployees.id, name: aiEmployees.name },
      resolver: { id: resolver.id, firstName: resolver.firstName, lastName: resolver.lastName },
    })
    .from(tasks)
    .innerJoin(conversations, eq(conversations.id, tasks.conversationId))
    .innerJoin(companies, eq(companies.id, tasks.companyId))
    .leftJoin(customers, eq(customers.id, conversations.customerId))
    .leftJoin(quotes, eq(quotes.id, tasks.quoteId))
    .leftJoin(aiEmployees, eq(aiEmployees.id, tasks.aiEmployeeId))
    .leftJoin(resolver, eq(resolver.id, tasks.resolvedByUserId));
}

export type TaskRecord = NonNullable<Awaited<ReturnType<typeof findTask>>>;

function where(filter: TasksFilter) {
  return and(
    eq(tasks.companyId, filter.companyId),
    filter.state ? eq(tasks.state, filter.state) : undefined,
    filter.aiEmployeeId ? eq(tasks.aiEmployeeId, filter.aiEmployeeId) : undefined,
    filter.period ? gte(tasks.createdAt, filter.period.start) : undefined,
    filter.period ? lt(tasks.createdAt, filter.period.end) : undefined,
  );
}

/** A page of the company's tasks, newest first (id breaks ties), in tasks_company_id_state_created_at_idx's order. */
export function listTasks(db: Executor, filter: TasksFilter, limit: number, offset: number) {
  return selectTasks(db)
    .where(where(filter))
    .orderBy(descIndexed(tasks.createdAt), descIndexed(tasks.id))
    .limit(limit)
    .offset(offset);
}

/**
 * `listTasks` run as a prepared statement, one per filter shape (the screens' lists have no period:
 * with one, the plain query runs). Its results are the same.
 */
export function pageOfTasks(db: Executor, filter: TasksFilter, limit: number, offset: number) {
  if (filter.period) return listTasks(db, filter, limit, offset);
  const name = `tasks_page${filter.state ? "_state" : ""}${filter.aiEmployeeId ? "_employee" : ""}`;
  const statement = preparedOnce(db, name, (prepared) =>
    selectTasks(db)
      .where(
        and(
          eq(tasks.companyId, sql.placeholder("companyId")),
          filter.state ? eq(tasks.state, sql.placeholder("state")) : undefined,
          filter.aiEmployeeId ? eq(tasks.aiEmployeeId, sql.placeholder("aiEmployeeId")) : undefined,
        ),
      )
      .orderBy(descIndexed(tasks.createdAt), descIndexed(tasks.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(prepared),
  );
  return statement.execute({
    companyId: filter.companyId,
    state: filter.state,
    aiEmployeeId: filter.aiEmployeeId,
    limit,
    offset,
  });
}

/** A message beside an action item: as the conversation's lists show it. */
export type TaskMessageRow = RecentMessageRow;

/**
 * The newest `limit` messages of each of the company's conversations, oldest → newest, with only what an
 * action item shows: one lateral read of the (conversation_id, created_at desc, id desc) index per
 * conversation (the conversations are the company's, so their messages are). A prepared statement: the
 * ids are one array parameter, so its text is the same whatever their number.
 */
export async function recentTaskMessages(
  db: Executor,
  companyId: string,
  conversationIds: string[],
  limit: number,
): Promise<TaskMessageRow[]> {
  if (conversationIds.length === 0) return [];
  const statement = preparedOnce(db, "tasks_recent_messages", (name) => {
    const recent = db
      .select({
        ...recentMessageColumns,
        // Only AI employees have pictures; customers and staff show initials.
        avatarUrl: sql<string | null>`case when ${messages.senderType} = 'ai' then ${aiEmployees.avatarUrl} end`.as(
          "avatar_url",
        ),
      })
      .from(messages)
      .leftJoin(aiEmployees, eq(aiEmployees.id, messages.aiEmployeeId))
      .where(eq(messages.conversationId, conversations.id))
      .orderBy(descIndexed(messages.createdAt), descIndexed(messages.id))
      .limit(sql.placeholder("limit"))
      .as("recent");
    return db
      .select(recentMessageFields(recent))
      .from(conversations)
      .innerJoinLateral(recent, sql`true`)
      .where(
        and(
          eq(conversations.companyId, sql.placeholder("companyId")),
          sql`${conversations.id} = any(${sql.placeholder("conversationIds")}::uuid[])`,
        ),
      )
      .orderBy(asc(recent.conversationId), asc(recent.createdAt), asc(recent.id))
      .prepare(name);
  });
  return statement.execute({ companyId, conversationIds, limit });
}

/** How many tasks a condition matches (the total beside a page). */
async function countWhere(db: Executor, condition: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tasks).where(condition);
  return row!.n;
}

export function countTasks(db: Executor, filter: TasksFilter): Promise<number> {
  return countWhere(db, where(filter));
}

/** One task of the company; null when it is not the company's. */
export async function findTask(db: Executor, companyId: string, id: string) {
  const [row] = await selectTasks(db)
    .where(and(eq(tasks.companyId, companyId), eq(tasks.id, id)))
    .limit(1);
  return row ?? null;
}

export type ThreadsFilter = { companyId: string; state?: TaskState | undefined };

function threadsWhere(filter: ThreadsFilter) {
  return and(
    eq(tasks.companyId, filter.companyId),
    eq(tasks.type, HUMAN_RESPONSE_TASK),
    filter.state ? eq(tasks.state, filter.state) : undefined,
  );
}

/** A page of the assistant threads (`Tasks::HumanResponse`), newest update first (tasks_company_id_updated_at_idx's order). */
export function listThreads(db: Executor, filter: ThreadsFilter, limit: number, offset: number) {
  return selectTasks(db)
    .where(threadsWhere(filter))
    .orderBy(descIndexed(tasks.updatedAt), descIndexed(tasks.id))
    .limit(limit)
    .offset(offset);
}

export function countThreads(db: Executor, filter: ThreadsFilter): Promise<number> {
  return countWhere(db, threadsWhere(filter));
}

/** To-do tasks on each of these conversations. */
export async function openTaskCounts(db: Executor, companyId: string, conversationIds: string[]) {
  const counts = new Map<string, number>();
  if (conversationIds.length === 0) return counts;
  const rows = await db
    .select({ conversationId: tasks.conversationId, n: count() })
    .from(tasks)
    .where(
      and(eq(tasks.companyId, companyId), eq(tasks.state, "to_do"), inArray(tasks.conversationId, conversationIds)),
    )
    .groupBy(tasks.conversationId);
  for (const row of rows) counts.set(row.conversationId, row.n);
  return counts;
}

const threadAuthor = alias(users, "thread_author");

// A thread message with who wrote it: staff's name, or the task's AI employee.
const threadMessageColumns = {
  id: taskMessages.id,
  taskId: taskMessages.taskId,
  authorType: taskMessages.authorType,
  content: taskMessages.content,
  createdAt: taskMessages.createdAt,
  author: { firstName: threadAuthor.firstName, lastName: threadAuthor.lastName },
  aiEmployeeName: aiEmployees.name,
};

function selectThreadMessages(db: Executor) {
  return db
    .select(threadMessageColumns)
    .from(taskMessages)
    .innerJoin(tasks, eq(tasks.id, taskMessages.taskId))
    .leftJoin(threadAuthor, eq(threadAuthor.id, taskMessages.userId))
    .leftJoin(aiEmployees, eq(aiEmployees.id, tasks.aiEmployeeId));
}

export type ThreadMessageRecord = Awaited<ReturnType<typeof listThreadMessages>>[number];

/** A task's assistant thread, oldest → newest. */
export async function listThreadMessages(db: Executor, companyId: string, taskId: string) {
  return selectThreadMessages(db)
    .where(and(eq(taskMessages.companyId, companyId), eq(taskMessages.taskId, taskId)))
    .orderBy(asc(taskMessages.createdAt), asc(taskMessages.id));
}

/** The newest thread message of each task (one query: DISTINCT ON over the task_id, created_at index). */
export async function lastThreadMessages(db: Executor, companyId: string, taskIds: string[]) {
  const byTask = new Map<string, ThreadMessageRecord>();
  if (taskIds.length === 0) return byTask;
  const rows = await db
    .selectDistinctOn([taskMessages.taskId], threadMessageColumns)
    .from(taskMessages)
    .innerJoin(tasks, eq(tasks.id, taskMessages.taskId))
    .leftJoin(threadAuthor, eq(threadAuthor.id, taskMessages.userId))
    .leftJoin(aiEmployees, eq(aiEmployees.id, tasks.aiEmployeeId))
    .where(and(eq(taskMessages.companyId, companyId), inArray(taskMessages.taskId, taskIds)))
    .orderBy(taskMessages.taskId, desc(taskMessages.createdAt), desc(taskMessages.id));
  for (const row of rows) byTask.set(row.taskId, row);
  return byTask;
}

/** The company's conversation with this chat display id. */
export async function findConversationIdByDisplayId(db: Executor, companyId: string, displayId: number) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.companyId, companyId), eq(conversations.displayId, displayId)))
    .limit(1);
  return row?.id ?? null;
}

export type Resolution = { answer: string | null; decision: TaskDecision | null; userId: string };

/**
 * Resolves a task if it can still be resolved: one conditional UPDATE (to do, due after now), so two
 * staff members racing, or a resolution arriving after the due time, change nothing. Null when no row
 * qualified; the caller then asks `findTaskState` why.
 */
export async function resolveTaskRow(db: Executor, companyId: string, id: string, resolution: Resolution) {
  const [row] = await db
    .update(tasks)
    .set({
      state: "done",
      answer: resolution.answer,
      decision: resolution.decision,
      resolvedByUserId: resolution.userId,
      resolvedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(tasks.companyId, companyId), eq(tasks.id, id), eq(tasks.state, "to_do"), sql`${tasks.dueAt} > now()`))
    .returning();
  return row ?? null;
}

/** What came of an authorized request (the runtime says, in the resolution's transaction). */
export async function setTaskOutcome(
  db: Executor,
  companyId: string,
  id: string,
  outcome: { outcome: TaskOutcome; reason: string | null },
) {
  await db
    .update(tasks)
    .set({ outcome: outcome.outcome, outcomeReason: outcome.reason })
    .where(and(eq(tasks.companyId, companyId), eq(tasks.id, id)));
}

export async function findTaskState(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .select({ state: tasks.state, dueAt: tasks.dueAt })
    .from(tasks)
    .where(and(eq(tasks.companyId, companyId), eq(tasks.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertThreadMessage(
  db: Executor,
  values: { companyId: string; taskId: string; authorType: "ai" | "staff"; userId: string | null; content: string },
) {
  const [row] = await db.insert(taskMessages).values(values).returning({ id: taskMessages.id });
  return row!.id;
}

export async function findThreadMessage(db: Executor, companyId: string, id: string) {
  const [row] = await selectThreadMessages(db)
    .where(and(eq(taskMessages.companyId, companyId), eq(taskMessages.id, id)))
    .limit(1);
  return row ?? null;
}
