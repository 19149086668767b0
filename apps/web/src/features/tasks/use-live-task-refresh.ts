import type { LiveEvent } from "@foreman/contract";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLiveEvents } from "#web/lib/live-events.ts";
import { tasksKeys } from "./api.ts";

// Keeps the task screens live ("new messages and tasks appear without a reload"): a task
// created or updated refreshes every task query of the company; a new message refreshes only the
// queries showing its conversation. Bursts of events are folded into one refresh.

/** Refreshes wait this long for more events to arrive. */
export const LIVE_REFRESH_DELAY_MS = 300;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The conversation ids a cached task answer shows: a page of tasks, loaded pages, or one thread. */
export function conversationIdsIn(data: unknown): Set<string> {
  const ids = new Set<string>();
  const addTask = (task: unknown) => {
    if (isRecord(task) && isRecord(task.conversation) && typeof task.conversation.id === "string") {
      ids.add(task.conversation.id);
    }
  };
  const addPage = (page: unknown) => {
    if (isRecord(page) && Array.isArray(page.tasks)) page.tasks.forEach(addTask);
  };
  if (isRecord(data)) {
    if (Array.isArray(data.pages)) data.pages.forEach(addPage);
    addPage(data);
    addTask(data.task);
  }
  return ids;
}

/** What an event makes stale: everything (a task changed), one conversation's queries, or nothing. */
export function staleScope(event: LiveEvent): "all" | { conversationId: string } | null {
  if (event.type === "task.created" || event.type === "task.updated") return "all";
  if (event.type === "message.created") return { conversationId: event.conversationId };
  return null;
}

function refresh(queryClient: QueryClient, companyId: string, conversations: Set<string> | "all") {
  void queryClient.invalidateQueries({
    queryKey: tasksKeys.all(companyId),
    predicate:
      conversations === "all"
        ? undefined
        : (query) => [...conversationIdsIn(query.state.data)].some((id) => conversations.has(id)),
  });
}

export function useLiveTaskRefresh(companyId: string | null): void {
  const queryClient = useQueryClient();
  const pending = useRef<{ all: boolean; conversations: Set<string>; timer?: ReturnType<typeof setTimeout> }>({
    all: false,
    conversations: new Set(),
  });

  useEffect(() => {
    const state = pending.current;
    return () => clearTimeout(state.timer);
  }, []);

  const schedule = (scope: "all" | { conversationId: string }) => {
    if (!companyId) return;
    const state = pending.current;
    if (scope === "all") state.all = true;
    else state.conversations.add(scope.conversationId);
    clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      const conversations = state.all ? "all" : new Set(state.conversations);
      state.all = false;
      state.conversations.clear();
      refresh(queryClient, companyId, conversations);
    }, LIVE_REFRESH_DELAY_MS);
  };

  useLiveEvents(
    (event) => {
      const scope = staleScope(event);
      if (scope) schedule(scope);
    },
    // Events missed while the stream was down are not replayed: refetch what is shown.
    { onReconnect: () => schedule("all") },
  );
}
