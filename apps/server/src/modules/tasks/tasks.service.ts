import {
  type AssistantThread,
  type AssistantThreadsPage,
  TASK_CONVERSATION_MESSAGES,
  type Task,
  type TasksPage,
  threadSummaryOf,
} from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { recentMessagesOf } from "../conversations/index.ts";
import { toTask, toThreadMessage } from "./task-view.ts";
import {
  countTasks,
  countThreads,
  findTask,
  lastThreadMessages,
  listTasks,
  listThreadMessages,
  listThreads,
  openTaskCounts,
  type TaskRecord,
  type TasksFilter,
  type ThreadsFilter,
} from "./tasks.repository.ts";

type PageRequest = { page: number; perPage: number };

export const taskNotFound = () => httpError(404, "not_found", "Task not found");

/** Tasks with their conversations' last messages: one query for every task's messages, whatever the page size. */
async function withMessages(db: Executor, companyId: string, records: TaskRecord[]): Promise<Task[]> {
  const conversationIds = [...new Set(records.map((record) => record.conversation.id))];
  const messages = await recentMessagesOf(db, companyId, conversationIds, TASK_CONVERSATION_MESSAGES);
  return records.map((record) => toTask(record, messages.get(record.conversation.id) ?? []));
}

/** `GET /app/tasks.json`: a page of tasks, newest first, each with its conversation's last messages. */
export async function getTasksPage(db: Executor, filter: TasksFilter, page: PageRequest): Promise<TasksPage> {
  const [records, total] = await Promise.all([
    listTasks(db, filter, page.perPage, (page.page - 1) * page.perPage),
    countTasks(db, filter),
  ]);
  return { tasks: await withMessages(db, filter.companyId, records), total, page: page.page, perPage: page.perPage };
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
  const [records, total] = await Promise.all([
    listThreads(db, filter, page.perPage, (page.page - 1) * page.perPage),
    countThreads(db, filter),
  ]);
  const [counts, lastMessages] = await Promise.all([
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
