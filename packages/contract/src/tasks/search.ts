// Search parameters of the task screens (/action_items, /tasks, /assistant). Plain functions:
// route files load with the shell, so no zod here.

import { FIRST_PAGE, type RawSearch, searchPage, searchText, searchUuid } from "../search/search-params.ts";
import { isTaskState, type TaskState } from "./task.ts";

/** `/action_items`: the to-do list by default; `?state=done` is the Done tab. */
export type ActionItemsSearch = { state?: "done" };
/** `/tasks`: every task by default, or one state; `page` is absent on the first page. */
export type TasksSearch = { state?: TaskState; aiEmployeeId?: string; page?: number };
/** `/assistant`: the selected thread (a task id) and, on phones, whether its info panel is open. */
export type AssistantSearch = { thread?: string; panel?: "info" };

/** A task id from the address: text up to 64 characters without spaces (the API answers 404 for the rest). */
const TASK_ID_PATTERN = /^[\w-]{1,64}$/;

/** Anything but `done` is the to-do list (the default, kept out of the address). */
export function parseActionItemsSearch(search: ActionItemsSearch | RawSearch): ActionItemsSearch {
  const state = searchText((search as RawSearch).state)?.toLowerCase();
  return { state: state === "done" ? "done" : undefined };
}

/** A known state or none (all tasks); a page from 2 up, else none (the first page). */
export function parseTasksSearch(search: TasksSearch | RawSearch): TasksSearch {
  const raw = search as RawSearch;
  const state = searchText(raw.state)?.toLowerCase();
  const page = searchPage(raw.page);
  return {
    state: isTaskState(state) ? state : undefined,
    aiEmployeeId: searchUuid(raw.aiEmployeeId),
    page: page === FIRST_PAGE ? undefined : page,
  };
}

/** A plausible task id, and `panel=info` only with a thread to show the info of. */
export function parseAssistantSearch(search: AssistantSearch | RawSearch): AssistantSearch {
  const raw = search as RawSearch;
  const thread = searchText(raw.thread);
  const valid = thread !== undefined && TASK_ID_PATTERN.test(thread) ? thread : undefined;
  return { thread: valid, panel: valid && searchText(raw.panel) === "info" ? "info" : undefined };
}
