import {
  type AssistantThread,
  type AssistantThreadSummary,
  type AssistResult,
  assistThreadPath,
  formatAssistThreadKey,
  humanResponseThreads,
  parseAssistThreadKey,
  TASKS_PER_PAGE_MAX,
  type Task,
} from "@foreman/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { ApiError, describeError, isApiError, isUnauthorized } from "#web/lib/api-error.ts";
import { orFallback } from "#web/lib/or-fallback.ts";
import { toast } from "#web/lib/toast-store.ts";
import { tasksKeys } from "../api.ts";

// The assistant screen's calls: the threads list (`GET /app/tasks`; a failed load is
// reported and gives an empty list), one thread (`GET /app/tasks/{id}.json`) and the assist call
// (`POST /internal/assist/{accountId}/thread/{conversationDisplayId}`; reported, then rethrown).

export const NO_THREADS_TEXT = "No threads available";
export const SEND_FAILED_MESSAGE = "Failed to send message. Please try again.";
export const THREADS_FAILED_MESSAGE = "Couldn't load the assistant threads";

/** The newest threads; more than this many open threads is not a list anyone works through. */
export const THREADS_PER_PAGE = TASKS_PER_PAGE_MAX;

/** Only `Tasks::HumanResponse` threads, newest update first, whatever order they came in. */
export async function fetchThreads(companyId: string, signal?: AbortSignal): Promise<AssistantThreadSummary[]> {
  const page = await apiRequest<{ tasks?: unknown }>("/app/tasks", {
    companyScoped: true,
    companyId,
    signal,
    query: { perPage: THREADS_PER_PAGE },
  });
  const tasks = Array.isArray(page?.tasks) ? (page.tasks as AssistantThreadSummary[]) : [];
  return humanResponseThreads(tasks);
}

export function threadsQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: tasksKeys.threads(companyId),
    queryFn: ({ signal }) =>
      orFallback(() => fetchThreads(companyId, signal), signal, THREADS_FAILED_MESSAGE, [] as AssistantThreadSummary[]),
  });
}

export const isThreadNotFound = (error: unknown) => isApiError(error) && error.status === 404;

export function threadQueryOptions(companyId: string, id: string) {
  return queryOptions({
    queryKey: tasksKeys.thread(companyId, id),
    queryFn: ({ signal }) =>
      apiRequest<AssistantThread>(`/app/tasks/${encodeURIComponent(id)}.json`, {
        companyScoped: true,
        companyId,
        signal,
      }),
  });
}

/** The thread's 'account-conversation' key ("12-345") that names the assist path; null when the chat ids are unknown. */
export function assistKeyOf(task: Pick<Task, "conversation">) {
  return parseAssistThreadKey(
    formatAssistThreadKey({
      accountId: task.conversation.accountId,
      conversationDisplayId: task.conversation.displayId,
    }),
  );
}

/** Staff's answer in the thread: recorded, the task resolved, the answer handed to the AI employee. */
export async function sendAssist(companyId: string, task: Pick<Task, "id" | "conversation">, input: string) {
  try {
    const key = assistKeyOf(task);
    if (!key) {
      throw new ApiError(400, {
        error: "invalid_thread",
        errorDescription: "This thread has no chat conversation to answer in.",
      });
    }
    return await apiRequest<AssistResult>(assistThreadPath(key), {
      method: "POST",
      companyScoped: true,
      companyId,
      body: { input, taskId: task.id },
    });
  } catch (error) {
    // The assist call reports and rethrows (the composer keeps what was typed).
    if (!isUnauthorized(error))
      toast({ title: SEND_FAILED_MESSAGE, description: describeError(error), variant: "destructive" });
    throw error;
  }
}
