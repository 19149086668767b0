import { and, asc, desc, eq, gte, isNull, lte, or } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { aiDepartments, aiEmployees, callSettings, phoneNumbers } from "#server/db/schema/index.ts";

// Queries of the company's phone numbers and call settings (this module writes both tables).

export type PhoneNumberRow = typeof phoneNumbers.$inferSelect;
export type NewPhoneNumber = typeof phoneNumbers.$inferInsert;

/** A number with who answers it, for the list and the answers of writes. */
export type PhoneNumberView = PhoneNumberRow & { aiEmployeeName: string | null; departmentName: string | null };

async function selectViews(db: Executor, companyId: string, id?: string): Promise<PhoneNumberView[]> {
  const rows = await db
    .select({ number: phoneNumbers, aiEmployeeName: aiEmployees.name, departmentName: aiDepartments.name })
    .from(phoneNumbers)
    .leftJoin(aiEmployees, eq(aiEmployees.id, phoneNumbers.aiEmployeeId))
    .leftJoin(aiDepartments, eq(aiDepartments.id, aiEmployees.departmentId))
    .where(
      id
        ? and(eq(phoneNumbers.companyId, companyId), eq(phoneNumbers.id, id))
        : and(eq(phoneNumbers.companyId, companyId), eq(phoneNumbers.status, "active")),
    )
    .orderBy(desc(phoneNumbers.purchasedAt), desc(phoneNumbers.id));
  return rows.map(({ number, aiEmployeeName, departmentName }) => ({ ...number, aiEmployeeName, departmentName }));
}

/** The company's active numbers, newest first. */
export const listActiveNumbers = (db: Executor, companyId: string) => selectViews(db, companyId);

/** One of the company's numbers, released or not. */
export async function findNumberView(db: Executor, companyId: string, id: string): Promise<PhoneNumberView | null> {
  return (await selectViews(db, companyId, id))[0] ?? null;
}

/** One of the company's numbers (released ones too: a past call still names its number). */
export async function findPhoneNumber(db: Executor, companyId: string, id: string): Promise<PhoneNumberRow | null> {
  const [row] = await db
    .select()
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.companyId, companyId), eq(phoneNumbers.id, id)));
  return row ?? null;
}

/** The number a call reached, whichever company holds it now (one active holder a number). */
export async function findActiveNumberByE164(db: Executor, e164: string): Promise<PhoneNumberRow | null> {
  const [row] = await db
    .select()
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.e164, e164), eq(phoneNumbers.status, "active")));
  return row ?? null;
}

export type BillableNumber = Pick<PhoneNumberRow, "id" | "e164" | "name" | "purchasedAt" | "releasedAt">;

/**
 * Every number of the company active at some moment of [from, to] (both ends included): bought by
 * `to` and not released before `from`, oldest first. Billing counts the days.
 */
export function listNumbersForBilling(
  db: Executor,
  companyId: string,
  from: Date,
  to: Date,
): Promise<BillableNumber[]> {
  return db
    .select({
      id: phoneNumbers.id,
      e164: phoneNumbers.e164,
      name: phoneNumbers.name,
      purchasedAt: phoneNumbers.purchasedAt,
      releasedAt: phoneNumbers.releasedAt,
    })
    .from(phoneNumbers)
    .where(
      and(
        eq(phoneNumbers.companyId, companyId),
        lte(phoneNumbers.purchasedAt, to),
        or(isNull(phoneNumbers.releasedAt), gte(phoneNumbers.releasedAt, from)),
      ),
    )
    .orderBy(asc(phoneNumbers.purchasedAt), asc(phoneNumbers.id));
}

export async function insertPhoneNumber(db: Executor, values: NewPhoneNumber): Promise<string> {
  const [row] = await db.insert(phoneNumbers).values(values).returning({ id: phoneNumbers.id });
  return row!.id;
}

export type PhoneNumberChanges = Partial<Pick<PhoneNumberRow, "name" | "aiEmployeeId">>;

export async function updateActiveNumber(
  db: Executor,
  companyId: string,
  id: string,
  changes: PhoneNumberChanges,
): Promise<boolean> {
  const rows = await db
    .update(phoneNumbers)
    .set(changes)
    .where(and(eq(phoneNumbers.companyId, companyId), eq(phoneNumbers.id, id), eq(phoneNumbers.status, "active")))
    .returning({ id: phoneNumbers.id });
  return rows.length > 0;
}

/** Marks an active number released; false when it was not active (released meanwhile). */
export async function markReleased(db: Executor, companyId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(phoneNumbers)
    .set({ status: "released", releasedAt: at })
    .where(and(eq(phoneNumbers.companyId, companyId), eq(phoneNumbers.id, id), eq(phoneNumbers.status, "active")))
    .returning({ id: phoneNumbers.id });
  return rows.length > 0;
}

export type CallSettingsRow = typeof callSettings.$inferSelect;

export async function findCallSettings(db: Executor, companyId: string): Promise<CallSettingsRow | null> {
  const [row] = await db.select().from(callSettings).where(eq(callSettings.companyId, companyId));
  return row ?? null;
}

export async function upsertCallSettings(
  db: Executor,
  companyId: string,
  values: { recordingEnabled: boolean; fallbackNumber: string | null },
  at: Date,
): Promise<void> {
  await db
    .insert(callSettings)
    .values({ companyId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: callSettings.companyId, set: { ...values, updatedAt: at } });
}
