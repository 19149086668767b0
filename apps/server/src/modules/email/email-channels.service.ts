import { randomInt } from "node:crypto";
import {
  EMAIL_CHANNEL_LIMITS,
  type EmailChannel,
  type EmailChannelCreate,
  type EmailChannelPatch,
  type FieldError,
  inboundAddress,
} from "@foreman/contract";
import type { Db, Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { recordActivity, staffActor } from "../activities/index.ts";
import { checkAnsweredBy } from "../channels/index.ts";
import {
  countEmailChannels,
  deleteEmailChannel,
  type EmailChannelChanges,
  type EmailChannelView,
  findCompanyName,
  findEmailChannel,
  insertEmailChannel,
  listEmailChannels,
  lockCompanyEmailChannels,
  updateEmailChannel,
} from "./email-channels.repository.ts";

// The email channels' registry: staff open a channel answered by an AI employee or a department, and
// forward their own address to the inbound address it gets. Owners and admins write; every write is
// logged. The inbound address is global (mail finds its company by it), so its local part is random.

export type EmailChannelContext = { db: Db; companyId: string; inboundDomain: string };
export type EmailChannelWriteContext = EmailChannelContext & { userId: string };

const SLUG_LENGTH = 20;
const SUFFIX_LENGTH = 6;
const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";
/** Tries before giving up on a free address: six random characters make a clash rare already. */
const ADDRESS_TRIES = 8;

/** The company's name as an address part: lower-case a-z, 0-9 and single hyphens, at most 20 characters. */
export function companySlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_LENGTH)
    .replace(/-+$/, "");
  return slug || "mail";
}

/** `northwind-supply-k2m9x4`: the company's slug and six random base36 characters (cannot be guessed). */
export function newInboundLocal(companyName: string): string {
  let suffix = "";
  for (let i = 0; i < SUFFIX_LENGTH; i++) suffix += BASE36[randomInt(BASE36.length)];
  return `${companySlug(companyName)}-${suffix}`;
}

export function toEmailChannel(row: EmailChannelView, inboundDomain: string): EmailChannel {
  const inbound = inboundAddress(row.inboundLocal, inboundDomain);
  return {
    id: row.id,
    name: row.name,
    inboundAddress: inbound,
    fromAddress: row.fromAddress ?? inbound,
    customFromAddress: row.fromAddress !== null,
    aiEmployee: row.aiEmployeeId ? { id: row.aiEmployeeId, name: row.aiEmployeeName ?? "" } : null,
    department: row.departmentId ? { id: row.departmentId, name: row.departmentName ?? "" } : null,
    enabled: row.enabled,
    conversationsCount: row.conversationsCount,
    createdAt: row.createdAt.toISOString(),
  };
}

const notFound = () => httpError(404, "not_found", "Email channel not found");
const _invalid = (details: FieldError[]) => httpError(422, "validation_failed", "Request validation failed", details);

async function findOr404(db: Executor, companyId: string, id: string) {
  const row = isUuid(id) ? await findEmailChannel(db, companyId, id) : null;
  if (!row) throw notFound();
  return row;
}

export async function getEmailChannels({ db, companyId, inboundDomain }: EmailChannelContext) {
  return {
    emailChannels: (await listEmailChannels(db, companyId)).map((row) => toEmailChannel(row, inboundDomain)),
  };
}

type Answerer = { aiEmployeeId: string | null; departmentId: string | null };

const tooMany = () =>
  httpError(
    422,
    "too_many_email_channels",
    `A company can have at most ${EMAIL_CHANNEL_LIMITS.perCompany} email channels: remove one first`,
  );

