import { and, count, eq, isNull } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { apiChannels } from "#server/db/schema/index.ts";

/** The company's API channels whose token still works (not revoked). */
export async function countLiveApiChannels(db: Executor, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiChannels)
    .where(and(eq(apiChannels.companyId, companyId), isNull(apiChannels.revokedAt)));
  return row?.n ?? 0;
}
