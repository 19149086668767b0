// The live event stream (`GET /app/events`, server-sent events, company-scoped): each event's SSE `event:`
// name is its `type`, its `data:` the JSON of the whole event (camelCase here, snake_case on the wire).
import { z } from "zod";
import { TASK_STATES } from "../tasks/task.ts";
import { messageSchema } from "./schemas.ts";

export const LIVE_EVENT_TYPES = ["message.created", "conversation.updated", "task.created", "task.updated"] as const;
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
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
