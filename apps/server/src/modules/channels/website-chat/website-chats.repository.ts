import { and, asc, count, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import {
  aiDepartments,
  aiEmployees,
  conversations,
  type WebsiteChatRow,
  websiteChats,
} from "#server/db/schema/index.ts";

export type WebsiteChatView = WebsiteChatRow & {
  aiEmployeeName: string | null;
  departmentName: string | null;
  conversationsCount: number;
};

/** How many conversations came through each chat (conversations.website_chat_id). */
const conversationCounts = (db: Executor, companyId: string) =>
  db
    .select({ websiteChatId: conversations.websiteChatId, total: count().as("total") })
    .from(conversations)
    .where(eq(conversations.companyId, companyId))
    .groupBy(conversations.websiteChatId)
    .as("conversation_counts");

async function selectViews(db: Executor, companyId: string, id?: string): Promise<WebsiteChatView[]> {
  const counts = conversationCounts(db, companyId);
  const rows = await db
    .select({
      chat: websiteChats,
      aiEmployeeName: aiEmployees.name,
      departmentName: aiDepartments.name,
      conversationsCount: counts.total,
    })
    .from(websiteChats)
    .leftJoin(aiEmployees, eq(aiEmployees.id, websiteChats.aiEmployeeId))
    .leftJoin(aiDepartments, eq(aiDepartments.id, websiteChats.departmentId))
    .leftJoin(counts, eq(counts.websiteChatId, websiteChats.id))
    .where(
      id ? and(eq(websiteChats.companyId, companyId), eq(websiteChats.id, id)) : eq(websiteChats.companyId, companyId),
    )
    .orderBy(asc(websiteChats.createdAt), asc(websiteChats.id));
  return rows.map(({ chat, aiEmployeeName, departmentName, conversationsCount }) => ({
    ...chat,
    aiEmployeeName,
    departmentName,
    conversationsCount: Number(conversationsCount ?? 0),
  }));
}

/** The company's website chats, oldest first. */
export function listWebsiteChats(db: Executor, companyId: string): Promise<WebsiteChatView[]> {
  return selectViews(db, companyId);
}

export async function findWebsiteChat(db: Executor, companyId: string, id: string): Promise<WebsiteChatView | null> {
  return (await selectViews(db, companyId, id))[0] ?? null;
}

/** The chat a public key opens (enabled or not: the caller decides), across companies. */
export async function findWebsiteChatByKey(db: Executor, key: string): Promise<WebsiteChatRow | null> {
  const [row] = await db.select().from(websiteChats).where(eq(websiteChats.key, key)).limit(1);
  return row ?? null;
}

export async function insertWebsiteChat(db: Executor, values: typeof websiteChats.$inferInsert): Promise<string> {
  const [row] = await db.insert(websiteChats).values(values).returning({ id: websiteChats.id });
  return row!.id;
}

export type WebsiteChatChanges = Partial<
  Pick<WebsiteChatRow, "name" | "aiEmployeeId" | "departmentId" | "allowedOrigins" | "greeting" | "color" | "enabled">
>;

export async function updateWebsiteChat(db: Executor, companyId: string, id: string, changes: WebsiteChatChanges) {
  await db
    .update(websiteChats)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(websiteChats.companyId, companyId), eq(websiteChats.id, id)));
}

export async function deleteWebsiteChat(db: Executor, companyId: string, id: string) {
  await db.delete(websiteChats).where(and(eq(websiteChats.companyId, companyId), eq(websiteChats.id, id)));
}
