import {
  camelizeKeys,
  isDeliveryStatus,
  KNOWLEDGE_EVENT_STATUSES,
  type KnowledgeEventStatus,
  LIVE_EVENT_TYPES,
  type LiveEvent,
  type LiveEventType,
  type Message,
  normalizeRawMessage,
  TASK_STATES,
  type TaskState,
  TICKET_STATUSES,
  type TicketStatus,
  WHATSAPP_CONNECTION_STATES,
  type WhatsappConnectionState,
} from "@foreman/contract";
import type { SseFrame } from "./sse-parser.ts";

// One frame of `GET /app/events` as a LiveEvent. Checked by hand rather than with the contract's zod
// schema, so the screens that listen do not all download zod; the message itself goes through the
// contract's lenient reader. Unknown event types are skipped: a newer server may announce more.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === "string" && value !== "";
const isTaskState = (value: unknown): value is TaskState =>
  typeof value === "string" && (TASK_STATES as readonly string[]).includes(value);
const isKnowledgeStatus = (value: unknown): value is KnowledgeEventStatus =>
  typeof value === "string" && (KNOWLEDGE_EVENT_STATUSES as readonly string[]).includes(value);
const isWhatsappState = (value: unknown): value is WhatsappConnectionState =>
  typeof value === "string" && (WHATSAPP_CONNECTION_STATES as readonly string[]).includes(value);
const isTicketStatus = (value: unknown): value is TicketStatus =>
  typeof value === "string" && (TICKET_STATUSES as readonly string[]).includes(value);
const isLiveEventType = (value: unknown): value is LiveEventType =>
  typeof value === "string" && (LIVE_EVENT_TYPES as readonly string[]).includes(value);

/**
 * What our own API adds to a message that the lenient reader (made for chat tools' items) leaves out:
 * the agent run that wrote it, its WhatsApp delivery and template. Only the well-formed ones are kept.
 */
function apiMessageFields(raw: unknown): Pick<Message, "agentRunId" | "delivery" | "templateName"> {
  if (!isRecord(raw)) return {};
  const fields: Pick<Message, "agentRunId" | "delivery" | "templateName"> = {};
  if (isText(raw.agentRunId)) fields.agentRunId = raw.agentRunId;
  if (isText(raw.templateName)) fields.templateName = raw.templateName;
  const delivery = raw.delivery;
  if (isRecord(delivery) && isDeliveryStatus(delivery.status)) {
    fields.delivery = {
      status: delivery.status,
      errorCode: Number.isInteger(delivery.errorCode) ? (delivery.errorCode as number) : null,
      error: isText(delivery.error) ? delivery.error : null,
    };
  }
  return fields;
}

/** The event a frame carries, or null when it is not one (bad JSON, unknown type, missing ids). */
export function liveEventFromFrame(frame: SseFrame): LiveEvent | null {
  let payload: unknown;
  try {
    payload = camelizeKeys(JSON.parse(frame.data));
  } catch {
    return null;
  }
  if (!isRecord(payload)) return null;
  // The payload names its type; the SSE event name is the same, and used when it does not.
  const type = isLiveEventType(payload.type) ? payload.type : frame.event;
  switch (type) {
    // A message posted, or one that changed after (WhatsApp reported it delivered, read or failed).
    case "message.created":
    case "message.updated": {
      const { conversationId } = payload;
      if (!isText(conversationId)) return null;
      const message = normalizeRawMessage(payload.message, { conversationId });
      // Without a usable message (a bus that passed ids only), listeners refetch the conversation.
      if (!message) return { type: "conversation.updated", conversationId };
      return { type, conversationId, message: { ...message, ...apiMessageFields(payload.message), conversationId } };
    }
    case "conversation.updated":
      return isText(payload.conversationId) ? { type, conversationId: payload.conversationId } : null;
    case "task.created":
    case "task.updated":
      return isText(payload.taskId) && isTaskState(payload.state)
        ? { type, taskId: payload.taskId, state: payload.state }
        : null;
    case "knowledge.updated": {
      const { entryId, status, progress } = payload;
      return isText(entryId) && isKnowledgeStatus(status) && Number.isInteger(progress)
        ? { type, entryId, status, progress: progress as number }
        : null;
    }
    case "whatsapp.updated": {
      // Both may be null: no connection any more (disconnected), or a change that is not one template's.
      const state = payload.state ?? null;
      const templateId = payload.templateId ?? null;
      if (state !== null && !isWhatsappState(state)) return null;
      if (templateId !== null && !isText(templateId)) return null;
      return { type, state, templateId };
    }
    // A ticket opened or changed: the support desk refetches its list and an open preview.
    case "ticket.updated":
      return isText(payload.ticketId) && isTicketStatus(payload.status)
        ? { type, ticketId: payload.ticketId, status: payload.status }
        : null;
    case "company.updated":
      return { type };
    default:
      return null;
  }
}
