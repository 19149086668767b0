import { and, eq, isNull } from "drizzle-orm";
import { apiChannels } from "#server/db/schema/index.ts";
import type { ChannelOutbound } from "../channel-outbound.ts";

/**
 * The channel API: a message goes to the channel's webhook, signed, by the `webhook_delivery` job
 * (webhook-delivery.ts), when the channel has a webhook and is not revoked. The webhook does not report
 * delivery, so the message carries no delivery status.
 */
export const apiOutbound: ChannelOutbound = {
  async checkStaffReply() {},
  async deliver(tx, queue, message) {
    const apiChannelId = message.route.apiChannelId;
    if (!apiChannelId) return null;
    const [channel] = await tx
      .select({ webhookUrl: apiChannels.webhookUrl })
      .from(apiChannels)
      .where(and(eq(apiChannels.id, apiChannelId), isNull(apiChannels.revokedAt)));
    if (channel?.webhookUrl)
      await queue.enqueue(tx, { companyId: message.companyId, kind: "webhook_delivery", subjectId: message.messageId });
    return null;
  },
};
