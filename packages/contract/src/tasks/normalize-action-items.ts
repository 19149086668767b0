// Lenient reading of an action item list.
// Plain TypeScript, no zod, like the message reader it uses for each task's conversation.
import { normalizeRawMessages, normalizeTimestamp } from "../conversations/normalize-message.ts";
import { field, isRecord, nonBlank, type RawRecord, textField } from "../conversations/raw-fields.ts";
import type { NamedRef } from "../conversations/schemas.ts";
import { isOrderState } from "../orders/order.ts";
import { channelFromSource, isChannel } from "../sales/channel.ts";
import { currencyOrDefault } from "../sales/currency.ts";
import { parseChatId } from "./assist-thread-key.ts";
import type { Task, TaskConversation } from "./schemas.ts";
import {
  type ActionType,
  HUMAN_RESPONSE_TASK,
  isActionType,
  isAssignableType,
  isTaskDecision,
  isTaskOutcome,
  type TaskState,
} from "./task.ts";

const TITLE_MAX = 80;

const outcomeOf = (raw: RawRecord) => {
  const outcome = textField(raw, "outcome");
  return isTaskOutcome(outcome) ? outcome : null;
};

function actionTypeOf(raw: RawRecord): ActionType {
  // The spec's raw items call the action type `type`; ours keep `type` for the task class.
  const value = textField(raw, "actionType", "action_type", "type")?.trim().toLowerCase();
  return isActionType(value) ? value : "question";
}

function stateOf(raw: RawRecord): TaskState {
  const value = textField(raw, "state", "status")
    ?.trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  if (value === "done" || value === "resolved" || value === "completed" || value === "closed") return "done";
  return "to_do";
}

function namedRef(raw: unknown): NamedRef | null {
  if (!isRecord(raw)) return null;
  const id = nonBlank(textField(raw, "id"));
  const joined = [textField(raw, "firstName", "first_name"), textField(raw, "lastName", "last_name")]
    .filter((part) => part?.trim())
    .join(" ");
  const name = nonBlank(textField(raw, "name", "fullName", "full_name")) ?? nonBlank(joined);
  return id && name ? { id, name } : null;
}

function firstLine(text: string): string {
  const line = text.trim().split(/\r?\n/)[0]!.trim();
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1).trimEnd()}…` : line;
}

function tagsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [];
  const tags: string[] = [];
  for (const item of list) {
    const tag = nonBlank(item);
    if (tag && !tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

function conversationOf(raw: RawRecord): TaskConversation | null {
  const nested = isRecord(raw.conversation) ? raw.conversation : {};
  const id = nonBlank(textField(nested, "id")) ?? nonBlank(textField(raw, "conversationId", "conversation_id"));
  if (!id) return null;
  const channel = textField(nested, "channel")?.trim().toLowerCase();
  const chatId = (...keys: string[]) => parseChatId(textField(nested, ...keys)?.trim()) ?? 0;
  return {
    id,
    // 0: the chat tool's id is unknown (the chat tool link is then not offered).
    displayId: chatId("displayId", "display_id", "chatConversationDisplayId"),
    inboxId: chatId("inboxId", "inbox_id", "chatInboxId"),
    accountId: chatId("accountId", "account_id"),
    channel: isChannel(channel) ? channel : channelFromSource(channel),
    customerName: nonBlank(textField(nested, "customerName", "customer_name")) ?? null,
    messages: normalizeRawMessages(field(nested, "messages"), { conversationId: id }),
  };
}

function quoteOf(raw: unknown): Task["quote"] {
  if (!isRecord(raw)) return null;
  const id = nonBlank(textField(raw, "id"));
  const number = field(raw, "number");
  const state = textField(raw, "state");
  const total = field(raw, "totalCents", "total_cents");
  if (!id || typeof number !== "number" || !Number.isInteger(number) || number < 1 || !isOrderState(state)) return null;
  return {
    id,
    number,
    state,
    totalCents: typeof total === "number" && Number.isInteger(total) ? total : 0,
    currency: currencyOrDefault(textField(raw, "currency", "totalCurrency", "total_currency")),
  };
}

/**
 * One raw action item as a `Task`, or null when it cannot be acted on: it needs an id, a due time and
 * the conversation it concerns. Everything else is filled in: an unknown action type is a question, an
 * unknown state is to do, a missing title is the question's first line, missing times fall back to the
 * others, and the conversation's messages are read leniently (`normalizeRawMessage`).
 */
export function normalizeActionItem(raw: unknown): Task | null {
  if (!isRecord(raw)) return null;
  const id = nonBlank(textField(raw, "id"));
  const dueAt = normalizeTimestamp(field(raw, "dueAt", "due_at", "dueDate", "due_date"));
  const conversation = conversationOf(raw);
  if (!id || !dueAt || !conversation) return null;

  const actionType = actionTypeOf(raw);
  const questionText = nonBlank(textField(raw, "question", "description", "content", "body"));
  const title = nonBlank(textField(raw, "title", "name")) ?? (questionText ? firstLine(questionText) : "Action item");
  const createdAt = normalizeTimestamp(field(raw, "createdAt", "created_at"));
  const updatedAt = normalizeTimestamp(field(raw, "updatedAt", "updated_at"));
  const decision = textField(raw, "decision")?.trim().toLowerCase();
  const assignable = isRecord(raw.assignable) ? raw.assignable : {};
  const assignableType = textField(assignable, "type") ?? textField(raw, "assignableType", "assignable_type");
  const assignableId =
    nonBlank(textField(assignable, "id")) ?? nonBlank(textField(raw, "assignableId", "assignable_id"));
  const aiEmployee = namedRef(raw.aiEmployee ?? raw.ai_employee);

  return {
    id,
    type: HUMAN_RESPONSE_TASK,
    actionType,
    title,
    question: questionText ?? title,
    state: stateOf(raw),
    dueAt,
    answer: nonBlank(textField(raw, "answer")) ?? null,
    decision: actionType === "authorize" && isTaskDecision(decision) ? decision : null,
    outcome: outcomeOf(raw),
    outcomeReason: nonBlank(textField(raw, "outcomeReason", "outcome_reason")) ?? null,
    resolvedAt: normalizeTimestamp(field(raw, "resolvedAt", "resolved_at")),
    resolvedBy: namedRef(raw.resolvedBy ?? raw.resolved_by),
    assignable:
      isAssignableType(assignableType) && assignableId
        ? { type: assignableType, id: assignableId }
        : { type: "Conversation", id: conversation.id },
    aiEmployeeId: nonBlank(textField(raw, "aiEmployeeId", "ai_employee_id")) ?? aiEmployee?.id ?? null,
    aiEmployee,
    tags: tagsOf(field(raw, "tags")),
    createdAt: createdAt ?? updatedAt ?? dueAt,
    updatedAt: updatedAt ?? createdAt ?? dueAt,
    conversation,
    quote: quoteOf(raw.quote),
  };
}

/**
 * A raw action item list — an array, or an object holding one under `tasks`, `actionItems`,
 * `action_items` or `data` — as tasks, dropping items that cannot be acted on. Anything else is [].
 */
export function normalizeActionItems(raw: unknown): Task[] {
  const list = Array.isArray(raw)
    ? raw
    : isRecord(raw)
      ? [raw.tasks, raw.actionItems, raw.action_items, raw.data].find(Array.isArray)
      : undefined;
  if (!list) return [];
  const tasks: Task[] = [];
  for (const item of list) {
    const task = normalizeActionItem(item);
    if (task) tasks.push(task);
  }
  return tasks;
}
