import type { CompanyRole } from "@foreman/contract";
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { activities, companies, invitations, memberships, users } from "#server/db/schema/index.ts";

// The team's queries: the company's members (memberships with their users) and its invitations. The
// memberships table is written through the companies module's writers; invitations are this module's.

export type MemberRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: CompanyRole;
  joinedAt: Date;
  totpEnabledAt: Date | null;
};

const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: memberships.role,
  joinedAt: memberships.createdAt,
  totpEnabledAt: users.totpEnabledAt,
};

export function listMemberRows(db: Executor, companyId: string): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, companyId));
}

/** One member of the company; `lock` holds their membership row until the transaction ends. */
export async function findMemberRow(
  db: Executor,
  companyId: string,
  userId: string,
  lock = false,
): Promise<MemberRow | null> {
  const query = db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
  const [row] = lock ? await query.for("update", { of: memberships }) : await query;
  return row ?? null;
}

/**
 * The company's owners, their membership rows locked until the transaction ends: two requests that
 * would each take away one of the last two owners wait for each other, and the second sees one owner.
 */
export async function lockOwners(tx: Executor, companyId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.role, "owner")))
    .for("update");
  return rows.map((row) => row.userId);
}

/** The caller's role in the company as the database has it now (null: not a member any more). */
export async function findRole(db: Executor, companyId: string, userId: string): Promise<CompanyRole | null> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
  return row?.role ?? null;
}

export async function findUserIdByEmail(db: Executor, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

export async function findUserEmail(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

export async function findCompany(db: Executor, companyId: string) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, logoSmallUrl: companies.logoSmallUrl })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Invitations

export type InvitationRow = typeof invitations.$inferSelect;
export type InvitationWithInviter = InvitationRow & { inviterFirstName: string | null; inviterLastName: string | null };

const withInviter = {
  invitation: invitations,
  inviterFirstName: users.firstName,
  inviterLastName: users.lastName,
};
const flatten = (row: {
  invitation: InvitationRow;
  inviterFirstName: string | null;
  inviterLastName: string | null;
}): InvitationWithInviter => ({
  ...row.invitation,
  inviterFirstName: row.inviterFirstName,
  inviterLastName: row.inviterLastName,
});

/**
 * The company's invitations still open, and the others that ended (were accepted, revoked, or expired)
 * within the last `days`: newest first.
 */
export async function listInvitationRows(
  db: Executor,
  companyId: string,
  now: Date,
  days: number,
): Promise<InvitationWithInviter[]> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const rows = await db
    .select(withInviter)
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(
      and(
        eq(invitations.companyId, companyId),
        // When it ended, or will: its acceptance, its revocation, or else its expiry.
        sql`coalesce(${invitations.acceptedAt}, ${invitations.revokedAt}, ${invitations.expiresAt}) > ${since.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  return rows.map(flatten);
}

export async function findInvitationRow(
  db: Executor,
  companyId: string,
  id: string,
  lock = false,
): Promise<InvitationWithInviter | null> {
  const query = db
    .select(withInviter)
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(and(eq(invitations.companyId, companyId), eq(invitations.id, id)));
  const [row] = lock ? await query.for("update", { of: invitations }) : await query;
  return row ? flatten(row) : null;
}

/** The invitation whose link carries this token (by its hash), its row locked until the transaction ends. */
export async function lockInvitationByTokenHash(tx: Executor, tokenHash: string): Promise<InvitationRow | null> {
  const [row] = await tx.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).for("update");
  return row ?? null;
}

export async function findInvitationByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<InvitationWithInviter | null> {
  const [row] = await db
    .select(withInviter)
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(eq(invitations.tokenHash, tokenHash));
  return row ? flatten(row) : null;
}

/** The company's open invitation (neither accepted nor revoked, expired or not) to this address. */
export async function findOpenInvitationByEmail(
  tx: Executor,
  companyId: string,
  email: string,
): Promise<InvitationRow | null> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(invitations.email, email),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .for("update");
  return row ?? null;
}

export async function insertInvitation(
  tx: Executor,
  values: {
    companyId: string;
    email: string;
    role: CompanyRole;
    tokenHash: string;
    invitedByUserId: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<InvitationRow> {
  const { now, ...rest } = values;
  const [row] = await tx
    .insert(invitations)
    .values({ ...rest, lastSentAt: now, createdAt: now })
    .returning();
  return row!;
}

/** A new link for an open invitation: the old token stops working, the week starts again. */
export async function rotateInvitation(
  tx: Executor,
  id: string,
  values: { tokenHash: string; expiresAt: Date; now: Date; role: CompanyRole; invitedByUserId: string },
): Promise<InvitationRow> {
  const [row] = await tx
    .update(invitations)
    .set({
      tokenHash: values.tokenHash,
      expiresAt: values.expiresAt,
      lastSentAt: values.now,
      role: values.role,
      invitedByUserId: values.invitedByUserId,
      sentCount: sql`${invitations.sentCount} + 1`,
    })
    .where(eq(invitations.id, id))
    .returning();
  return row!;
}

export async function markInvitationRevoked(tx: Executor, id: string, now: Date): Promise<void> {
  await tx
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.id, id), isNull(invitations.revokedAt), isNull(invitations.acceptedAt)));
}

/** Marks an invitation used, once: false when it was accepted, revoked or had expired meanwhile. */
export async function claimInvitation(tx: Executor, id: string, userId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(invitations)
    .set({ acceptedAt: now, acceptedUserId: userId })
    .where(
      and(
        eq(invitations.id, id),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning({ id: invitations.id });
  return rows.length > 0;
}

/** Serialises the company's invitation sends, so the hourly count cannot be overtaken by a racing send. */
export async function lockCompanyInvitations(tx: Executor, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invitations:${companyId}`}))`);
}

const SEND_KINDS = ["member.invited", "invitation.resent"] as const;

/**
 * Invitation mails the company sent in the last hour (by the database's clock), and when the oldest of
 * them leaves the hour: every send, first or again, leaves one activity, so the log is the count.
 */
export async function recentInvitationSends(tx: Executor, companyId: string) {
  const [row] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      secondsLeft: sql<
        number | null
      >`ceil(extract(epoch from min(${activities.createdAt}) + interval '1 hour' - now()))::int`,
    })
    .from(activities)
    .where(
      and(
        eq(activities.companyId, companyId),
        inArray(activities.kind, [...SEND_KINDS]),
        sql`${activities.createdAt} > now() - interval '1 hour'`,
      ),
    );
  return { count: row?.count ?? 0, secondsLeft: row?.secondsLeft ?? null };
}
