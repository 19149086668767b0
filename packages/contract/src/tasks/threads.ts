// The assistant's threads list.
import type { AssistantThreadSummary, Task } from "./schemas.ts";
import { HUMAN_RESPONSE_TASK } from "./task.ts";

type ThreadLike = { type: string; updatedAt: string | null | undefined; id: string };

function time(value: string | null | undefined): number {
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/**
 * Only `Tasks::HumanResponse` tasks, newest `updatedAt` first (ties by id, descending, like the server's
 * keyset order); a task without a usable time goes last.
 */
export function humanResponseThreads<T extends ThreadLike>(tasks: readonly T[]): T[] {
  return tasks
    .filter((task) => task.type === HUMAN_RESPONSE_TASK)
    .sort((a, b) => time(b.updatedAt) - time(a.updatedAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/**
 * A task as the threads list shows it (`assistantThreadSummarySchema`): its list fields, its conversation
 * without messages, and what the list adds (the open-task count, the customer, the newest thread message).
 */
export function threadSummaryOf(
  task: Task,
  extra: Pick<AssistantThreadSummary, "taskCount" | "customer" | "lastThreadMessage">,
): AssistantThreadSummary {
  const { messages: _messages, ...conversation } = task.conversation;
  return {
    id: task.id,
    type: task.type,
    actionType: task.actionType,
    title: task.title,
    state: task.state,
    dueAt: task.dueAt,
    assignable: task.assignable,
    aiEmployeeId: task.aiEmployeeId,
    aiEmployee: task.aiEmployee,
    tags: task.tags,
    updatedAt: task.updatedAt,
    createdAt: task.createdAt,
    conversation,
    ...extra,
  };
}
