// The live event stream (`GET /app/events`, server-sent events, company-scoped): each event's SSE `event:`
// name is its `type`, its `data:` the JSON of the whole event (camelCase here, snake_case on the wire).
import { z } from "zod";
import { KNOWLEDGE_EVENT_STATUSES } from "../knowledge/knowledge.ts";
import { TASK_STATES } from "../tasks/task.ts";
import { TICKET_STATUSES } from "../tickets/ticket.ts";
import { WHATSAPP_CONNECTION_STATES } from "../whatsapp/connection.ts";
import { messageSchema } from "./schemas.ts";

export const LIVE_EVENT_TYPES = [
  "message.created",
  "conversation.updated",
  "task.created",
  "task.updated",
  "knowledge.updated",
  "message.updated",
  "whatsapp.updated",
  "ticket.updated",
  "company.updated",
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** Seconds between the stream's heartbeat comments (keeps proxies from closing an idle stream). */
export const LIVE_EVENTS_HEARTBEAT_SECONDS = 25;

const taskEvent = (type: "task.created" | "task.updated") =>
  z.object({ type: z.literal(type), taskId: z.string(), state: z.enum(TASK_STATES) });

export const liveEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("message.created"), conversationId: z.string(), message: messageSchema }),
  z.object({ type: z.literal("conversation.updated"), conversationId: z.string() }),
  taskEvent("task.created"),
  taskEvent("task.updated"),
  // A knowledge base entry's processing moved on (queued → extracting with progress → indexed or failed),
  // or the entry was deleted (every open list drops it).
  z.object({
    type: z.literal("knowledge.updated"),
    entryId: z.string(),
    status: z.enum(KNOWLEDGE_EVENT_STATUSES),
    progress: z.number().int(),
  }),
  // A message changed after it was posted: WhatsApp reported it sent, delivered, read or failed.
  z.object({ type: z.literal("message.updated"), conversationId: z.string(), message: messageSchema }),
  // The WhatsApp connection or its templates changed (onboarding steps, a disconnect, a sync, a review).
  z.object({
    type: z.literal("whatsapp.updated"),
    state: z.enum(WHATSAPP_CONNECTION_STATES).nullable(),
    templateId: z.string().nullable(),
  }),
  // A ticket was opened or changed (by staff or an AI employee): lists and its preview refetch.
  z.object({ type: z.literal("ticket.updated"), ticketId: z.string(), status: z.enum(TICKET_STATUSES) }),
  // The company's settings changed (name, time zone, hours…): open pages read /app/me.json again.
  z.object({ type: z.literal("company.updated") }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
