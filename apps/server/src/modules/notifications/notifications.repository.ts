import {
  canApprove,
  canManage,
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_KIND_PREFERENCE,
  type NotificationKind,
  type NotificationPreferenceKey,
} from "@foreman/contract";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import {
  companies,
  jobs,
  memberships,
  notificationPreferences,
  notifications,
  users,
} from "#server/db/schema/index.ts";

// The notifications waiting to be mailed, and who is to be told.

/** Who hears of something: these members of the company, its approvers, or its owners and admins. */
export type Recipients = readonly string[] | "approvers" | "managers";

/** The company's members among `to` whose switch `key` is on (a user who never saved one has the default). */
export async function findRecipients(
  tx: Executor,
  companyId: string,
  to: Recipients,
  key: NotificationPreferenceKey,
): Promise<string[]> {
  if (Array.isArray(to) && to.length === 0) return [];
  const rows = await tx
    .select({
      userId: memberships.userId,
      role: memberships.role,
      membersMayApprove: companies.membersMayApprove,
      wants: sql<boolean>`coalesce(${notificationPreferences[key]}, ${DEFAULT_NOTIFICATION_PREFERENCES[key]})`,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        Array.isArray(to) ? inArray(memberships.userId, to as string[]) : undefined,
      ),
    );
  return rows
    .filter((row) => row.wants)
    .filter((row) =>
      to === "approvers" ? canApprove(row.role, row.membersMayApprove) : to === "managers" ? canManage(row.role) : true,
    )
    .map((row) => row.userId);
}

/**
 * Serializes a user's batch until the transaction ends: adding a notification and mailing the batch
 * take it, so a row is either in the mail being written or sees that no job will take it.
 */
export async function lockBatch(tx: Executor, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notification-batch:${userId}`}))`);
}

export async function insertNotification(
  tx: Executor,
  row: { companyId: string; userId: string; kind: NotificationKind; subjectId: string; summary: string; link: string },
): Promise<string> {
  const [inserted] = await tx.insert(notifications).values(row).returning({ id: notifications.id });
  return inserted!.id;
}

/**
 * Whether a `notification_mail` job that has not finished yet is about one of the user's unmailed
 * notifications: that job will take every unmailed row of the user, this one too.
 */
export async function batchJobWaiting(tx: Executor, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, "notification_mail"),
        inArray(jobs.state, ["queued", "running"]),
        inArray(
          jobs.subjectId,
          tx
            .select({ id: notifications.id })
            .from(notifications)
            .where(and(eq(notifications.userId, userId), isNull(notifications.mailedAt))),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The user a batch's job is about (the user of the notification that started it); null when it is gone. */
export async function findBatchUser(tx: Executor, notificationId: string): Promise<string | null> {
  const [row] = await tx
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.id, notificationId));
  return row?.userId ?? null;
}

export type PendingNotification = {
  id: string;
  companyId: string;
  companyName: string;
  kind: NotificationKind;
  summary: string;
  link: string;
  /** The user is still in the company and still wants this kind of mail. */
  deliverable: boolean;
};

/** Every notification of the user not mailed yet, oldest first, with whether it may still be mailed. */
export async function findUnmailed(tx: Executor, userId: string): Promise<PendingNotification[]> {
  const rows = await tx
    .select({
      id: notifications.id,
      companyId: notifications.companyId,
      companyName: companies.name,
      kind: notifications.kind,
      summary: notifications.summary,
      link: notifications.link,
      member: sql<boolean>`${memberships.id} is not null`,
      emailActionItems: notificationPreferences.emailActionItems,
      emailTicketsAssigned: notificationPreferences.emailTicketsAssigned,
      emailHandoffs: notificationPreferences.emailHandoffs,
    })
    .from(notifications)
    .innerJoin(companies, eq(companies.id, notifications.companyId))
    .leftJoin(
      memberships,
      and(eq(memberships.companyId, notifications.companyId), eq(memberships.userId, notifications.userId)),
    )
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, notifications.userId))
    .where(and(eq(notifications.userId, userId), isNull(notifications.mailedAt)))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  return rows.map(({ member, emailActionItems, emailTicketsAssigned, emailHandoffs, ...row }) => {
    const wanted = { action_item: emailActionItems, ticket_assigned: emailTicketsAssigned, handoff: emailHandoffs }[
      row.kind
    ];
    const key = NOTIFICATION_KIND_PREFERENCE[row.kind];
    return { ...row, deliverable: member && (wanted ?? DEFAULT_NOTIFICATION_PREFERENCES[key]) };
  });
}

export async function findUserAddress(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The rows went out in the mail `outboundMailId`. */
export async function markMailed(tx: Executor, ids: string[], outboundMailId: string) {
  if (ids.length === 0) return;
  await tx.update(notifications).set({ mailedAt: sql`now()`, outboundMailId }).where(inArray(notifications.id, ids));
}

/** Rows that may no longer be mailed (the user left the company or turned the kind off since). */
export async function dropNotifications(tx: Executor, ids: string[]) {
  if (ids.length === 0) return;
  await tx.delete(notifications).where(inArray(notifications.id, ids));
}