export async function createEmailChannel(ctx: EmailChannelWriteContext, input: EmailChannelCreate) {
  const { db, companyId, userId, inboundDomain } = ctx;
  const answererName = await checkAnsweredBy(db, companyId, input);
  const companyName = await findCompanyName(db, companyId);
  const id = await db.transaction(async (tx) => {
    await lockCompanyEmailChannels(tx, companyId);
    if ((await countEmailChannels(tx, companyId)) >= EMAIL_CHANNEL_LIMITS.perCompany) throw tooMany();
    let channelId: string | null = null;
    let inboundLocal = "";
    for (let attempt = 0; attempt < ADDRESS_TRIES && !channelId; attempt++) {
      inboundLocal = newInboundLocal(companyName);
      channelId = await insertEmailChannel(tx, {
        companyId,
        name: input.name,
        inboundLocal,
        fromAddress: input.fromAddress,
        aiEmployeeId: input.aiEmployeeId,
        departmentId: input.aiEmployeeId ? null : input.departmentId,
        createdByUserId: userId,
      });
    }
    if (!channelId) throw new Error("no free inbound address after several tries");
    await recordActivity(tx, {
      companyId,
      kind: "email_channel.created",
      actor: await staffActor(tx, userId),
      subject: { type: "email_channel", id: channelId },
      summary: `Opened the email channel ${input.name}, answered by ${answererName}`,
      details: {
        name: input.name,
        answeredBy: answererName,
        inboundAddress: inboundAddress(inboundLocal, inboundDomain),
      },
    });
    return channelId;
  });
  return toEmailChannel(await findOr404(db, companyId, id), inboundDomain);
}

/** Who answers after a patch: giving one of the two answerers clears the other. */
function answererAfter(row: EmailChannelView, patch: EmailChannelPatch): Answerer {
  if (patch.aiEmployeeId && !patch.departmentId) return { aiEmployeeId: patch.aiEmployeeId, departmentId: null };
  if (patch.departmentId && !patch.aiEmployeeId) return { aiEmployeeId: null, departmentId: patch.departmentId };
  return {
    aiEmployeeId: patch.aiEmployeeId !== undefined ? patch.aiEmployeeId : row.aiEmployeeId,
    departmentId: patch.departmentId !== undefined ? patch.departmentId : row.departmentId,
  };
}

export async function editEmailChannel(ctx: EmailChannelWriteContext, id: string, patch: EmailChannelPatch) {
  const { db, companyId, userId, inboundDomain } = ctx;
  const row = await findOr404(db, companyId, id);
  const { aiEmployeeId: _ai, departmentId: _department, ...rest } = patch;
  const changes: EmailChannelChanges = { ...rest };
  if ("aiEmployeeId" in patch || "departmentId" in patch) {
    const answerer = answererAfter(row, patch);
    await checkAnsweredBy(db, companyId, answerer);
    Object.assign(changes, answerer);
  }
  await db.transaction(async (tx) => {
    await updateEmailChannel(tx, companyId, row.id, changes);
    await recordActivity(tx, {
      companyId,
      kind: "email_channel.updated",
      actor: await staffActor(tx, userId),
      subject: { type: "email_channel", id: row.id },
      summary: `Edited the email channel ${changes.name ?? row.name}`,
      details: { changed: Object.keys(changes) },
    });
  });
  return toEmailChannel(await findOr404(db, companyId, row.id), inboundDomain);
}

/** Removes the channel: its address stops taking mail at once; its conversations stay in the inbox. */
export async function removeEmailChannel(ctx: EmailChannelWriteContext, id: string): Promise<void> {
  const { db, companyId, userId, inboundDomain } = ctx;
  const row = await findOr404(db, companyId, id);
  await db.transaction(async (tx) => {
    await deleteEmailChannel(tx, companyId, row.id);
    await recordActivity(tx, {
      companyId,
      kind: "email_channel.deleted",
      actor: await staffActor(tx, userId),
      subject: { type: "email_channel", id: row.id },
      summary: `Removed the email channel ${row.name}`,
      details: { inboundAddress: inboundAddress(row.inboundLocal, inboundDomain) },
    });
  });
}
