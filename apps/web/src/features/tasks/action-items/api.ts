import { TASKS_PER_PAGE_MAX, type Task, type TaskState, timeLeft } from "@foreman/contract";
import { type InfiniteData, infiniteQueryOptions } from "@tanstack/react-query";
import { fetchTasks, type TasksPage, tasksKeys } from "../api.ts";

// The action items list: the to-do list and the
// Done tab, each loaded page by page ("Show more"), and the cache edits that make resolving feel instant.

/** The to-do list rarely has more; the largest page keeps it to one call. */
export const ACTION_ITEMS_PER_PAGE = TASKS_PER_PAGE_MAX;

export type ActionItemsData = InfiniteData<TasksPage, number>;

export function actionItemsQueryOptions(companyId: string, state: TaskState) {
  return infiniteQueryOptions({
    queryKey: tasksKeys.actionItems(companyId, state),
    queryFn: ({ pageParam, signal }) =>
      fetchTasks(companyId, { state, page: pageParam, perPage: ACTION_ITEMS_PER_PAGE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      loadedTasks(pages).length < last.total && last.tasks.length > 0 ? last.page + 1 : undefined,
  });
}

export function loadedTasks(pages: readonly TasksPage[]): Task[] {
  return pages.flatMap((page) => page.tasks);
}

/**
 * The to-do list in the order to work through it: the most urgent first, expired ones (which can no
 * longer be resolved) at the end, newest first among those.
 */
export function orderToDo(tasks: readonly Task[], now: number = Date.now()): Task[] {
  const due = (task: Task) => Date.parse(task.dueAt);
  return [...tasks].sort((a, b) => {
    const aExpired = timeLeft(a.dueAt, now).expired;
    const bExpired = timeLeft(b.dueAt, now).expired;
    if (aExpired !== bExpired) return aExpired ? 1 : -1;
    return aExpired ? due(b) - due(a) : due(a) - due(b);
  });
}

/** Where a task sat in the loaded pages, to put it back there if resolving it fails. */
export type TaskPosition = { page: number; index: number };

/** The pages without the task (and with one fewer in the totals); unchanged when it is not there. */
export function withoutTask(
  data: ActionItemsData | undefined,
  taskId: string,
): { data: ActionItemsData | undefined; position: TaskPosition | null } {
  if (!data) return { data, position: null };
  let position: TaskPosition | null = null;
  data.pages.forEach((page, pageIndex) => {
    const index = page.tasks.findIndex((task) => task.id === taskId);
    if (index >= 0 && !position) position = { page: pageIndex, index };
  });
  if (!position) return { data, position: null };
  const pages = data.pages.map((page) => ({
    ...page,
    tasks: page.tasks.filter((task) => task.id !== taskId),
    total: Math.max(0, page.total - 1),
  }));
  return { data: { ...data, pages }, position };
}

/** The pages with the task back where it was (or at the top), unless it is already there again. */
export function withTask(
  data: ActionItemsData | undefined,
  task: Task,
  position: TaskPosition | null,
): ActionItemsData | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.tasks.some((item) => item.id === task.id))) return data;
  const target = position && position.page < data.pages.length ? position : { page: 0, index: 0 };
  const pages = data.pages.map((page, pageIndex) => {
    const tasks = [...page.tasks];
    if (pageIndex === target.page) tasks.splice(Math.min(target.index, tasks.length), 0, task);
    return { ...page, tasks, total: page.total + 1 };
  });
  return { ...data, pages };
}
