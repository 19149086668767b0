import type { LiveEvent } from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { findMessage } from "../conversations/messages.repository.ts";
import type { WireEvent } from "./notification.ts";

/** The whole event for one that travelled slim (see notification.ts); null when its message is gone. */
export async function hydrateEvent(db: Executor, companyId: string, event: WireEvent): Promise<LiveEvent | null> {
  if (event.type !== "message.created" || !("messageId" in event)) return event as LiveEvent;
  if (!isUuid(companyId) || !isUuid(event.messageId)) return null;
  const message = await findMessage(db, companyId, event.messageId);
  return message ? { type: "message.created", conversationId: event.conversationId, message } : null;
}
