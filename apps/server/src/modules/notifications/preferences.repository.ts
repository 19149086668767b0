import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from "@foreman/contract";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { notificationPreferences, users } from "#server/db/schema/index.ts";

// A user's switches: one row once they changed a default, none before (the defaults apply).

/** The user's email and their preferences (the defaults when they never saved any); null for no such user. */
export async function findUserPreferences(
  db: Executor,
  userId: string,
): Promise<{ email: string; preferences: NotificationPreferences } | null> {
  const [row] = await db
    .select({
      email: users.email,
      emailActionItems: notificationPreferences.emailActionItems,
      emailTicketsAssigned: notificationPreferences.emailTicketsAssigned,
      emailHandoffs: notificationPreferences.emailHandoffs,
      emailDailyDigest: notificationPreferences.emailDailyDigest,
      toasts: notificationPreferences.toasts,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const { email, ...saved } = row;
  const preferences = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  for (const key of Object.keys(preferences) as (keyof NotificationPreferences)[]) {
    const value = saved[key];
    if (value !== null) preferences[key] = value;
  }
  return { email, preferences };
}

/** Writes the user's whole set of switches (a row from now on). */
export async function savePreferences(tx: Executor, userId: string, preferences: NotificationPreferences) {
  await tx
    .insert(notificationPreferences)
    .values({ userId, ...preferences })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...preferences, updatedAt: sql`now()` },
    });
}
