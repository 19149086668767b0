import { type CompanyRole, canApprove, ticketDisplayId } from "@foreman/contract";
import { and, asc, desc, eq, gt, inArray, isNull, ne, not, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import {
  companies,
  conversations,
  customers,
  jobs,
  memberships,
  messages,
  notificationPreferences,
  outboundMails,
  tasks,
  tickets,
  users,
} from "#server/db/schema/index.ts";

// What the daily digest reads: who gets one, and what waits for them in each of their companies.

/** The most lines of each section a digest lists (its total is always given). */
export const DIGEST_LINES = 5;

/**
 * Each user with the digest on, with the company whose clock their digest keeps: the first they joined
 * (one digest a day, whatever the number of companies).
 */
export async function findDigestReaders(db: Executor) {
  return db
    .selectDistinctOn([memberships.userId], {
      userId: memberships.userId,
      companyId: memberships.companyId,
      timeZone: companies.timeZone,
    })
    .from(notificationPreferences)
    .innerJoin(memberships, eq(memberships.userId, notificationPreferences.userId))
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(notificationPreferences.emailDailyDigest, true))
    .orderBy(memberships.userId, asc(memberships.createdAt), asc(memberships.id));
}

/** Which of these `daily_digest` subjects already have their job. */
export async function findDigestJobs(db: Executor, subjectIds: string[]): Promise<Set<string>> {
  if (subjectIds.length === 0) return new Set();
  const rows = await db
    .select({ subjectId: jobs.subjectId })
    .from(jobs)
    .where(and(eq(jobs.kind, "daily_digest"), inArray(jobs.subjectId, subjectIds)));
  return new Set(rows.map((row) => row.subjectId));
}

/** The company's members who have the digest on, with their address. */
export async function findCompanyDigestReaders(db: Executor, companyId: string) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(notificationPreferences, eq(notificationPreferences.userId, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(notificationPreferences.emailDailyDigest, true)));
}

/** The user's companies (not those being deleted), by name, with their role and whether members approve. */
export async function findUserCompanies(db: Executor, userId: string) {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      role: memberships.role,
      membersMayApprove: companies.membersMayApprove,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), isNull(companies.deletionRequestedAt)))
    .orderBy(asc(companies.name), asc(companies.id));
}

export type DigestSection = { total: number; lines: { text: string; link: string }[] };

const totalOver = sql<number>`count(*) over ()`.mapWith(Number);

function section<T extends { total: number }>(rows: T[], line: (row: T) => { text: string; link: string }) {
  return { total: rows[0]?.total ?? 0, lines: rows.map(line) };
}

/**
 * Action items the user can act on: to do and not past due; authorize items only for those who may
 * approve. Playground items (staff trying an AI employee out) are left out.
 */
export async function findWaitingActionItems(
  db: Executor,
  company: { id: string; role: CompanyRole; membersMayApprove: boolean },
  now: Date,
): Promise<DigestSection> {
  const rows = await db
    .select({ title: tasks.title, total: totalOver })
    .from(tasks)
    .where(
      and(
        eq(tasks.companyId, company.id),
        eq(tasks.state, "to_do"),
        gt(tasks.dueAt, now),
        not(sql`'playground' = any(${tasks.tags})`),
        canApprove(company.role, company.membersMayApprove) ? undefined : eq(tasks.actionType, "question"),
      ),
    )
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(DIGEST_LINES);
  return section(rows, (row) => ({ text: row.title, link: "/action_items" }));
}

/** Open tickets assigned to the user. */
export async function findAssignedTickets(db: Executor, companyId: string, userId: string): Promise<DigestSection> {
  const rows = await db
    .select({ id: tickets.id, number: tickets.number, subject: tickets.subject, total: totalOver })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.status, "open"), eq(tickets.assigneeUserId, userId)))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(DIGEST_LINES);
  return section(rows, (row) => ({
    text: `${ticketDisplayId(row.number)} ${row.subject}`,
    link: `/support?ticket=${row.id}`,
  }));
}

/**
 * Conversations waiting on staff: handed to staff, open, and not answered by staff since their latest
 * message. Playground conversations are left out.
 */
export async function findConversationsWaitingOnStaff(db: Executor, companyId: string): Promise<DigestSection> {
  const latestSender = db
    .select({ senderType: messages.senderType })
    .from(messages)
    .where(eq(messages.conversationId, conversations.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  const rows = await db
    .select({
      id: conversations.id,
      displayId: conversations.displayId,
      customer: customers.fullName,
      total: totalOver,
    })
    .from(conversations)
    .leftJoin(customers, eq(customers.id, conversations.customerId))
    .where(
      and(
        eq(conversations.companyId, companyId),
        eq(conversations.handledBy, "staff"),
        eq(conversations.status, "open"),
        eq(conversations.isTest, false),
        ne(sql`coalesce((${latestSender}), 'customer')`, "staff"),
      ),
    )
    .orderBy(desc(conversations.lastActivityAt), desc(conversations.id))
    .limit(DIGEST_LINES);
  return section(rows, (row) => ({
    text: `Conversation #${row.displayId}${row.customer ? ` with ${row.customer}` : ""}`,
    link: `/conversations/${row.id}`,
  }));
}

/** Whether this day's digest is already in the outbox (a second run of its job after a crash). */
export async function digestAlreadyQueued(db: Executor, to: string, subject: string): Promise<boolean> {
  const [row] = await db
    .select({ id: outboundMails.id })
    .from(outboundMails)
    .where(
      and(
        isNull(outboundMails.companyId),
        gt(outboundMails.createdAt, sql`now() - interval '3 days'`),
        eq(outboundMails.toAddress, to),
        eq(outboundMails.subject, subject),
      ),
    )
    .limit(1);
  return row !== undefined;
}
