import { createHmac } from "node:crypto";
import { type ChannelWebhookEvent, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from "@foreman/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { apiChannels, conversations, messages } from "#server/db/schema/index.ts";
import { type OutboundHttp, OutboundHttpError } from "#server/lib/outbound-http/outbound-http.ts";
import { toWireJson } from "#server/lib/wire.ts";
import { companyJobHandler, type JobHandler } from "../../jobs/index.ts";
import { openWebhookSecret } from "../webhook-secret.ts";
import { toChannelMessage } from "./channel-message.ts";

/** How long a receiver has to answer one delivery. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** `sha256=<hex>` of HMAC-SHA256 over `${timestamp}.${body}`: the receiver recomputes it with its secret. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export type WebhookDeliveryDeps = {
  db: Db;
  /** The guarded client for tenants' URLs (lib/outbound-http): public addresses only, no redirects. */
  outbound: OutboundHttp;
  /** Opens sealed webhook secrets (config.encryptionKey). */
  sealingKey: Buffer | null;
};

/**
 * The `webhook_delivery` job: posts one message to its channel's webhook, signed, through the outbound
 * client. A 2xx ends it; any other answer (a redirect included: it is not followed), a timeout, an
 * answer over the size cap or a refused connection is retried with backoff (jobs/job-queue.ts). An
 * address the outbound rules refuse, or a secret this server cannot open, fails it for good: retrying
 * would not change either. A channel revoked or without a webhook meanwhile ends it quietly.
 */
export function webhookDeliveryHandler({ db, outbound, sealingKey }: WebhookDeliveryDeps): JobHandler {
  return companyJobHandler(async (job, signal) => {
    const target = await findDelivery(db, job.subjectId, job.companyId);
    if (!target?.channel.webhookUrl || target.channel.revokedAt) return { status: "done" };
    const secret = openWebhookSecret(sealingKey, target.channel.webhookSecret);
    if (secret === null)
      return {
        status: "failed",
        error: "The webhook secret cannot be opened with this server's ENCRYPTION_KEY: rotate the channel",
      };
    const event: ChannelWebhookEvent = {
      event: "message.created",
      channelId: target.channel.id,
      conversationId: target.message.conversationId,
      message: toChannelMessage(target.message),
    };
    const body = toWireJson(event);
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const response = await outbound.send({
        url: target.channel.webhookUrl,
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "Foreman-Webhooks/1",
          [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
        },
        body,
        signal,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
      });
      if (response.status >= 200 && response.status < 300) return { status: "done" };
      return { status: "retry", error: `The webhook answered ${response.status}` };
    } catch (error) {
      if (!(error instanceof OutboundHttpError)) throw error;
      if (error.reason === "blocked_address" || error.reason === "invalid_url")
        return { status: "failed", error: `The webhook was not called: ${error.message}` };
      return { status: "retry", error: `The webhook failed: ${error.message}` };
    }
  });
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
