// Tasks: what an AI employee escalates to staff, as action items and
// assistant threads. Plain constants and guards, without zod.

/** The only task type: the AI needs a human's response. Its tasks are the assistant threads. */
export const HUMAN_RESPONSE_TASK = "Tasks::HumanResponse";
export const TASK_TYPES = [HUMAN_RESPONSE_TASK] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** to_do: waiting for staff (the action items list); done: answered or decided. */
export const TASK_STATES = ["to_do", "done"] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** question: staff answer it; authorize: staff authorize it or leave it pending. */
export const ACTION_TYPES = ["authorize", "question"] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** What staff decided on an authorize item. */
export const TASK_DECISIONS = ["authorized", "left_pending"] as const;
export type TaskDecision = (typeof TASK_DECISIONS)[number];

/**
 * What came of an authorized item the AI employee raised: its request was applied as approved, or it was
 * not, because the quote changed since the item was raised (`outcomeReason` says how). Null otherwise.
 */
export const TASK_OUTCOMES = ["applied", "changed_since_raised"] as const;
export type TaskOutcome = (typeof TASK_OUTCOMES)[number];

/** The record a task concerns (an order is a quote that moved on). */
export const ASSIGNABLE_TYPES = ["Conversation", "Quote"] as const;
export type AssignableType = (typeof ASSIGNABLE_TYPES)[number];

/** Who wrote in a task's assistant thread: the AI employee (it asks first) or staff. */
export const TASK_AUTHOR_TYPES = ["ai", "staff"] as const;
export type TaskAuthorType = (typeof TASK_AUTHOR_TYPES)[number];

/** A staff answer or assist input. */
export const ANSWER_MAX_LENGTH = 2000;
/**
 * `GET /app/tasks.json` without a period (no `relative_date`, not both bounds) applies no date filter:
 * a to-do item stays on the action items list however old it is (unlike quotes' monthly default).
 */
export const TASKS_DEFAULT_PERIOD = "all" as const;
/** Task list page size: default and maximum. */
export const TASKS_PER_PAGE = 50;
export const TASKS_PER_PAGE_MAX = 100;
/**
 * Messages of the customer conversation sent with each task: the newest ones, as many as an action item
 * shows under "Show recent messages" (the whole conversation is a link away).
 */
export const TASK_CONVERSATION_MESSAGES = 4;

export const TASK_STATE_LABELS: Record<TaskState, string> = { to_do: "To do", done: "Done" };
export const ACTION_TYPE_LABELS: Record<ActionType, string> = { authorize: "Authorize", question: "Question" };
export const TASK_DECISION_LABELS: Record<TaskDecision, string> = {
  authorized: "Authorized",
  left_pending: "Left pending",
};

export function isTaskState(value: unknown): value is TaskState {
  return typeof value === "string" && (TASK_STATES as readonly string[]).includes(value);
}

export function isActionType(value: unknown): value is ActionType {
  return typeof value === "string" && (ACTION_TYPES as readonly string[]).includes(value);
}

export function isTaskDecision(value: unknown): value is TaskDecision {
  return typeof value === "string" && (TASK_DECISIONS as readonly string[]).includes(value);
}

export function isTaskOutcome(value: unknown): value is TaskOutcome {
  return typeof value === "string" && (TASK_OUTCOMES as readonly string[]).includes(value);
}

export function isAssignableType(value: unknown): value is AssignableType {
  return typeof value === "string" && (ASSIGNABLE_TYPES as readonly string[]).includes(value);
}
