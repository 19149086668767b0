import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { aiDepartments, aiEmployees } from "#server/db/schema/index.ts";
import { httpError } from "#server/lib/http-error.ts";

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

/**
 * Who a channel's staff chose to answer, checked against the company: one AI employee or one
 * department of its own, else a 422 on the field. Answers the name, for the activity log.
 */
export async function checkAnsweredBy(
  db: Executor,
  companyId: string,
  answerer: Omit<AnsweredBy, "companyId">,
): Promise<string> {
  const refuse = (field: string, message: string) =>
    httpError(422, "validation_failed", "Request validation failed", [{ field, message }]);
  if (answerer.aiEmployeeId && answerer.departmentId)
    throw refuse("departmentId", "Choose an AI employee or a department, not both");
  if (answerer.aiEmployeeId) {
    const [employee] = await db
      .select({ name: aiEmployees.name })
      .from(aiEmployees)
      .where(and(eq(aiEmployees.companyId, companyId), eq(aiEmployees.id, answerer.aiEmployeeId)));
    if (!employee) throw refuse("aiEmployeeId", "Choose an AI employee of this company");
    return employee.name;
  }
  if (answerer.departmentId) {
    const [department] = await db
      .select({ name: aiDepartments.name })
      .from(aiDepartments)
      .where(and(eq(aiDepartments.companyId, companyId), eq(aiDepartments.id, answerer.departmentId)));
    if (!department) throw refuse("departmentId", "Choose a department of this company");
    return department.name;
  }
  throw refuse("aiEmployeeId", "Choose an AI employee or a department to answer");
}
