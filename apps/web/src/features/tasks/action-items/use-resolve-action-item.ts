import { RESOLUTION_CONFLICT_MESSAGES, type ResolutionBody, resolutionConflict, type Task } from "@foreman/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { describeError, isApiError, isUnauthorized } from "#web/lib/api-error.ts";
import { toast } from "#web/lib/toast-store.ts";
import { resolveTask, tasksKeys } from "../api.ts";
import { writeCachedTask } from "../task-cache.ts";
import { type ActionItemsData, type TaskPosition, withoutTask, withTask } from "./api.ts";
import { clearDraft } from "./drafts.ts";

// Resolving an action item: it leaves the to-do list at once (optimistic) and comes back where it was,
// with the server's reason, if the server refuses. The server answers the resolved task: it replaces
// the old copies in the other cached lists, so nothing is fetched again (and the live event that echoes
// the resolution finds the task already in that state).

export type ResolveVariables = { task: Task; body: ResolutionBody };

/** 409: resolved meanwhile (another person, another tab) or past its due time; nothing changed. */
export const CONFLICT_TITLE = "This action item can no longer be resolved";

function who(task: Task) {
  return {
    ai: task.aiEmployee?.name ?? "Your AI employee",
    customer: task.conversation.customerName ?? "the customer",
  };
}

/** The toast after a successful resolution: what happened and what the AI employee does next. */
export function resolvedToast(task: Task, body: ResolutionBody): { title: string; description: string } {
  const { ai, customer } = who(task);
  if (body.decision === "authorized") return { title: "Authorized", description: `${ai} will let ${customer} know.` };
  if (body.decision === "left_pending") {
    return { title: "Left pending", description: `${ai} will tell ${customer} it is still under review.` };
  }
  return { title: "Answer sent", description: `${ai} will pass it on to ${customer}.` };
}

/** The 409's own message, else what the item's state and due time say. */
export function conflictDescription(error: unknown, task: Task): string {
  const fromServer = isApiError(error) ? error.body.errorDescription : undefined;
  if (fromServer) return fromServer;
  const reason = resolutionConflict(task) ?? "already_resolved";
  return RESOLUTION_CONFLICT_MESSAGES[reason];
}

export function useResolveActionItem(companyId: string) {
  const queryClient = useQueryClient();
  const toDoKey = tasksKeys.actionItems(companyId, "to_do");
  return useMutation({
    mutationFn: ({ task, body }: ResolveVariables) => resolveTask(companyId, task.id, body),
    onMutate: async ({ task }): Promise<{ position: TaskPosition | null }> => {
      await queryClient.cancelQueries({ queryKey: toDoKey });
      let position: TaskPosition | null = null;
      queryClient.setQueryData<ActionItemsData>(toDoKey, (data) => {
        const result = withoutTask(data, task.id);
        position = result.position;
        return result.data;
      });
      return { position };
    },
    onSuccess: (answer, { task, body }) => {
      clearDraft(task.id);
      // Out of the to-do list for good, even if a refetch brought it back meanwhile.
      queryClient.setQueryData<ActionItemsData>(toDoKey, (data) => withoutTask(data, task.id).data);
      if (answer?.id === task.id) writeCachedTask(queryClient, companyId, answer);
      toast({ ...resolvedToast(task, body), variant: "success" });
    },
    onError: (error, { task }, context) => {
      queryClient.setQueryData<ActionItemsData>(toDoKey, (data) => withTask(data, task, context?.position ?? null));
      // Also after a 409: the list shows the item as it now is (gone, or expired).
      void queryClient.invalidateQueries({ queryKey: tasksKeys.all(companyId) });
      if (isUnauthorized(error)) return;
      if (isApiError(error) && error.status === 409) {
        toast({ title: CONFLICT_TITLE, description: conflictDescription(error, task), variant: "destructive" });
        return;
      }
      toast({ title: "Couldn't resolve this action item", description: describeError(error), variant: "destructive" });
    },
  });
}
