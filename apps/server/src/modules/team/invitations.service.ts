import {
  ALREADY_A_MEMBER,
  type CompanyRole,
  canManage,
  INVITATION_TTL_DAYS,
  INVITATIONS_PER_HOUR,
  type Invitation,
  type InvitationCreate,
  type InvitationState,
  MANAGER_ROLE_REQUIRED,
} from "@foreman/contract";
import type { Config } from "#server/config.ts";
import type { Db, Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { recordActivity, staffActor } from "../activities/index.ts";
import { generateToken, hashToken } from "../auth/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import { queueMail } from "../mail/index.ts";
import { invitationMail } from "./invitation-mail.ts";
import { ownerRoleRequired } from "./members.service.ts";
import {
  findCompany,
  findInvitationRow,
  findOpenInvitationByEmail,
  findRole,
  findUserIdByEmail,
  type InvitationRow,
  type InvitationWithInviter,
  insertInvitation,
  listInvitationRows,
  lockCompanyInvitations,
  markInvitationRevoked,
  recentInvitationSends,
  rotateInvitation,
} from "./team.repository.ts";

// Invitations by email: a single-use link valid INVITATION_TTL_DAYS, its token stored only as a hash and
// mailed through the outbox (whose copy of the text is erased once sent). One open invitation per
// company and address: inviting the address again, or resending, gives it a new link (the old one dies).

/** Ended invitations (accepted, revoked, expired) stay in the list this long. */
export const INVITATIONS_LISTED_DAYS = 30;
const DAY_MS = 86_400_000;

export type InvitationContext = {
  db: Db;
  queue: JobQueue;
  config: Pick<Config, "mail" | "appUrl">;
  companyId: string;
  userId: string;
  now: Date;
};

export const invitationNotFound = () => httpError(404, "not_found", "Invitation not found");

export function invitationState(row: InvitationRow, now: Date): InvitationState {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  return row.expiresAt <= now ? "expired" : "pending";
}

/** Who sent it, as the invitation's page and list say it (null once their account is gone). */
export const inviterName = (row: Pick<InvitationWithInviter, "inviterFirstName" | "inviterLastName">) =>
  row.inviterFirstName === null ? null : `${row.inviterFirstName} ${row.inviterLastName ?? ""}`.trim();

export function toInvitation(row: InvitationWithInviter, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    state: invitationState(row, now),
    invitedBy: inviterName(row),
    createdAt: row.createdAt.toISOString(),
    lastSentAt: row.lastSentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function getInvitations(db: Db, companyId: string, now: Date): Promise<{ invitations: Invitation[] }> {
  const rows = await listInvitationRows(db, companyId, now, INVITATIONS_LISTED_DAYS);
  return { invitations: rows.map((row) => toInvitation(row, now)) };
}

/** The caller's role as the transaction sees it (the request's check may be a moment old). */
async function managerRole(tx: Executor, ctx: InvitationContext): Promise<CompanyRole> {
  const role = await findRole(tx, ctx.companyId, ctx.userId);
  if (!role) throw httpError(404, "not_found", "Company not found");
  if (!canManage(role)) throw httpError(403, "forbidden", MANAGER_ROLE_REQUIRED);
  return role;
}

/** At most INVITATIONS_PER_HOUR mails an hour per company, counted under the company's lock. */
async function checkSendLimit(tx: Executor, companyId: string) {
  const { count, secondsLeft } = await recentInvitationSends(tx, companyId);
  if (count < INVITATIONS_PER_HOUR) return;
  const wait = Math.max(1, secondsLeft ?? 3600);
  throw httpError(
    429,
    "too_many_requests",
    `At most ${INVITATIONS_PER_HOUR} invitations an hour per company: try again in ${Math.ceil(wait / 60)} minutes`,
    undefined,
    { "retry-after": String(wait) },
  );
}

/** A fresh link: the token goes only into the mail; the row keeps its hash. */
function newLink(now: Date) {
  const token = generateToken();
  return { token, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS) };
}

async function mailInvitation(tx: Executor, ctx: InvitationContext, row: InvitationRow, token: string) {
  const [company, inviter] = [await findCompany(tx, ctx.companyId), await staffActor(tx, ctx.userId)];
  const mail = invitationMail(ctx.config, {
    inviterName: inviter.name || "A colleague",
    companyName: company?.name ?? "a company",
    role: row.role,
    token,
    expiresAt: row.expiresAt,
  });
  // The text carries the single-use link: the outbox keeps it only until the mail is sent.
  await queueMail(tx, ctx.queue, {
    companyId: ctx.companyId,
    from: ctx.config.mail.from,
    to: row.email,
    ...mail,
    eraseTextAfterSend: true,
  });
}

async function answer(ctx: InvitationContext, id: string): Promise<Invitation> {
  const row = await findInvitationRow(ctx.db, ctx.companyId, id);
  if (!row) throw invitationNotFound();
  return toInvitation(row, ctx.now);
}

/**
 * `POST /app/invitations.json`: invites an address with a role and mails the link. An open invitation to
 * the same address is sent again with a new link (and the role asked for now) rather than refused.
 */
export async function inviteMember(ctx: InvitationContext, input: InvitationCreate): Promise<Invitation> {
  const { companyId, userId, now } = ctx;
  await ctx.queue.prepare();
  const id = await ctx.db.transaction(async (tx) => {
    await lockCompanyInvitations(tx, companyId);
    const callerRole = await managerRole(tx, ctx);
    if (input.role === "owner" && callerRole !== "owner") throw ownerRoleRequired();
    const existing = await findUserIdByEmail(tx, input.email);
    if (existing && (await findRole(tx, companyId, existing)))
      throw httpError(422, "validation_failed", ALREADY_A_MEMBER, [{ field: "email", message: ALREADY_A_MEMBER }]);
    await checkSendLimit(tx, companyId);

    const link = newLink(now);
    const open = await findOpenInvitationByEmail(tx, companyId, input.email);
    const row = open
      ? await rotateInvitation(tx, open.id, { ...link, now, role: input.role, invitedByUserId: userId })
      : await insertInvitation(tx, {
          companyId,
          email: input.email,
          role: input.role,
          invitedByUserId: userId,
          ...link,
          now,
        });
    const roleChanged = open !== null && open.role !== input.role;
    await recordActivity(tx, {
      companyId,
      kind: open ? "invitation.resent" : "member.invited",
      actor: await staffActor(tx, userId),
      subject: { type: "invitation", id: row.id },
      summary: open
        ? `Sent the invitation to ${row.email} again${roleChanged ? `, now as ${row.role}` : ""}`
        : `Invited ${row.email} as ${row.role}`,
      details: { email: row.email, role: row.role, ...(roleChanged ? { previousRole: open.role } : {}) },
    });
    await mailInvitation(tx, ctx, row, link.token);
    return row.id;
  });
  ctx.queue.wake();
  return answer(ctx, id);
}

/** `POST /app/invitations/{id}/resend.json`: a new link for an open invitation (the old one stops working). */
export async function resendInvitation(ctx: InvitationContext, id: string): Promise<Invitation> {
  if (!isUuid(id)) throw invitationNotFound();
  const { companyId, userId, now } = ctx;
  await ctx.queue.prepare();
  await ctx.db.transaction(async (tx) => {
    await lockCompanyInvitations(tx, companyId);
    const callerRole = await managerRole(tx, ctx);
    const invitation = await findInvitationRow(tx, companyId, id, true);
    if (!invitation) throw invitationNotFound();
    const state = invitationState(invitation, now);
    if (state === "accepted" || state === "revoked")
      throw httpError(409, "invitation_closed", `This invitation was ${state}: send a new one`);
    // Sending an owner's invitation again gives the owner role as much as sending it the first time.
    if (invitation.role === "owner" && callerRole !== "owner") throw ownerRoleRequired();
    await checkSendLimit(tx, companyId);

    const link = newLink(now);
    const row = await rotateInvitation(tx, id, { ...link, now, role: invitation.role, invitedByUserId: userId });
    await recordActivity(tx, {
      companyId,
      kind: "invitation.resent",
      actor: await staffActor(tx, userId),
      subject: { type: "invitation", id },
      summary: `Sent the invitation to ${row.email} again`,
      details: { email: row.email, role: row.role, sentCount: row.sentCount },
    });
    await mailInvitation(tx, ctx, row, link.token);
  });
  ctx.queue.wake();
  return answer(ctx, id);
}

/** `DELETE /app/invitations/{id}.json`: its link stops working. Revoking a revoked one changes nothing. */
export async function revokeInvitation(ctx: InvitationContext, id: string): Promise<void> {
  if (!isUuid(id)) throw invitationNotFound();
  const { companyId, userId, now } = ctx;
  await ctx.db.transaction(async (tx) => {
    await managerRole(tx, ctx);
    const invitation = await findInvitationRow(tx, companyId, id, true);
    if (!invitation) throw invitationNotFound();
    if (invitation.acceptedAt)
      throw httpError(409, "invitation_closed", "This invitation was accepted: remove the member instead");
    if (invitation.revokedAt) return;
    await markInvitationRevoked(tx, id, now);
    await recordActivity(tx, {
      companyId,
      kind: "invitation.revoked",
      actor: await staffActor(tx, userId),
      subject: { type: "invitation", id },
      summary: `Revoked the invitation to ${invitation.email}`,
      details: { email: invitation.email, role: invitation.role },
    });
  });
}
