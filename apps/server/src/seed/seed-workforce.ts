import type { Executor } from "#server/db/client.ts";
import { type Actor, recordActivities } from "#server/modules/activities/activities.repository.ts";
import {
  insertAiEmployees,
  replaceContactPoints,
  replaceSkills,
} from "#server/modules/ai-employees/ai-employees.repository.ts";
import { insertSkillSet, type StandardSkill } from "#server/modules/skills/standard-skills.ts";
import type { DemoEmployee } from "./demo-data.ts";
import type { Person } from "./seed-conversations.ts";

const DAY_MS = 86_400_000;

/** The company's skills; returns their ids by name. */
export async function insertSkills(
  db: Executor,
  companyId: string,
  list: readonly StandardSkill[],
): Promise<Map<string, string>> {
  const ids = await insertSkillSet(db, companyId, list);
  return new Map(list.map((skill, index) => [skill.name, ids[index]!]));
}

/**
 * A department's AI employees with their skills and contact points, hired by `hiredBy` a little over
 * a year before `now` (before the demo's first orders), each with its "hired" activity.
 */
export async function insertWorkforce(
  db: Executor,
  options: {
    companyId: string;
    departmentId: string;
    departmentName: string;
    avatarUrl: string | null;
    employees: readonly DemoEmployee[];
    skillIds: Map<string, string>;
    hiredBy: Person;
    /** Spreads the hiring dates across departments. */
    offsetDays: number;
    now: Date;
  },
): Promise<Person[]> {
  const { companyId, departmentId, employees, now } = options;
  if (employees.length === 0) return [];
  const hiredAt = (index: number) => new Date(now.getTime() - (400 - options.offsetDays - index * 9) * DAY_MS);
  const hiring = employees.map(({ contactPoints: _points, skills: _skills, ...employee }, index) => ({
    ...employee,
    companyId,
    departmentId,
    avatarUrl: options.avatarUrl,
    createdAt: hiredAt(index),
    updatedAt: hiredAt(index),
    deactivatedAt: employee.status === "inactive" ? new Date(now.getTime() - 20 * DAY_MS) : null,
  }));
  const ids = await insertAiEmployees(db, hiring);
  const rows = ids.map(({ id }, index) => ({ id, name: hiring[index]!.name, createdAt: hiring[index]!.createdAt }));
  await replaceContactPoints(
    db,
    companyId,
    employees.map((employee, index) => ({ aiEmployeeId: rows[index]!.id, points: employee.contactPoints })),
  );
  await replaceSkills(
    db,
    companyId,
    employees.map((employee, index) => ({
      aiEmployeeId: rows[index]!.id,
      skillIds: employee.skills.map((name) => options.skillIds.get(name)!),
    })),
  );

  const actor: Actor = { type: "user", id: options.hiredBy.id, name: options.hiredBy.name };
  await recordActivities(
    db,
    rows.map((row) => ({
      companyId,
      kind: "ai_employee.hired" as const,
      actor,
      subject: { type: "ai_employee" as const, id: row.id },
      summary: `Hired ${row.name} in ${options.departmentName}`,
      createdAt: row.createdAt,
    })),
  );
  return rows.map((row) => ({ id: row.id, name: row.name }));
}
