import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { aiEmployees } from "#server/db/schema/index.ts";

/** A channel that is answered by one AI employee or by a department (website chats, email channels). */
export type AnsweredBy = { companyId: string; aiEmployeeId: string | null; departmentId: string | null };

/**
 * Who answers a channel's new conversation now: its AI employee, or its department's first active AI
 * employee (the oldest hire); null when the department has none active (the message waits for staff).
 */
export async function answeringEmployee(db: Executor, channel: AnsweredBy) {
  const where = channel.aiEmployeeId
    ? eq(aiEmployees.id, channel.aiEmployeeId)
    : channel.departmentId
      ? and(eq(aiEmployees.departmentId, channel.departmentId), eq(aiEmployees.status, "active"))
      : null;
  if (!where) return null;
  const [row] = await db
    .select({ id: aiEmployees.id, name: aiEmployees.name })
    .from(aiEmployees)
    .where(and(eq(aiEmployees.companyId, channel.companyId), where))
    .orderBy(asc(aiEmployees.createdAt), asc(aiEmployees.id))
    .limit(1);
  return row ?? null;
}
