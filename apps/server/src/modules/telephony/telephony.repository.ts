import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { phoneNumbers } from "#server/db/schema/index.ts";

// The simulated provider's one question to the database (modules/phones owns and writes the table):
// which numbers some company holds now, so they are neither offered nor sold twice.

export async function numbersHeld(db: Executor, e164s: string[]): Promise<Set<string>> {
  if (e164s.length === 0) return new Set();
  const rows = await db
    .select({ e164: phoneNumbers.e164 })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.status, "active"), inArray(phoneNumbers.e164, e164s)));
  return new Set(rows.map((row) => row.e164));
}
