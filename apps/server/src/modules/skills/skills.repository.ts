import { and, asc, count, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { aiDepartments, aiEmployeeSkills, aiEmployees, skills } from "#server/db/schema/index.ts";

export type SkillRow = typeof skills.$inferSelect;
export type SkillHolder = { skillId: string; id: string; name: string; departmentName: string };

// Names compare case-folded byte by byte ("C"), so PGlite and PostgreSQL (whose collations differ) agree.
const foldedName = sql`lower(${skills.name}) collate "C"`;

export function listSkills(db: Executor, companyId: string): Promise<SkillRow[]> {
  return db.select().from(skills).where(eq(skills.companyId, companyId)).orderBy(asc(foldedName), asc(skills.id));
}

export async function findSkill(db: Executor, companyId: string, id: string): Promise<SkillRow | null> {
  const [row] = await db
    .select()
    .from(skills)
    .where(and(eq(skills.companyId, companyId), eq(skills.id, id)));
  return row ?? null;
}

/** Another skill of the company with this name, whatever its case. */
export async function findSkillByName(db: Executor, companyId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: skills.id, name: skills.name })
    .from(skills)
    .where(
      and(
        eq(skills.companyId, companyId),
        eq(sql`lower(${skills.name})`, name.toLowerCase()),
        exceptId ? sql`${skills.id} <> ${exceptId}` : undefined,
      ),
    );
  return row ?? null;
}

export async function countSkills(db: Executor, companyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(skills).where(eq(skills.companyId, companyId));
  return row?.n ?? 0;
}

/** The employees that have these skills, by name. */
export function listHolders(db: Executor, companyId: string, skillIds: string[]): Promise<SkillHolder[]> {
  if (skillIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      skillId: aiEmployeeSkills.skillId,
      id: aiEmployees.id,
      name: aiEmployees.name,
      departmentName: aiDepartments.name,
    })
    .from(aiEmployeeSkills)
    .innerJoin(aiEmployees, eq(aiEmployees.id, aiEmployeeSkills.aiEmployeeId))
    .innerJoin(aiDepartments, eq(aiDepartments.id, aiEmployees.departmentId))
    .where(and(eq(aiEmployeeSkills.companyId, companyId), inArray(aiEmployeeSkills.skillId, skillIds)))
    .orderBy(asc(sql`lower(${aiEmployees.name}) collate "C"`), asc(aiEmployees.id));
}

export async function insertSkill(db: Executor, values: typeof skills.$inferInsert): Promise<SkillRow> {
  const [row] = await db.insert(skills).values(values).returning();
  return row!;
}

export async function updateSkill(
  db: Executor,
  companyId: string,
  id: string,
  changes: Partial<Pick<SkillRow, "name" | "description" | "tools">>,
) {
  await db
    .update(skills)
    .set(changes)
    .where(and(eq(skills.companyId, companyId), eq(skills.id, id)));
}

export async function deleteSkill(db: Executor, companyId: string, id: string) {
  await db.delete(skills).where(and(eq(skills.companyId, companyId), eq(skills.id, id)));
}

/** Makes exactly these employees the skill's holders. */
export async function setHolders(db: Executor, companyId: string, skillId: string, employeeIds: string[]) {
  const kept = [...new Set(employeeIds)];
  await db
    .delete(aiEmployeeSkills)
    .where(
      and(
        eq(aiEmployeeSkills.companyId, companyId),
        eq(aiEmployeeSkills.skillId, skillId),
        kept.length > 0 ? notInArray(aiEmployeeSkills.aiEmployeeId, kept) : undefined,
      ),
    );
  if (kept.length > 0)
    await db
      .insert(aiEmployeeSkills)
      .values(kept.map((aiEmployeeId) => ({ companyId, skillId, aiEmployeeId })))
      .onConflictDoNothing();
}

export async function addHolder(db: Executor, companyId: string, skillId: string, aiEmployeeId: string) {
  const added = await db
    .insert(aiEmployeeSkills)
    .values({ companyId, skillId, aiEmployeeId })
    .onConflictDoNothing()
    .returning({ id: aiEmployeeSkills.skillId });
  return added.length > 0;
}

export async function removeHolder(db: Executor, companyId: string, skillId: string, aiEmployeeId: string) {
  const removed = await db
    .delete(aiEmployeeSkills)
    .where(
      and(
        eq(aiEmployeeSkills.companyId, companyId),
        eq(aiEmployeeSkills.skillId, skillId),
        eq(aiEmployeeSkills.aiEmployeeId, aiEmployeeId),
      ),
    )
    .returning({ id: aiEmployeeSkills.skillId });
  return removed.length > 0;
}

/** The tools an employee's skills grant, skill by skill (the runtime unions them). */
export function listSkillToolsOf(db: Executor, aiEmployeeId: string) {
  return db
    .select({ name: skills.name, tools: skills.tools })
    .from(aiEmployeeSkills)
    .innerJoin(skills, eq(skills.id, aiEmployeeSkills.skillId))
    .where(eq(aiEmployeeSkills.aiEmployeeId, aiEmployeeId))
    .orderBy(asc(foldedName));
}

/** The company's AI employee's name, or null when it is not one of them. */
export async function findEmployeeName(db: Executor, companyId: string, id: string): Promise<string | null> {
  const [row] = await db
    .select({ name: aiEmployees.name })
    .from(aiEmployees)
    .where(and(eq(aiEmployees.companyId, companyId), eq(aiEmployees.id, id)));
  return row?.name ?? null;
}
