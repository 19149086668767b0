import type { ChannelMessage } from "@foreman/contract";
import type { MessageRow } from "#server/db/schema/index.ts";

/** A message as the channel API and its webhook show it. */
export function toChannelMessage(row: MessageRow): ChannelMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    role: row.senderType,
    senderName: row.senderName,
    content: row.content,
    replyTo: row.replyToMessageId,
    externalId: row.externalId,
    createdAt: row.createdAt.toISOString(),
  };
}
