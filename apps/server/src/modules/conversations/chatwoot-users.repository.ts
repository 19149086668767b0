import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { users } from "#server/db/schema/index.ts";

/** What Chatwoot needs to know about one of our users, and their Chatwoot id if they have one. */
export async function findChatwootUser(db: Executor, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      chatwootUserId: users.chatwootUserId,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Keeps the first Chatwoot id given to the user (a concurrent request may have stored one already); answers the stored one. */
export async function storeChatwootUserId(
  db: Executor,
  userId: string,
  chatwootUserId: number,
): Promise<number | null> {
  await db
    .update(users)
    .set({ chatwootUserId })
    .where(and(eq(users.id, userId), isNull(users.chatwootUserId)));
  return (await findChatwootUser(db, userId))?.chatwootUserId ?? null;
}
