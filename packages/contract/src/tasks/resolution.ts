// Resolving an action item: what a resolution must contain, and when a task can still be resolved.
import type { FieldError } from "../validation.ts";
import type { ActionType, TaskDecision, TaskState } from "./task.ts";

export type Resolution = { decision?: TaskDecision | undefined; answer?: string | undefined };

/**
 * What is wrong with a (schema-valid) resolution for a task of this action type, or null: a question
 * needs an answer and takes no decision; an authorize item needs a decision, its answer is optional.
 */
export function resolutionIssue(actionType: ActionType, resolution: Resolution): FieldError | null {
  if (actionType === "question") {
    if (resolution.decision !== undefined) {
      return { field: "decision", message: "Only authorize items take a decision" };
    }
    if (resolution.answer === undefined) return { field: "answer", message: "Required" };
    return null;
  }
  if (resolution.decision === undefined) return { field: "decision", message: "Required" };
  return null;
}

export type ResolutionConflict = "already_resolved" | "past_due";

export const RESOLUTION_CONFLICT_MESSAGES: Record<ResolutionConflict, string> = {
  already_resolved: "This action item has already been resolved",
  past_due: "This action item is past its due time",
};

/**
 * Why a task can no longer be resolved, or null when it can: it must be to do and due after `now`
 * (the same condition the server's conditional UPDATE checks, so the UI can disable the form in time).
 */
export function resolutionConflict(
  task: { state: TaskState; dueAt: string | Date },
  now: Date = new Date(),
): ResolutionConflict | null {
  if (task.state !== "to_do") return "already_resolved";
  const due = task.dueAt instanceof Date ? task.dueAt : new Date(task.dueAt);
  if (Number.isNaN(due.getTime()) || due.getTime() <= now.getTime()) return "past_due";
  return null;
}
