import type { AiEmployeeSort, AiEmployeeStatus, ContactPoint } from "@foreman/contract";
import { type AnyColumn, and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import {
  aiDepartments,
  aiEmployeeContactPoints,
  aiEmployeeSkills,
  aiEmployees,
  skills,
} from "#server/db/schema/index.ts";

export type AiEmployeesFilter = {
  companyId: string;
  departmentId?: string | undefined;
  status?: AiEmployeeStatus | undefined;
  q?: string | undefined;
};

export type AiEmployeeRow = typeof aiEmployees.$inferSelect & { departmentName: string };

// `%`, `_` and `\` typed by a person are searched for as themselves.
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function where(filter: AiEmployeesFilter): SQL | undefined {
  const q = filter.q?.trim();
  return and(
    eq(aiEmployees.companyId, filter.companyId),
    filter.departmentId ? eq(aiEmployees.departmentId, filter.departmentId) : undefined,
    filter.status ? eq(aiEmployees.status, filter.status) : undefined,
    q ? or(ilike(aiEmployees.name, likePattern(q)), ilike(aiEmployees.role, likePattern(q))) : undefined,
  );
}

// Names compare case-folded byte by byte ("C"), so PGlite and PostgreSQL (whose collations differ) agree.
const folded = (column: SQL | AnyColumn) => sql`lower(${column}) collate "C"`;

function orderBy(sort: AiEmployeeSort, direction: "asc" | "desc"): SQL[] {
  const dir = direction === "asc" ? asc : desc;
  const name = folded(aiEmployees.name);
  const keys: Record<AiEmployeeSort, SQL[]> = {
    name: [dir(name)],
    created_at: [dir(aiEmployees.createdAt)],
    department: [dir(folded(sql`${aiDepartments.name}`)), asc(name)],
    status: [dir(aiEmployees.status), asc(name)],
  };
  // The id last: pages never repeat or skip a row among equals.
  return [...keys[sort], dir(aiEmployees.id)];
}

const employeeColumns = { employee: aiEmployees, departmentName: aiDepartments.name };

const flatten = (rows: { employee: typeof aiEmployees.$inferSelect; departmentName: string }[]): AiEmployeeRow[] =>
  rows.map(({ employee, departmentName }) => ({ ...employee, departmentName }));

export async function listAiEmployees(
  db: Executor,
  filter: AiEmployeesFilter,
  sort: AiEmployeeSort,
  direction: "asc" | "desc",
  limit: number,
  offset: number,
): Promise<AiEmployeeRow[]> {
  const rows = await db
    .select(employeeColumns)
    .from(aiEmployees)
    .innerJoin(aiDepartments, eq(aiDepartments.id, aiEmployees.departmentId))
    .where(where(filter))
    .orderBy(...orderBy(sort, direction))
    .limit(limit)
    .offset(offset);
  return flatten(rows);
}

export async function countAiEmployees(db: Executor, filter: AiEmployeesFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(aiEmployees).where(where(filter));
  return row!.n;
}

export async function findAiEmployee(db: Executor, companyId: string, id: string): Promise<AiEmployeeRow | null> {
  const rows = await db
    .select(employeeColumns)
    .from(aiEmployees)
    .innerJoin(aiDepartments, eq(aiDepartments.id, aiEmployees.departmentId))
    .where(and(eq(aiEmployees.companyId, companyId), eq(aiEmployees.id, id)));
  return flatten(rows)[0] ?? null;
}

/** The skills of these employees, each employee's by name. */
export function listSkillsOf(db: Executor, employeeIds: string[]) {
  if (employeeIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      aiEmployeeId: aiEmployeeSkills.aiEmployeeId,
      id: skills.id,
      name: skills.name,
      description: skills.description,
    })
    .from(aiEmployeeSkills)
    .innerJoin(skills, eq(skills.id, aiEmployeeSkills.skillId))
    .where(inArray(aiEmployeeSkills.aiEmployeeId, employeeIds))
    .orderBy(folded(skills.name), asc(skills.id));
}

/** The contact points of these employees, in their order. */
export function listContactPointsOf(db: Executor, employeeIds: string[]) {
  if (employeeIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      aiEmployeeId: aiEmployeeContactPoints.aiEmployeeId,
      channel: aiEmployeeContactPoints.channel,
      address: aiEmployeeContactPoints.address,
    })
    .from(aiEmployeeContactPoints)
    .where(inArray(aiEmployeeContactPoints.aiEmployeeId, employeeIds))
    .orderBy(asc(aiEmployeeContactPoints.position), asc(aiEmployeeContactPoints.id));
}

export function listDepartmentNames(db: Executor, companyId: string) {
  return db
    .select({ id: aiDepartments.id, name: aiDepartments.name })
    .from(aiDepartments)
    .where(eq(aiDepartments.companyId, companyId))
    .orderBy(asc(aiDepartments.sortOrder), asc(aiDepartments.id));
}

