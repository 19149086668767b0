import type { NumberUsage } from "@foreman/contract";
import { and, eq, gte, isNull, lt, min, or, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { phoneNumbers } from "#server/db/schema/index.ts";

// What billing reads of the company's phone numbers (modules/phones writes them): a released number
// keeps its row, so every month's charge can be read back.

const usageColumns = {
  phoneNumberId: phoneNumbers.id,
  phoneNumber: phoneNumbers.e164,
  monthlyCostCents: phoneNumbers.monthlyCostCents,
  currency: phoneNumbers.currency,
  purchasedAt: phoneNumbers.purchasedAt,
  releasedAt: phoneNumbers.releasedAt,
};

/** The numbers held at some moment in [from, to): bought before its end and not released before its start. */
export async function findNumberUsage(db: Executor, companyId: string, from: Date, to: Date): Promise<NumberUsage[]> {
  return db
    .select(usageColumns)
    .from(phoneNumbers)
    .where(
      and(
        eq(phoneNumbers.companyId, companyId),
        lt(phoneNumbers.purchasedAt, to),
        // Released on the day it was bought is still that day's charge.
        or(isNull(phoneNumbers.releasedAt), gte(phoneNumbers.releasedAt, from), gte(phoneNumbers.purchasedAt, from)),
      ),
    );
}

/** The company's first purchase ever, or null when it never had a number. */
export async function findFirstPurchase(db: Executor, companyId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(phoneNumbers.purchasedAt) })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.companyId, companyId));
  return row?.at ? new Date(row.at) : null;
}

/** The active numbers and what they cost a month together. */
export async function findActiveNumbers(
  db: Executor,
  companyId: string,
): Promise<{ count: number; monthlyCents: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      monthlyCents: sql<number>`coalesce(sum(${phoneNumbers.monthlyCostCents}), 0)::int`,
    })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.companyId, companyId), eq(phoneNumbers.status, "active")));
  return { count: Number(row?.count ?? 0), monthlyCents: Number(row?.monthlyCents ?? 0) };
}
