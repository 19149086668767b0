import { SKILL_LIMITS, type SkillDetail, type SkillList, type SkillPatch, type SkillValues } from "@foreman/contract";
import { sql } from "drizzle-orm";
import type { Db, Executor } from "#server/db/client.ts";
import { knowledgeEntries } from "#server/db/schema/index.ts";
import { httpError } from "#server/lib/http-error.ts";
import { orConflict } from "#server/lib/unique-violation.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { recordActivity, staffActor } from "../activities/index.ts";
import { foreignIds } from "../knowledge/index.ts";
import {
  addHolder,
  countSkills,
  deleteSkill,
  findEmployeeName,
  findSkill,
  findSkillByName,
  insertSkill,
  listHolders,
  listSkills,
  removeHolder,
  type SkillHolder,
  type SkillRow,
  setHolders,
  updateSkill,
} from "./skills.repository.ts";

export const SKILL_NOT_FOUND = "Skill not found";
export const AI_EMPLOYEE_NOT_FOUND = "AI employee not found";

export type SkillWriteContext = { db: Db; companyId: string; userId: string };

const notFound = () => httpError(404, "not_found", SKILL_NOT_FOUND);
const nameTaken = (name: string) =>
  httpError(409, "name_taken", `There is already a skill named ${name}`, [
    { field: "name", message: "Another skill has this name" },
  ]);

function toSkill(row: SkillRow, holders: SkillHolder[]): SkillDetail {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    tools: row.tools as SkillDetail["tools"],
    aiEmployees: holders
      .filter((holder) => holder.skillId === row.id)
      .map(({ id, name, departmentName }) => ({ id, name, departmentName })),
    createdAt: row.createdAt.toISOString(),
  };
}

async function detail(db: Executor, row: SkillRow): Promise<SkillDetail> {
  return toSkill(row, await listHolders(db, row.companyId, [row.id]));
}

export async function getSkills(db: Db, companyId: string): Promise<SkillList> {
  const rows = await listSkills(db, companyId);
  const holders = await listHolders(
    db,
    companyId,
    rows.map((row) => row.id),
  );
  return { skills: rows.map((row) => toSkill(row, holders)) };
}

/** The company's skill; another company's, an unknown and a malformed id are the same 404. */
async function findSkillRow(db: Executor, companyId: string, id: string): Promise<SkillRow> {
  const row = isUuid(id) ? await findSkill(db, companyId, id) : null;
  if (!row) throw notFound();
  return row;
}

async function checkEmployees(db: Executor, companyId: string, ids: string[]) {
  const { employees } = await foreignIds(db, companyId, { employees: ids, skills: [] });
  if (employees.length > 0)
    throw httpError(422, "validation_failed", "Some of these are not the company's AI employees", [
      { field: "aiEmployeeIds", message: "Not one of the company's AI employees" },
    ]);
}

// Two requests naming two skills alike at once: the unique index keeps one.
const inTransaction = <T>(db: Db, name: string | undefined, work: (tx: Executor) => Promise<T>) =>
  name === undefined
    ? db.transaction(work)
    : orConflict(
        () => db.transaction(work),
        () => nameTaken(name),
      );

export async function createSkill(ctx: SkillWriteContext, input: SkillValues): Promise<SkillDetail> {
  const { db, companyId } = ctx;
  if (await findSkillByName(db, companyId, input.name)) throw nameTaken(input.name);
  if ((await countSkills(db, companyId)) >= SKILL_LIMITS.perCompany)
    throw httpError(422, "too_many_skills", `A company can have at most ${SKILL_LIMITS.perCompany} skills`);
  await checkEmployees(db, companyId, input.aiEmployeeIds);
  const row = await inTransaction(db, input.name, async (tx) => {
    const created = await insertSkill(tx, {
      companyId,
      name: input.name,
      description: input.description,
      tools: input.tools,
    });
    await setHolders(tx, companyId, created.id, input.aiEmployeeIds);
    await recordActivity(tx, {
      companyId,
      kind: "skill.created",
      actor: await staffActor(tx, ctx.userId),
      subject: { type: "skill", id: created.id },
      summary: `Added the skill ${created.name}`,
      details: { tools: input.tools, aiEmployeeIds: input.aiEmployeeIds },
    });
    return created;
  });
  return detail(db, row);
}

export async function editSkill(ctx: SkillWriteContext, id: string, patch: SkillPatch): Promise<SkillDetail> {
  const { db, companyId } = ctx;
  const row = await findSkillRow(db, companyId, id);
  if (patch.name !== undefined && (await findSkillByName(db, companyId, patch.name, row.id)))
    throw nameTaken(patch.name);
  if (patch.aiEmployeeIds) await checkEmployees(db, companyId, patch.aiEmployeeIds);
  const { aiEmployeeIds, ...own } = patch;
  await inTransaction(db, patch.name, async (tx) => {
    if (Object.keys(own).length > 0) await updateSkill(tx, companyId, row.id, own);
    if (aiEmployeeIds) await setHolders(tx, companyId, row.id, aiEmployeeIds);
    await recordActivity(tx, {
      companyId,
      kind: "skill.updated",
      actor: await staffActor(tx, ctx.userId),
      subject: { type: "skill", id: row.id },
      summary: `Changed the skill ${patch.name ?? row.name}`,
      details: { changed: Object.keys(patch) },
    });
  });
  return detail(db, (await findSkill(db, companyId, row.id))!);
}

/** Deletes the skill: its employees lose its tools, and knowledge entries stop naming it. */
export async function removeSkill(ctx: SkillWriteContext, id: string): Promise<void> {
  const { db, companyId } = ctx;
  const row = await findSkillRow(db, companyId, id);
  await db.transaction(async (tx) => {
    await deleteSkill(tx, companyId, row.id);
    await tx
      .update(knowledgeEntries)
      .set({ skillIds: sql`array_remove(${knowledgeEntries.skillIds}, ${row.id}::uuid)` })
      .where(sql`${knowledgeEntries.companyId} = ${companyId} and ${row.id}::uuid = any(${knowledgeEntries.skillIds})`);
    await recordActivity(tx, {
      companyId,
      kind: "skill.deleted",
      actor: await staffActor(tx, ctx.userId),
      subject: { type: "skill", id: row.id },
      summary: `Deleted the skill ${row.name}`,
      details: { tools: row.tools },
    });
  });
}

/**
 * Turns the skill on (`has: true`) or off for one employee. Repeating it changes nothing and records
 * nothing; the employee's next run has (or lacks) the skill's tools.
 */
export async function setSkillFor(
  ctx: SkillWriteContext,
  id: string,
  aiEmployeeId: string,
  has: boolean,
): Promise<SkillDetail> {
  const { db, companyId } = ctx;
  const row = await findSkillRow(db, companyId, id);
  const employeeName = isUuid(aiEmployeeId) ? await findEmployeeName(db, companyId, aiEmployeeId) : null;
  if (employeeName === null) throw httpError(404, "not_found", AI_EMPLOYEE_NOT_FOUND);
  await db.transaction(async (tx) => {
    const changed = has
      ? await addHolder(tx, companyId, row.id, aiEmployeeId)
      : await removeHolder(tx, companyId, row.id, aiEmployeeId);
    if (!changed) return;
    await recordActivity(tx, {
      companyId,
      kind: "skill.updated",
      actor: await staffActor(tx, ctx.userId),
      subject: { type: "skill", id: row.id },
      summary: has ? `Gave ${employeeName} the skill ${row.name}` : `Took the skill ${row.name} from ${employeeName}`,
      details: { aiEmployeeId, has },
    });
  });
  return detail(db, row);
}
