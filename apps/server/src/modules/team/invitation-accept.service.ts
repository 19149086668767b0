import {
  INVITATION_INVALID,
  INVITATION_OTHER_EMAIL,
  type InvitationPreview,
  type invitationAcceptedSchema,
} from "@foreman/contract";
import type { z } from "zod";
import type { Db, Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { recordActivity, staffActor } from "../activities/index.ts";
import { hashToken, type JoinByInvitation, type JoinedCompany } from "../auth/index.ts";
import { insertMembership } from "../companies/index.ts";
import type { EventBus } from "../events/index.ts";
import { invitationState, inviterName } from "./invitations.service.ts";
import {
  claimInvitation,
  findCompany,
  findInvitationByTokenHash,
  findRole,
  findUserEmail,
  findUserIdByEmail,
  lockInvitationByTokenHash,
} from "./team.repository.ts";

// The invitation's side of the link: what it shows before anyone signs in, and its acceptance, by a
// signed-in user with the invited address or by a new account signing up from it. A link works once:
// the invitation is claimed under its row's lock, so two acceptances race for it and one loses.

/** The sign-up's refusal when the form's email is not the invited one. */
export const INVITATION_EMAIL_MISMATCH = "Must be the address the invitation was sent to";

export const invitationInvalid = () => httpError(410, "invitation_invalid", INVITATION_INVALID);

type Claim = { ok: true; company: JoinedCompany } | { ok: false; reason: "invalid" | "other_email" };

/**
 * Claims the invitation the token names for the user with this email, in the caller's transaction: the
 * membership with the invitation's role (a member already keeps theirs) and the activity.
 */
async function claim(tx: Executor, input: { token: string; email: string; userId: string; now: Date }): Promise<Claim> {
  const invitation = await lockInvitationByTokenHash(tx, hashToken(input.token));
  if (!invitation || invitationState(invitation, input.now) !== "pending") return { ok: false, reason: "invalid" };
  if (invitation.email !== input.email.toLowerCase()) return { ok: false, reason: "other_email" };
  if (!(await claimInvitation(tx, invitation.id, input.userId, input.now))) return { ok: false, reason: "invalid" };
  const { companyId, role } = invitation;
  const alreadyMember = (await findRole(tx, companyId, input.userId)) !== null;
  if (!alreadyMember) await insertMembership(tx, { userId: input.userId, companyId, role });
  await recordActivity(tx, {
    companyId,
    kind: "invitation.accepted",
    actor: await staffActor(tx, input.userId),
    subject: { type: "invitation", id: invitation.id },
    summary: alreadyMember
      ? "Accepted the invitation (already a member)"
      : `Accepted the invitation and joined as ${role}`,
    details: { email: invitation.email, role, userId: input.userId, alreadyMember },
  });
  // The invitation's row is locked and its company's deletion would have taken it along.
  const company = await findCompany(tx, companyId);
  if (!company) throw new Error("an invitation's company vanished while it was claimed");
  return { ok: true, company };
}

/** `POST /invitations/lookup.json`: the invitation's page before accepting; a dead link is a 410. */
export async function lookUpInvitation(db: Db, token: string, now: Date): Promise<InvitationPreview> {
  const invitation = await findInvitationByTokenHash(db, hashToken(token));
  if (!invitation || invitationState(invitation, now) !== "pending") throw invitationInvalid();
  const company = await findCompany(db, invitation.companyId);
  if (!company) throw invitationInvalid();
  const invitedBy = inviterName(invitation);
  return {
    companyName: company.name,
    companyLogoUrl: company.logoSmallUrl,
    invitedBy,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
    accountExists: (await findUserIdByEmail(db, invitation.email)) !== null,
  };
}

/**
 * `POST /app/invitations/accept.json`: the signed-in user joins the company, if the invitation was sent
 * to their address (403 otherwise) and its link still works (410 otherwise).
 */
export async function acceptInvitation(
  deps: { db: Db; events: EventBus },
  userId: string,
  token: string,
  now: Date,
): Promise<z.infer<typeof invitationAcceptedSchema>> {
  const result = await deps.db.transaction(async (tx) => {
    const email = await findUserEmail(tx, userId);
    if (email === null) return { ok: false, reason: "invalid" } as const;
    return claim(tx, { token, email, userId, now });
  });
  if (!result.ok) {
    if (result.reason === "other_email") throw httpError(403, "invitation_other_email", INVITATION_OTHER_EMAIL);
    throw invitationInvalid();
  }
  // After the commit: every instance drops the user's cached companies, so the switcher shows the new one.
  await deps.events.notify({ topic: "user.changed", userId });
  return { company: result.company };
}

/** Sign-up from an invitation link (auth's `POST /users.json`, handed this by app.ts). */
export const joinByInvitation: JoinByInvitation = async (tx, input) => {
  const result = await claim(tx, input);
  if (result.ok) return { company: result.company };
  return result.reason === "other_email"
    ? { problem: { field: "email", message: INVITATION_EMAIL_MISMATCH } }
    : { problem: { field: "invitationToken", message: INVITATION_INVALID } };
};
