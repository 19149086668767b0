import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { companies, type OutboundMailRow, outboundMails, users } from "#server/db/schema/index.ts";

/** One page of the company's outbox, newest first, and how many mails it holds in all. */
export async function listOutboundMails(
  db: Executor,
  companyId: string,
  page: { page: number; perPage: number },
): Promise<{ rows: OutboundMailRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(outboundMails)
      .where(eq(outboundMails.companyId, companyId))
      .orderBy(desc(outboundMails.createdAt), desc(outboundMails.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ n: count() }).from(outboundMails).where(eq(outboundMails.companyId, companyId)),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

export async function findOutboundMail(db: Executor, companyId: string, id: string): Promise<OutboundMailRow | null> {
  const [row] = await db
    .select()
    .from(outboundMails)
    .where(and(eq(outboundMails.companyId, companyId), eq(outboundMails.id, id)));
  return row ?? null;
}

/**
 * Holds the company's test mail count still until the transaction ends, so requests racing past the
 * limit are counted one after the other.
 */
export async function lockCompanyTestMails(tx: Executor, companyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`test-mails:${companyId}`}))`);
}

/**
 * Test mails the company asked for in the last `seconds` (by the database's clock): ours by subject,
 * carrying no conversation message (a reply's subject always has its "Re:").
 */
export async function countRecentTestMails(db: Executor, companyId: string, subject: string, seconds: number) {
  const [row] = await db
    .select({ n: count() })
    .from(outboundMails)
    .where(
      and(
        eq(outboundMails.companyId, companyId),
        eq(outboundMails.subject, subject),
        isNull(outboundMails.conversationMessageId),
        gt(outboundMails.createdAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    );
  return row?.n ?? 0;
}

/** The company's name and the staff member's, for the words of a test mail. */
export async function findSenderNames(db: Executor, companyId: string, userId: string) {
  const [[company], [user]] = await Promise.all([
    db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)),
    db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, userId)),
  ]);
  return {
    companyName: company?.name ?? "",
    userName: user ? `${user.firstName} ${user.lastName}`.trim() || user.email : "",
    userEmail: user?.email ?? "",
  };
}
