import type { LiveEvent, TaskState } from "@foreman/contract";
import { type Query, type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLiveEvents } from "#web/lib/live-events.ts";
import { isTaskListKey, listAdmits, tasksKeys } from "./api.ts";
import { cachedStatesOf, conversationIdsIn } from "./task-cache.ts";

// Keeps the task screens live ("new messages and tasks appear without a reload") while fetching as
// little as it can. The events carry only a task's id and state, so the cache decides what is stale:
// - a task created: the lists (it may belong in any of them);
// - a task updated: the queries that show it in another state (none for the echo of a resolution
//   this tab already wrote into the cache), and the lists it now enters (listAdmits);
// - a new message: the queries showing its conversation.
// Active queries among those are fetched again, each once; the others are only marked stale. Bursts
// of events are folded into one refresh.

/** Refreshes wait this long for more events to arrive. */
export const LIVE_REFRESH_DELAY_MS = 300;

/** What one event makes stale, or null when it concerns no task screen. */
export type StaleScope = { created: true } | { taskId: string; state: TaskState } | { conversationId: string };

export function staleScope(event: LiveEvent): StaleScope | null {
  if (event.type === "task.created") return { created: true };
  if (event.type === "task.updated") return { taskId: event.taskId, state: event.state };
  if (event.type === "message.created") return { conversationId: event.conversationId };
  return null;
}

/** The events of one burst, folded: everything (after a reconnect), or what they touched. */
export type StaleSet = {
  all: boolean;
  created: boolean;
  /** The latest state each updated task was announced in. */
  tasks: Map<string, TaskState>;
  conversations: Set<string>;
};

export const emptyStaleSet = (): StaleSet => ({
  all: false,
  created: false,
  tasks: new Map(),
  conversations: new Set(),
});

export function addScope(set: StaleSet, scope: StaleScope): void {
  if ("created" in scope) set.created = true;
  else if ("taskId" in scope) set.tasks.set(scope.taskId, scope.state);
  else set.conversations.add(scope.conversationId);
}

/** Whether a cached task query is stale after these events. */
export function isStale(query: Pick<Query, "queryKey" | "state">, set: StaleSet): boolean {
  if (set.all) return true;
  if (set.created && isTaskListKey(query.queryKey)) return true;
  const data = query.state.data;
  for (const [taskId, state] of set.tasks) {
    const shown = cachedStatesOf(data, taskId);
    if (shown.length === 0 ? listAdmits(query.queryKey, state) : shown.some((was) => was !== state)) return true;
  }
  if (set.conversations.size > 0) {
    for (const id of conversationIdsIn(data)) if (set.conversations.has(id)) return true;
  }
  return false;
}

/** One invalidation for the whole burst: each stale query that is on screen is fetched once. */
export function refreshTaskQueries(queryClient: QueryClient, companyId: string, set: StaleSet): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: tasksKeys.all(companyId),
    predicate: (query) => isStale(query, set),
  });
}

export function useLiveTaskRefresh(companyId: string): void {
  const queryClient = useQueryClient();
  const pending = useRef<{ set: StaleSet; timer?: ReturnType<typeof setTimeout> }>({ set: emptyStaleSet() });

  useEffect(() => {
    const state = pending.current;
    return () => clearTimeout(state.timer);
  }, []);

  const schedule = (add: (set: StaleSet) => void) => {
    const state = pending.current;
    add(state.set);
    clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      const set = state.set;
      state.set = emptyStaleSet();
      void refreshTaskQueries(queryClient, companyId, set);
    }, LIVE_REFRESH_DELAY_MS);
  };

  useLiveEvents(
    (event) => {
      const scope = staleScope(event);
      if (scope) schedule((set) => addScope(set, scope));
    },
    // Events missed while the stream was down are not replayed: refetch what is shown.
    {
      onReconnect: () =>
        schedule((set) => {
          set.all = true;
        }),
    },
  );
}
