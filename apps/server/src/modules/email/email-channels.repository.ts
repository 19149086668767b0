import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import {
  aiDepartments,
  aiEmployees,
  companies,
  conversations,
  type EmailChannelRow,
  emailChannels,
} from "#server/db/schema/index.ts";

export type EmailChannelView = EmailChannelRow & {
  aiEmployeeName: string | null;
  departmentName: string | null;
  conversationsCount: number;
};

/** How many conversations came through each channel (conversations.email_channel_id). */
const conversationCounts = (db: Executor, companyId: string) =>
  db
    .select({ emailChannelId: conversations.emailChannelId, total: count().as("total") })
    .from(conversations)
    .where(eq(conversations.companyId, companyId))
    .groupBy(conversations.emailChannelId)
    .as("conversation_counts");

async function selectViews(db: Executor, companyId: string, id?: string): Promise<EmailChannelView[]> {
  const counts = conversationCounts(db, companyId);
  const rows = await db
    .select({
      channel: emailChannels,
      aiEmployeeName: aiEmployees.name,
      departmentName: aiDepartments.name,
      conversationsCount: counts.total,
    })
    .from(emailChannels)
    .leftJoin(aiEmployees, eq(aiEmployees.id, emailChannels.aiEmployeeId))
    .leftJoin(aiDepartments, eq(aiDepartments.id, emailChannels.departmentId))
    .leftJoin(counts, eq(counts.emailChannelId, emailChannels.id))
    .where(
      id
        ? and(eq(emailChannels.companyId, companyId), eq(emailChannels.id, id))
        : eq(emailChannels.companyId, companyId),
    )
    .orderBy(desc(emailChannels.createdAt), desc(emailChannels.id));
  return rows.map(({ channel, aiEmployeeName, departmentName, conversationsCount }) => ({
    ...channel,
    aiEmployeeName,
    departmentName,
    conversationsCount: Number(conversationsCount ?? 0),
  }));
}

/** The company's email channels, newest first. */
export function listEmailChannels(db: Executor, companyId: string): Promise<EmailChannelView[]> {
  return selectViews(db, companyId);
}

export async function findEmailChannel(db: Executor, companyId: string, id: string): Promise<EmailChannelView | null> {
  return (await selectViews(db, companyId, id))[0] ?? null;
}

export async function countEmailChannels(db: Executor, companyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emailChannels).where(eq(emailChannels.companyId, companyId));
  return row?.n ?? 0;
}

/**
 * Holds the company's channel count still until the transaction ends, so two requests racing for the
 * last free place cannot both take it.
 */
export async function lockCompanyEmailChannels(tx: Executor, companyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-channels:${companyId}`}))`);
}

export async function findCompanyName(db: Executor, companyId: string): Promise<string> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? "";
}

/**
 * Inserts the channel unless its inbound local part is taken (by any company: addresses are global);
 * answers its id, or null when taken, for the caller to try another.
 */
export async function insertEmailChannel(
  db: Executor,
  values: typeof emailChannels.$inferInsert,
): Promise<string | null> {
  const [row] = await db
    .insert(emailChannels)
    .values(values)
    .onConflictDoNothing({ target: emailChannels.inboundLocal })
    .returning({ id: emailChannels.id });
  return row?.id ?? null;
}

export type EmailChannelChanges = Partial<
  Pick<EmailChannelRow, "name" | "fromAddress" | "aiEmployeeId" | "departmentId" | "enabled">
>;

export async function updateEmailChannel(db: Executor, companyId: string, id: string, changes: EmailChannelChanges) {
  await db
    .update(emailChannels)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(emailChannels.companyId, companyId), eq(emailChannels.id, id)));
}

export async function deleteEmailChannel(db: Executor, companyId: string, id: string) {
  await db.delete(emailChannels).where(and(eq(emailChannels.companyId, companyId), eq(emailChannels.id, id)));
}
