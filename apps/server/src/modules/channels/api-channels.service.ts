import { randomBytes } from "node:crypto";
import {
  API_CHANNEL_TOKEN_PREFIX,
  API_CHANNEL_TOKEN_SHOWN,
  type ApiChannel,
  type ApiChannelWithSecrets,
  type apiChannelInputSchema,
  type FieldError,
} from "@foreman/contract";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import type { OutboundHttp } from "#server/lib/outbound-http/outbound-http.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { recordActivity, staffActor } from "../activities/index.ts";
import { findAiEmployee } from "../ai-employees/index.ts";
import { hashToken } from "../auth/index.ts";
import {
  type ApiChannelView,
  findApiChannel,
  insertApiChannel,
  listApiChannels,
  updateApiChannel,
} from "./api-channels.repository.ts";
import { sealWebhookSecret } from "./webhook-secret.ts";

export type ChannelWriteContext = {
  db: Db;
  companyId: string;
  userId: string;
  /** Seals webhook secrets at rest (config.encryptionKey); null keeps them as given. */
  sealingKey: Buffer | null;
  /** Checks a webhook URL before it is saved (the outbound client's address rules). */
  outbound: Pick<OutboundHttp, "checkUrl">;
};

const CHANNEL_NOT_FOUND = "Channel not found";
const notFound = () => httpError(404, "not_found", CHANNEL_NOT_FOUND);

/** A fresh token (256 random bits behind a recognisable prefix) and webhook secret. */
export function newChannelSecrets() {
  const token = `${API_CHANNEL_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return {
    token,
    webhookSecret: randomBytes(32).toString("base64url"),
    stored: { tokenHash: hashToken(token), tokenPrefix: token.slice(0, API_CHANNEL_TOKEN_SHOWN) },
  };
}

function toApiChannel(row: ApiChannelView): ApiChannel {
  return {
    id: row.id,
    name: row.name,
    aiEmployee: row.aiEmployeeId ? { id: row.aiEmployeeId, name: row.aiEmployeeName ?? "" } : null,
    webhookUrl: row.webhookUrl,
    tokenPrefix: row.tokenPrefix,
    createdAt: row.createdAt.toISOString(),
    rotatedAt: row.rotatedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export async function getApiChannels(db: Db, companyId: string) {
  return { apiChannels: (await listApiChannels(db, companyId)).map(toApiChannel) };
}

async function findOr404(db: Db, companyId: string, id: string) {
  const row = isUuid(id) ? await findApiChannel(db, companyId, id) : null;
  if (!row) throw notFound();
  return row;
}

/** Registers a channel answered by one of the company's AI employees; the token and secret are answered once. */
export async function createApiChannel(
  ctx: ChannelWriteContext,
  input: z.output<typeof apiChannelInputSchema>,
): Promise<ApiChannelWithSecrets> {
  const { db, companyId, userId } = ctx;
  const employee = await findAiEmployee(db, companyId, input.aiEmployeeId);
  const problems: FieldError[] = [];
  if (!employee) problems.push({ field: "aiEmployeeId", message: "Choose an AI employee of this company" });
  // Checked again at every delivery (a name may point elsewhere by then); refused here so the owner
  // hears it now rather than through failed deliveries.
  const refused = input.webhookUrl ? await ctx.outbound.checkUrl(input.webhookUrl) : null;
  if (refused)
    problems.push({
      field: "webhookUrl",
      message:
        refused.reason === "blocked_address"
          ? `${refused.message}: a webhook must reach a public address`
          : refused.message,
    });
  if (!employee || problems.length > 0)
    throw httpError(422, "validation_failed", "Request validation failed", problems);
  const secrets = newChannelSecrets();
  const id = await db.transaction(async (tx) => {
    const channelId = await insertApiChannel(tx, {
      companyId,
      name: input.name,
      aiEmployeeId: employee.id,
      webhookUrl: input.webhookUrl,
      webhookSecret: sealWebhookSecret(ctx.sealingKey, secrets.webhookSecret),
      createdByUserId: userId,
      ...secrets.stored,
    });
    await recordActivity(tx, {
      companyId,
      kind: "api_channel.created",
      actor: await staffActor(tx, userId),
      subject: { type: "api_channel", id: channelId },
      summary: `Opened the channel ${input.name}, answered by ${employee.name}`,
      details: { name: input.name, aiEmployee: employee.name, webhookUrl: input.webhookUrl },
    });
    return channelId;
  });
  const row = await findOr404(db, companyId, id);
  return { ...toApiChannel(row), token: secrets.token, webhookSecret: secrets.webhookSecret };
}

/** A new token and secret; the old token stops working at once. A revoked channel cannot be rotated. */
export async function rotateApiChannel(ctx: ChannelWriteContext, id: string): Promise<ApiChannelWithSecrets> {
  const { db, companyId, userId } = ctx;
  const row = await findOr404(db, companyId, id);
  if (row.revokedAt) throw httpError(409, "revoked", "This channel is revoked: open a new one instead");
  const secrets = newChannelSecrets();
  await db.transaction(async (tx) => {
    await updateApiChannel(tx, companyId, row.id, {
      ...secrets.stored,
      webhookSecret: sealWebhookSecret(ctx.sealingKey, secrets.webhookSecret),
      rotatedAt: new Date(),
    });
    await recordActivity(tx, {
      companyId,
      kind: "api_channel.rotated",
      actor: await staffActor(tx, userId),
      subject: { type: "api_channel", id: row.id },
      summary: `Rotated the token of the channel ${row.name}`,
    });
  });
  const updated = await findOr404(db, companyId, row.id);
  return { ...toApiChannel(updated), token: secrets.token, webhookSecret: secrets.webhookSecret };
}

/** Stops the channel for good. Idempotent: revoking a revoked channel answers it and records nothing. */
export async function revokeApiChannel(ctx: ChannelWriteContext, id: string): Promise<ApiChannel> {
  const { db, companyId, userId } = ctx;
  const row = await findOr404(db, companyId, id);
  if (row.revokedAt) return toApiChannel(row);
  await db.transaction(async (tx) => {
    await updateApiChannel(tx, companyId, row.id, { revokedAt: new Date() });
    await recordActivity(tx, {
      companyId,
      kind: "api_channel.revoked",
      actor: await staffActor(tx, userId),
      subject: { type: "api_channel", id: row.id },
      summary: `Revoked the channel ${row.name}`,
    });
  });
  return toApiChannel(await findOr404(db, companyId, row.id));
}
