import { createHmac } from "node:crypto";
import { type ChannelWebhookEvent, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from "@foreman/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { apiChannels, conversations, messages } from "#server/db/schema/index.ts";
import { toWireJson } from "#server/lib/wire.ts";
import type { JobHandler } from "../jobs/job-queue.ts";
import { toChannelMessage } from "./channel-message.ts";

/** How long a receiver has to answer one delivery. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** `sha256=<hex>` of HMAC-SHA256 over `${timestamp}.${body}`: the receiver recomputes it with its secret. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/**
 * The `webhook_delivery` job: posts one message to its channel's webhook, signed. A 2xx ends it; any
 * other answer, a timeout or a refused connection is retried with backoff (jobs/job-queue.ts). A channel
 * revoked or without a webhook meanwhile ends it quietly.
 */
export function webhookDeliveryHandler(db: Db): JobHandler {
  return async (job, signal) => {
    const target = await findDelivery(db, job.subjectId, job.companyId);
    if (!target?.channel.webhookUrl || target.channel.revokedAt) return { status: "done" };
    const event: ChannelWebhookEvent = {
      event: "message.created",
      channelId: target.channel.id,
      conversationId: target.message.conversationId,
      message: toChannelMessage(target.message),
    };
    const body = toWireJson(event);
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const response = await fetch(target.channel.webhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "Foreman-Webhooks/1",
          [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(target.channel.webhookSecret, timestamp, body),
        },
        body,
        redirect: "manual",
        signal: AbortSignal.any([signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
      });
      await response.body?.cancel();
      if (response.ok) return { status: "done" };
      return { status: "retry", error: `The webhook answered ${response.status}` };
    } catch (error) {
      const reason =
        error instanceof Error && error.name === "TimeoutError" ? "did not answer in time" : "could not be reached";
      return { status: "retry", error: `The webhook ${reason}` };
    }
  };
}

/** The message and the channel of its conversation. */
async function findDelivery(db: Db, messageId: string, companyId: string) {
  const [row] = await db
    .select({ message: messages, channel: apiChannels })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(apiChannels, eq(apiChannels.id, conversations.apiChannelId))
    .where(and(eq(messages.id, messageId), eq(messages.companyId, companyId)));
  return row ?? null;
}
