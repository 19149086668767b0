import { and, asc, eq, isNull } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { type ApiChannelRow, aiEmployees, apiChannels } from "#server/db/schema/index.ts";

export type ApiChannelView = ApiChannelRow & { aiEmployeeName: string | null };

const columns = { channel: apiChannels, aiEmployeeName: aiEmployees.name };
const flatten = (rows: { channel: ApiChannelRow; aiEmployeeName: string | null }[]): ApiChannelView[] =>
  rows.map(({ channel, aiEmployeeName }) => ({ ...channel, aiEmployeeName }));

/** The company's channels, oldest first (revoked ones included: they say when they stopped). */
export async function listApiChannels(db: Executor, companyId: string): Promise<ApiChannelView[]> {
  const rows = await db
    .select(columns)
    .from(apiChannels)
    .leftJoin(aiEmployees, eq(aiEmployees.id, apiChannels.aiEmployeeId))
    .where(eq(apiChannels.companyId, companyId))
    .orderBy(asc(apiChannels.createdAt), asc(apiChannels.id));
  return flatten(rows);
}

export async function findApiChannel(db: Executor, companyId: string, id: string): Promise<ApiChannelView | null> {
  const rows = await db
    .select(columns)
    .from(apiChannels)
    .leftJoin(aiEmployees, eq(aiEmployees.id, apiChannels.aiEmployeeId))
    .where(and(eq(apiChannels.companyId, companyId), eq(apiChannels.id, id)));
  return flatten(rows)[0] ?? null;
}

/** The live (not revoked) channel a token's hash belongs to: how inbound messages are authenticated. */
export async function findLiveChannelByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(apiChannels)
    .where(and(eq(apiChannels.tokenHash, tokenHash), isNull(apiChannels.revokedAt)))
    .limit(1);
  return row ?? null;
}

export async function insertApiChannel(db: Executor, values: typeof apiChannels.$inferInsert) {
  const [row] = await db.insert(apiChannels).values(values).returning({ id: apiChannels.id });
  return row!.id;
}

export async function updateApiChannel(
  db: Executor,
  companyId: string,
  id: string,
  changes: Partial<Pick<ApiChannelRow, "tokenHash" | "tokenPrefix" | "webhookSecret" | "rotatedAt" | "revokedAt">>,
) {
  await db
    .update(apiChannels)
    .set(changes)
    .where(and(eq(apiChannels.companyId, companyId), eq(apiChannels.id, id)));
}
