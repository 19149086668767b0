import { eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { users } from "#server/db/schema/index.ts";

/** The name a staff member's messages carry: their full name. */
export async function findStaffName(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ? `${row.firstName} ${row.lastName}`.trim() : null;
}
