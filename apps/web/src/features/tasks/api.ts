import {
  normalizeActionItems,
  type ResolutionBody,
  TASKS_PER_PAGE,
  type Task,
  type TaskState,
  type TasksSearch,
} from "@foreman/contract";
import { type QueryKey, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";

// Tasks: the list the action items and tasks screens read, and resolving one. Every task query lives
// under ["tasks", companyId] (the action items, the tasks table and the assistant's threads), so a
// changed task can be found in all of them (task-cache.ts).

export type TasksPage = { tasks: Task[]; total: number; page: number; perPage: number };
export type TasksListParams = { state?: TaskState; aiEmployeeId?: string; page?: number; perPage?: number };

export const tasksKeys = {
  all: (companyId: string) => ["tasks", companyId] as const,
  list: (companyId: string, params: TasksListParams) => ["tasks", companyId, "list", params] as const,
  actionItems: (companyId: string, state: TaskState) => ["tasks", companyId, "action-items", state] as const,
  threads: (companyId: string) => ["tasks", companyId, "threads"] as const,
  thread: (companyId: string, id: string) => ["tasks", companyId, "thread", id] as const,
};

/** A list of tasks (the tasks table, an action items tab, the assistant's threads), not one thread. */
export const isTaskListKey = (queryKey: QueryKey) =>
  queryKey[2] === "list" || queryKey[2] === "action-items" || queryKey[2] === "threads";

/**
 * Whether a task now in `state` joins the list under this key even though the list did not hold it:
 * the lists filtered to that state (a task done elsewhere enters the Done tab), and the threads, which
 * are ordered by their last update. An unfiltered list keeps its pages, as they are ordered by creation.
 */
export function listAdmits(queryKey: QueryKey, state: TaskState): boolean {
  if (queryKey[2] === "threads") return true;
  if (queryKey[2] === "action-items") return queryKey[3] === state;
  if (queryKey[2] === "list") return (queryKey[3] as TasksListParams | undefined)?.state === state;
  return false;
}

const whole = (value: unknown, fallback: number) =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : fallback;

/**
 * A page of tasks, read leniently: items that cannot be acted on are dropped and an unconvertible
 * list becomes empty, rather than failing the screen.
 */
export function readTasksPage(body: unknown, requested: { page: number; perPage: number }): TasksPage {
  const tasks = normalizeActionItems(body);
  const record = body !== null && typeof body === "object" ? (body as Record<string, unknown>) : {};
  return {
    tasks,
    total: Math.max(whole(record.total, tasks.length), tasks.length),
    page: whole(record.page, requested.page) || requested.page,
    perPage: whole(record.perPage, requested.perPage) || requested.perPage,
  };
}

/**
 * `GET /app/tasks.json`, newest first. No period is sent: the server's default applies (a to-do item
 * must not drop out of the list just because it is old).
 */
export async function fetchTasks(companyId: string, params: TasksListParams, signal?: AbortSignal) {
  const page = params.page ?? 1;
  const perPage = params.perPage ?? TASKS_PER_PAGE;
  const body = await apiRequest<unknown>("/app/tasks.json", {
    companyScoped: true,
    companyId,
    signal,
    query: { state: params.state, aiEmployeeId: params.aiEmployeeId, page, perPage },
  });
  return readTasksPage(body, { page, perPage });
}

/** The tasks screen's page size (the table fits it without scrolling far). */
export const TASKS_SCREEN_PER_PAGE = 25;

/** What the tasks screen asks for, from its address (`?state=…&page=N`). */
export const tasksListParams = (search: TasksSearch): TasksListParams => ({
  state: search.state,
  aiEmployeeId: search.aiEmployeeId,
  page: search.page ?? 1,
  perPage: TASKS_SCREEN_PER_PAGE,
});

/** Failures are not caught: the screen shows its error state with a retry. */
export function tasksQueryOptions(companyId: string, params: TasksListParams) {
  return queryOptions({
    queryKey: tasksKeys.list(companyId, params),
    queryFn: ({ signal }) => fetchTasks(companyId, params, signal),
  });
}

/**
 * `POST /app/tasks/{id}/resolution.json`: a question takes an answer; an authorize item a decision and
 * an optional answer. Answers the resolved task; 409 when it was resolved meanwhile or is past due
 * (nothing changed).
 */
export function resolveTask(companyId: string, id: string, body: ResolutionBody) {
  return apiRequest<Task | undefined>(`/app/tasks/${encodeURIComponent(id)}/resolution.json`, {
    method: "POST",
    companyScoped: true,
    companyId,
    body,
  });
}
