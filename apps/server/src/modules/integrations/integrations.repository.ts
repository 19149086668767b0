import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { apiChannels, emailChannels, websiteChats } from "#server/db/schema/index.ts";

/** The company's API channels whose token still works (not revoked). */
export async function countLiveApiChannels(db: Executor, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiChannels)
    .where(and(eq(apiChannels.companyId, companyId), isNull(apiChannels.revokedAt)));
  return row?.n ?? 0;
}

/** The company's website chats: how many, and how many are switched on. */
export async function countWebsiteChats(db: Executor, companyId: string): Promise<{ total: number; enabled: number }> {
  const [row] = await db
    .select({ total: count(), enabled: sql<number>`count(*) filter (where ${websiteChats.enabled})`.mapWith(Number) })
    .from(websiteChats)
    .where(eq(websiteChats.companyId, companyId));
  return { total: row?.total ?? 0, enabled: row?.enabled ?? 0 };
}

/** The company's email channels: how many, and how many are switched on. */
export async function countEmailChannels(db: Executor, companyId: string): Promise<{ total: number; enabled: number }> {
  const [row] = await db
    .select({ total: count(), enabled: sql<number>`count(*) filter (where ${emailChannels.enabled})`.mapWith(Number) })
    .from(emailChannels)
    .where(eq(emailChannels.companyId, companyId));
  return { total: row?.total ?? 0, enabled: row?.enabled ?? 0 };
}
