import { type AssistantThreadSummary, type Task, type TaskState, threadSummaryOf } from "@foreman/contract";
import type { QueryClient } from "@tanstack/react-query";
import { tasksKeys } from "./api.ts";

// The cached answers of the task queries come in four shapes: a page (`{tasks}`), loaded pages
// (`{pages: [{tasks}]}`), one thread (`{task}`) and the threads list (summaries, an array). These
// functions read and edit a task in them, whatever the shape.

type Row = Record<string, unknown>;

const isRecord = (value: unknown): value is Row => typeof value === "object" && value !== null;

function pageTasks(page: unknown): Row[] {
  return isRecord(page) && Array.isArray(page.tasks) ? page.tasks.filter(isRecord) : [];
}

/** The full tasks an answer holds: a page's, loaded pages', or a thread's one. */
function tasksIn(data: unknown): Row[] {
  if (!isRecord(data)) return [];
  const fromPages = Array.isArray(data.pages) ? data.pages.flatMap(pageTasks) : [];
  return [...fromPages, ...pageTasks(data), ...(isRecord(data.task) ? [data.task] : [])];
}

/** Every task an answer shows, the threads list's summaries included. */
function shownTasks(data: unknown): Row[] {
  return Array.isArray(data) ? data.filter(isRecord) : tasksIn(data);
}

/** The conversation ids a cached task answer shows: a page of tasks, loaded pages, or one thread. */
export function conversationIdsIn(data: unknown): Set<string> {
  const ids = new Set<string>();
  for (const task of tasksIn(data)) {
    if (isRecord(task.conversation) && typeof task.conversation.id === "string") ids.add(task.conversation.id);
  }
  return ids;
}

/** The states a cached answer shows a task in (none when it does not hold it). */
export function cachedStatesOf(data: unknown, taskId: string): TaskState[] {
  return shownTasks(data)
    .filter((task) => task.id === taskId)
    .map((task) => task.state as TaskState);
}

function summaryWith(summary: AssistantThreadSummary, task: Task): AssistantThreadSummary {
  const { taskCount, customer, lastThreadMessage } = summary;
  return threadSummaryOf(task, { taskCount, customer, lastThreadMessage });
}

/** The cached answer with `task` in place of its old copies, in the same shape; unchanged when it holds none. */
export function withLatestTask<T>(data: T, task: Task): T {
  if (cachedStatesOf(data, task.id).length === 0) return data;
  const swap = (item: unknown) => (isRecord(item) && item.id === task.id ? task : item);
  const swapPage = (page: unknown) =>
    isRecord(page) && Array.isArray(page.tasks) ? { ...page, tasks: page.tasks.map(swap) } : page;
  if (Array.isArray(data)) {
    return data.map((summary: AssistantThreadSummary) =>
      summary.id === task.id ? summaryWith(summary, task) : summary,
    ) as T;
  }
  if (!isRecord(data)) return data;
  let next: Row = swapPage(data) as Row;
  if (Array.isArray(data.pages)) next = { ...next, pages: data.pages.map(swapPage) };
  if (isRecord(data.task) && data.task.id === task.id) next = { ...next, task };
  return next as T;
}

/** Writes the server's latest copy of a task into every cached task answer that holds it (no refetch). */
export function writeCachedTask(queryClient: QueryClient, companyId: string, task: Task): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: tasksKeys.all(companyId) })) {
    const data = query.state.data;
    const next = withLatestTask(data, task);
    if (next !== data) queryClient.setQueryData(query.queryKey, next);
  }
}
