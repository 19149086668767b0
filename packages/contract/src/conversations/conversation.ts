// Conversations and their messages. Plain
// constants and guards, without zod, so the web can use them in any chunk.

/** Who wrote a message: the customer, the AI employee, or a staff member who took over. */
export const SENDER_TYPES = ["customer", "ai", "staff"] as const;
export type SenderType = (typeof SENDER_TYPES)[number];

/** The name shown when a message carries none. */
export const DEFAULT_SENDER_NAMES: Record<SenderType, string> = {
  customer: "Customer",
  ai: "AI employee",
  staff: "Staff",
};

/** open: waiting on us; pending: waiting on the customer; resolved: nothing left to do. */
export const CONVERSATION_STATUSES = ["open", "pending", "resolved"] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const CONVERSATION_STATUS_LABELS: Record<ConversationStatus, string> = {
  open: "Open",
  pending: "Pending",
  resolved: "Resolved",
};

/** Who answers the customer: the AI employee until a staff member sends a message (takes over). */
export const CONVERSATION_HANDLERS = ["ai", "staff"] as const;
export type ConversationHandler = (typeof CONVERSATION_HANDLERS)[number];

/** A message's text, as staff may send it (longer texts from channels are stored as they come). */
export const MESSAGE_MAX_LENGTH = 4000;
/** One attachment's size limit. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Attachments on one staff message. */
export const ATTACHMENTS_PER_MESSAGE_MAX = 5;
/** The inbox's text search. */
export const CONVERSATION_SEARCH_MAX_LENGTH = 100;
/** Conversations list page size: default and maximum. */
export const CONVERSATIONS_PER_PAGE = 50;
export const CONVERSATIONS_PER_PAGE_MAX = 100;
/** Messages per page of a conversation: default and maximum. */
export const MESSAGES_PER_PAGE = 50;
export const MESSAGES_PER_PAGE_MAX = 100;

export function isSenderType(value: unknown): value is SenderType {
  return typeof value === "string" && (SENDER_TYPES as readonly string[]).includes(value);
}

export function isConversationStatus(value: unknown): value is ConversationStatus {
  return typeof value === "string" && (CONVERSATION_STATUSES as readonly string[]).includes(value);
}

export function isConversationHandler(value: unknown): value is ConversationHandler {
  return typeof value === "string" && (CONVERSATION_HANDLERS as readonly string[]).includes(value);
}
