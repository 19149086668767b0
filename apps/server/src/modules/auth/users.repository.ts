import { eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { type User, users } from "#server/db/schema/auth.ts";

export type NewUser = typeof users.$inferInsert;

/** Emails are stored lower-cased; pass the normalised address. */
export async function findUserByEmail(db: Executor, email: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function insertUser(db: Executor, values: NewUser): Promise<User> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}
