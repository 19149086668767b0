import {
  type AssistantThread,
  type AssistantThreadsPage,
  TASK_CONVERSATION_MESSAGES,
  type Task,
  type TaskMessage,
  type TasksPage,
  threadSummaryOf,
} from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { listAttachmentsOf } from "../conversations/index.ts";
import { toTask, toTaskMessage, toThreadMessage } from "./task-view.ts";
import {
  countTasks,
  countThreads,
  findTask,
  lastThreadMessages,
  listThreadMessages,
  listThreads,
  openTaskCounts,
  pageOfTasks,
  recentTaskMessages,
  type TaskRecord,
  type TasksFilter,
  type ThreadsFilter,
} from "./tasks.repository.ts";

type PageRequest = { page: number; perPage: number };

export const taskNotFound = () => httpError(404, "not_found", "Task not found");

/** Tasks with their conversations' last messages: two queries (messages, their files), whatever the page size. */
async function withMessages(db: Executor, companyId: string, records: TaskRecord[]): Promise<Task[]> {
  const conversationIds = [...new Set(records.map((record) => record.conversation.id))];
  const rows = await recentTaskMessages(db, companyId, conversationIds, TASK_CONVERSATION_MESSAGES);
  const files = await listAttachmentsOf(
    db,
    rows.map((row) => row.id),
  );
  const messages = new Map<string, TaskMessage[]>();
  for (const row of rows) {
    const list = messages.get(row.conversationId) ?? [];
    list.push(toTaskMessage(row, files.get(row.id)));
    messages.set(row.conversationId, list);
  }
  return records.map((record) => toTask(record, messages.get(record.conversation.id) ?? []));
}

/**
 * The total beside a page: known from the page itself when it is the last one (fewer rows than asked
 * for, and not past the end), so most lists (the to-do list fits one page) cost no count.
 */
async function totalOf(rows: number, page: PageRequest, count: () => Promise<number>): Promise<number> {
  const offset = (page.page - 1) * page.perPage;
  return rows < page.perPage && (rows > 0 || offset === 0) ? offset + rows : count();
}

/** `GET /app/tasks.json`: a page of tasks, newest first, each with its conversation's last messages. */
export async function getTasksPage(db: Executor, filter: TasksFilter, page: PageRequest): Promise<TasksPage> {
  const records = await pageOfTasks(db, filter, page.perPage, (page.page - 1) * page.perPage);
  const [tasks, total] = await Promise.all([
    withMessages(db, filter.companyId, records),
    totalOf(records.length, page, () => countTasks(db, filter)),
  ]);
  return { tasks, total, page: page.page, perPage: page.perPage };
}

/** One task of the company as `GET /app/tasks.json` shows it; a foreign, unknown or malformed id is a 404. */
export async function getTask(db: Executor, companyId: string, id: string): Promise<Task> {
  const record = isUuid(id) ? await findTask(db, companyId, id) : null;
  if (!record) throw taskNotFound();
  const [task] = await withMessages(db, companyId, [record]);
  return task!;
}

/** `GET /app/tasks`: the assistant threads, newest update first, with task counts and last thread messages. */
export async function getThreadsPage(
  db: Executor,
  filter: ThreadsFilter,
  page: PageRequest,
): Promise<AssistantThreadsPage> {
  const records = await listThreads(db, filter, page.perPage, (page.page - 1) * page.perPage);
  const [total, counts, lastMessages] = await Promise.all([
    totalOf(records.length, page, () => countThreads(db, filter)),
    openTaskCounts(
      db,
      filter.companyId,
      records.map((record) => record.conversation.id),
    ),
    lastThreadMessages(
      db,
      filter.companyId,
      records.map((record) => record.task.id),
    ),
  ]);
  return {
    total,
    page: page.page,
    perPage: page.perPage,
    tasks: records.map((record) => {
      const last = lastMessages.get(record.task.id);
      return threadSummaryOf(toTask(record, []), {
        taskCount: counts.get(record.conversation.id) ?? 0,
        customer: record.customer
          ? { id: record.customer.id, fullName: record.customer.fullName, organization: record.customer.organization }
          : null,
        lastThreadMessage: last ? toThreadMessage(last) : null,
      });
    }),
  };
}

/** `GET /app/tasks/{id}.json`: one thread with its task, task count, customer and messages (oldest → newest). */
export async function getThread(db: Executor, companyId: string, id: string): Promise<AssistantThread> {
  const record = isUuid(id) ? await findTask(db, companyId, id) : null;
  if (!record) throw taskNotFound();
  const [[task], counts, threadMessages] = await Promise.all([
    withMessages(db, companyId, [record]),
    openTaskCounts(db, companyId, [record.conversation.id]),
    listThreadMessages(db, companyId, record.task.id),
  ]);
  return {
    task: task!,
    taskCount: counts.get(record.conversation.id) ?? 0,
    customer: record.customer,
    threadMessages: threadMessages.map(toThreadMessage),
  };
}
