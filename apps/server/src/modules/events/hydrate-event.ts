import type { LiveEvent, Message } from "@foreman/contract";
import { isUuid } from "#server/lib/uuid.ts";
import type { WireEvent } from "./notification.ts";

/** Reads a company's message for an event that carried only its id (modules/conversations provides it). */
export type FindMessage = (companyId: string, messageId: string) => Promise<Message | null>;

/** The whole event for one that travelled slim (see notification.ts); null when its message is gone. */
export async function hydrateEvent(
  findMessage: FindMessage,
  companyId: string,
  event: WireEvent,
): Promise<LiveEvent | null> {
  if (event.type !== "message.created" || !("messageId" in event)) return event as LiveEvent;
  if (!isUuid(companyId) || !isUuid(event.messageId)) return null;
  const message = await findMessage(companyId, event.messageId);
  return message ? { type: "message.created", conversationId: event.conversationId, message } : null;
}
