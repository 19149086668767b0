import { z } from "zod";
import { COMPANY_ROLES } from "../companies/company.ts";
import { emailField } from "../validation.ts";

// Settings → Team: a company's members and its invitations. Owners and admins manage; an admin cannot
// make (or unmake, or remove) an owner; the last owner can be neither demoted nor removed.

/** An invitation link works this long, once. */
export const INVITATION_TTL_DAYS = 7;
/** Invitations (and resends) one company may send in an hour. */
export const INVITATIONS_PER_HOUR = 30;

export const LAST_OWNER_ERROR = "A company needs at least one owner: make someone else an owner first";
export const OWNER_ROLE_REQUIRED = "Only an owner can give, change or take away the owner role";
export const ALREADY_A_MEMBER = "Is already a member of this company";

const roleField = z.enum(COMPANY_ROLES, { error: `Must be one of ${COMPANY_ROLES.join(", ")}` });

/** `GET /app/members.json` items. */
export const memberSchema = z.object({
  /** The user's id (`PATCH`/`DELETE /app/members/{id}.json`). */
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  joinedAt: z.string(),
  twoFactorEnabled: z.boolean(),
  /** The caller. */
  you: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.object({ members: z.array(memberSchema) });

/** `PATCH /app/members/{id}.json`. */
export const memberPatchSchema = z.object({ role: roleField });
export type MemberPatch = z.infer<typeof memberPatchSchema>;

export const INVITATION_STATES = ["pending", "accepted", "expired", "revoked"] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** `GET /app/invitations.json` items (the open ones and the last 30 days' others). */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  state: z.enum(INVITATION_STATES),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  lastSentAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ invitations: z.array(invitationSchema) });

/** `POST /app/invitations.json`. */
export const invitationCreateSchema = z.object({ email: emailField, role: roleField });
export type InvitationCreate = z.infer<typeof invitationCreateSchema>;

/** `POST /invitations/lookup.json` and `POST /app/invitations/accept.json`: the token from the link. */
export const invitationTokenSchema = z.object({ token: z.string().min(1).max(200) });

/** `POST /invitations/lookup.json`: what the invitation page shows before accepting (no token needed beyond the link). */
export const invitationPreviewSchema = z.object({
  companyName: z.string(),
  companyLogoUrl: z.string().nullable(),
  invitedBy: z.string().nullable(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  expiresAt: z.string(),
  /** An account with this email exists: sign in to accept; otherwise sign up. */
  accountExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** `POST /app/invitations/accept.json` → the company joined. */
export const invitationAcceptedSchema = z.object({
  company: z.object({ id: z.string(), name: z.string(), logoSmallUrl: z.string().nullable() }),
});