/** Contact points of the company's other employees among these (channel and address as stored). */
export function findTakenContactPoints(
  db: Executor,
  companyId: string,
  points: ContactPoint[],
  exceptEmployeeId?: string,
) {
  if (points.length === 0) return Promise.resolve([]);
  return db
    .select({
      channel: aiEmployeeContactPoints.channel,
      address: aiEmployeeContactPoints.address,
      aiEmployeeId: aiEmployeeContactPoints.aiEmployeeId,
      employeeName: aiEmployees.name,
    })
    .from(aiEmployeeContactPoints)
    .innerJoin(aiEmployees, eq(aiEmployees.id, aiEmployeeContactPoints.aiEmployeeId))
    .where(
      and(
        eq(aiEmployeeContactPoints.companyId, companyId),
        inArray(
          aiEmployeeContactPoints.address,
          points.map((point) => point.address),
        ),
        exceptEmployeeId ? ne(aiEmployeeContactPoints.aiEmployeeId, exceptEmployeeId) : undefined,
      ),
    );
}

/**
 * The company's skills with these names (matched case-insensitively), creating the missing ones.
 * Answers them by their lower-cased name.
 */
export async function ensureSkills(
  db: Executor,
  companyId: string,
  names: string[],
): Promise<Map<string, { id: string; name: string }>> {
  const byLower = new Map<string, string>();
  for (const name of names) if (!byLower.has(name.toLowerCase())) byLower.set(name.toLowerCase(), name);
  if (byLower.size === 0) return new Map();
  const lowered = [...byLower.keys()];
  const find = () =>
    db
      .select({ id: skills.id, name: skills.name })
      .from(skills)
      .where(and(eq(skills.companyId, companyId), inArray(sql`lower(${skills.name})`, lowered)));
  const found = new Map((await find()).map((skill) => [skill.name.toLowerCase(), skill]));
  const missing = [...byLower].filter(([lower]) => !found.has(lower)).map(([, name]) => name);
  if (missing.length > 0) {
    // Another request may create the same skill meanwhile: keep theirs.
    await db
      .insert(skills)
      .values(missing.map((name) => ({ companyId, name })))
      .onConflictDoNothing();
    for (const skill of await find()) found.set(skill.name.toLowerCase(), skill);
  }
  return found;
}

export type NewAiEmployee = typeof aiEmployees.$inferInsert;

export async function insertAiEmployees(db: Executor, values: NewAiEmployee[]): Promise<{ id: string }[]> {
  if (values.length === 0) return [];
  return db.insert(aiEmployees).values(values).returning({ id: aiEmployees.id });
}

/** Any of an employee's own fields; its id, company and timestamps of creation are not changed here. */
export type AiEmployeeChanges = Partial<Omit<NewAiEmployee, "id" | "companyId" | "createdAt" | "updatedAt">>;

export async function updateAiEmployee(db: Executor, companyId: string, id: string, changes: AiEmployeeChanges) {
  await db
    .update(aiEmployees)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(aiEmployees.companyId, companyId), eq(aiEmployees.id, id)));
}

/** Replaces the contact points of these employees (each list in order). */
export async function replaceContactPoints(
  db: Executor,
  companyId: string,
  byEmployee: { aiEmployeeId: string; points: ContactPoint[] }[],
) {
  if (byEmployee.length === 0) return;
  await db.delete(aiEmployeeContactPoints).where(
    and(
      eq(aiEmployeeContactPoints.companyId, companyId),
      inArray(
        aiEmployeeContactPoints.aiEmployeeId,
        byEmployee.map((entry) => entry.aiEmployeeId),
      ),
    ),
  );
  const rows = byEmployee.flatMap(({ aiEmployeeId, points }) =>
    points.map((point, position) => ({ companyId, aiEmployeeId, ...point, position })),
  );
  if (rows.length > 0) await db.insert(aiEmployeeContactPoints).values(rows);
}

/** Replaces the skills of these employees. */
export async function replaceSkills(
  db: Executor,
  companyId: string,
  byEmployee: { aiEmployeeId: string; skillIds: string[] }[],
) {
  if (byEmployee.length === 0) return;
  await db.delete(aiEmployeeSkills).where(
    and(
      eq(aiEmployeeSkills.companyId, companyId),
      inArray(
        aiEmployeeSkills.aiEmployeeId,
        byEmployee.map((entry) => entry.aiEmployeeId),
      ),
    ),
  );
  const rows = byEmployee.flatMap(({ aiEmployeeId, skillIds }) =>
    [...new Set(skillIds)].map((skillId) => ({ companyId, aiEmployeeId, skillId })),
  );
  if (rows.length > 0) await db.insert(aiEmployeeSkills).values(rows);
}

/** Every employee of the company, by name (the export). */
export async function listAllAiEmployees(db: Executor, companyId: string): Promise<AiEmployeeRow[]> {
  const rows = await db
    .select(employeeColumns)
    .from(aiEmployees)
    .innerJoin(aiDepartments, eq(aiDepartments.id, aiEmployees.departmentId))
    .where(eq(aiEmployees.companyId, companyId))
    .orderBy(asc(folded(aiEmployees.name)), asc(aiEmployees.id));
  return flatten(rows);
}
