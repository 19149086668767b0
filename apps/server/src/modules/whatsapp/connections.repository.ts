import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import {
  aiDepartments,
  aiEmployees,
  type WhatsappConnectionRow,
  whatsappConnections,
} from "#server/db/schema/index.ts";

export type ConnectionPatch = Partial<Omit<WhatsappConnectionRow, "id" | "companyId" | "createdAt">>;

export async function findConnection(db: Executor, companyId: string): Promise<WhatsappConnectionRow | null> {
  const [row] = await db.select().from(whatsappConnections).where(eq(whatsappConnections.companyId, companyId));
  return row ?? null;
}

/** The connection a webhook's number belongs to (numbers are unique across companies). */
export async function findConnectionByPhoneNumberId(
  db: Executor,
  phoneNumberId: string,
): Promise<WhatsappConnectionRow | null> {
  const [row] = await db.select().from(whatsappConnections).where(eq(whatsappConnections.phoneNumberId, phoneNumberId));
  return row ?? null;
}

/** The connected numbers of a WhatsApp Business Account (template webhooks name the WABA only). */
export function findConnectionsByWaba(db: Executor, wabaId: string): Promise<WhatsappConnectionRow[]> {
  return db.select().from(whatsappConnections).where(eq(whatsappConnections.wabaId, wabaId));
}

export async function updateConnection(
  db: Executor,
  companyId: string,
  patch: ConnectionPatch,
): Promise<WhatsappConnectionRow> {
  const [row] = await db
    .update(whatsappConnections)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(whatsappConnections.companyId, companyId))
    .returning();
  return row!;
}

/**
 * The company's row for a signup whose token was shown to reach the number: created, or pointed at the
 * new WABA and number (work done for another is forgotten), with what the checks learned (`verified`).
 */
export async function startConnection(
  db: Executor,
  companyId: string,
  signup: { wabaId: string; phoneNumberId: string; businessId: string | null },
  verified: ConnectionPatch & Pick<WhatsappConnectionRow, "state" | "step">,
): Promise<WhatsappConnectionRow> {
  const existing = await findConnection(db, companyId);
  const sameNumber = existing?.wabaId === signup.wabaId && existing.phoneNumberId === signup.phoneNumberId;
  const values = {
    error: null,
    wabaId: signup.wabaId,
    phoneNumberId: signup.phoneNumberId,
    businessId: signup.businessId,
    ...(sameNumber
      ? {}
      : {
          registeredAt: null,
          subscribedAt: null,
          pinSealed: null,
          templatesSyncedAt: null,
          displayPhoneNumber: null,
          verifiedName: null,
          metaStatus: null,
          quality: "unknown" as const,
          verified: false,
          connectedAt: null,
        }),
    ...verified,
  };
  if (existing) return updateConnection(db, companyId, values);
  const [row] = await db
    .insert(whatsappConnections)
    .values({ companyId, ...values })
    .returning();
  return row!;
}

/**
 * The AI employee who answers the number: the one assigned, or the first active employee (by name) of
 * the assigned department; null when neither is set or active.
 */
export async function answeringEmployeeId(db: Executor, connection: WhatsappConnectionRow): Promise<string | null> {
  if (connection.aiEmployeeId) {
    const [row] = await db
      .select({ id: aiEmployees.id })
      .from(aiEmployees)
      .where(
        and(
          eq(aiEmployees.companyId, connection.companyId),
          eq(aiEmployees.id, connection.aiEmployeeId),
          eq(aiEmployees.status, "active"),
        ),
      );
    if (row) return row.id;
  }
  if (!connection.departmentId) return null;
  const [row] = await db
    .select({ id: aiEmployees.id })
    .from(aiEmployees)
    .where(
      and(
        eq(aiEmployees.companyId, connection.companyId),
        eq(aiEmployees.departmentId, connection.departmentId),
        eq(aiEmployees.status, "active"),
      ),
    )
    .orderBy(asc(aiEmployees.name))
    .limit(1);
  return row?.id ?? null;
}

/** The assignee's name for the status (the employee's, else the department's). */
export async function assigneeName(db: Executor, connection: WhatsappConnectionRow): Promise<string | null> {
  if (connection.aiEmployeeId) {
    const [row] = await db
      .select({ name: aiEmployees.name })
      .from(aiEmployees)
      .where(and(eq(aiEmployees.companyId, connection.companyId), eq(aiEmployees.id, connection.aiEmployeeId)));
    return row?.name ?? null;
  }
  if (connection.departmentId) {
    const [row] = await db
      .select({ name: aiDepartments.name })
      .from(aiDepartments)
      .where(and(eq(aiDepartments.companyId, connection.companyId), eq(aiDepartments.id, connection.departmentId)));
    return row?.name ?? null;
  }
  return null;
}
