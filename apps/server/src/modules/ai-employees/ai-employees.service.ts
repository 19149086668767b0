import { randomUUID } from "node:crypto";
import {
  AI_EMPLOYEE_IMPORT_LIMITS,
  type AiEmployee,
  type AiEmployeeCsvValues,
  type AiEmployeePatch,
  type AiEmployeeStatus,
  type AiEmployeesPage,
  type AiEmployeesQuery,
  type AiEmployeeValues,
  aiEmployeesFromCsvRecords,
  aiEmployeesToCsv,
  type ContactPoint,
  type FieldError,
  resolveDepartmentName,
} from "@foreman/contract";
import type { Db, Executor } from "#server/db/client.ts";
import { type ImportRefusal, readCsvForImport, refuseImport } from "#server/lib/csv-import.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUniqueViolation } from "#server/lib/unique-violation.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { type NewActivity, recordActivity, staffActor } from "../activities/index.ts";
import { flagEmployeeConversationsForStaff } from "../conversations/index.ts";
import { findDepartment } from "../departments/index.ts";
import {
  type AiEmployeeChanges,
  type AiEmployeeRow,
  countAiEmployees,
  ensureSkills,
  findAiEmployee,
  findTakenContactPoints,
  insertAiEmployees,
  listAiEmployees,
  listAllAiEmployees,
  listContactPointsOf,
  listDepartmentNames,
  listSkillsOf,
  replaceContactPoints,
  replaceSkills,
  updateAiEmployee,
} from "./ai-employees.repository.ts";

export const AI_EMPLOYEE_NOT_FOUND = "AI employee not found";
export const DEPARTMENT_NOT_FOUND = "Choose a department of this company";

const notFound = () => httpError(404, "not_found", AI_EMPLOYEE_NOT_FOUND);
const invalid = (details: FieldError[]) => httpError(422, "validation_failed", "Request validation failed", details);

// ---------------------------------------------------------------------------------------------------
// Reading

/** The rows as the API shows them, with their skills and contact points read in one query each. */
async function toViews(db: Executor, rows: AiEmployeeRow[]): Promise<AiEmployee[]> {
  const ids = rows.map((row) => row.id);
  const [skillRows, pointRows] = await Promise.all([listSkillsOf(db, ids), listContactPointsOf(db, ids)]);
  const group = <T extends { aiEmployeeId: string }>(items: T[]) => {
    const map = new Map<string, T[]>();
    for (const item of items) map.set(item.aiEmployeeId, [...(map.get(item.aiEmployeeId) ?? []), item]);
    return map;
  };
  const skillsOf = group(skillRows);
  const pointsOf = group(pointRows);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    role: row.role,
    status: row.status,
    avatarUrl: row.avatarUrl,
    department: { id: row.departmentId, name: row.departmentName },
    languages: row.languages,
    persona: row.persona,
    instructions: row.instructions,
    guardrails: {
      maxDiscountPercent: Number(row.maxDiscountPercent),
      maxOrderTotalCents: Number(row.maxOrderTotalCents),
      actionsRequiringHuman: row.actionsRequiringHuman,
    },
    contactPoints: (pointsOf.get(row.id) ?? []).map(({ channel, address }) => ({ channel, address })),
    skills: (skillsOf.get(row.id) ?? []).map(({ id, name, description }) => ({ id, name, description })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
  }));
}

export async function getAiEmployeesPage(
  db: Executor,
  companyId: string,
  query: AiEmployeesQuery,
): Promise<AiEmployeesPage> {
  const filter = { companyId, departmentId: query.departmentId, status: query.status, q: query.q || undefined };
  const [rows, total] = await Promise.all([
    listAiEmployees(db, filter, query.sort, query.direction, query.perPage, (query.page - 1) * query.perPage),
    countAiEmployees(db, filter),
  ]);
  return { aiEmployees: await toViews(db, rows), total, page: query.page, perPage: query.perPage };
}

/** The company's employee, or the one 404 for another company's, an unknown and a malformed id. */
export async function findAiEmployeeRow(db: Executor, companyId: string, id: string): Promise<AiEmployeeRow> {
  const row = isUuid(id) ? await findAiEmployee(db, companyId, id) : null;
  if (!row) throw notFound();
  return row;
}

/** One employee of the company; another company's, an unknown and a malformed id are the same 404. */
export async function getAiEmployee(db: Executor, companyId: string, id: string): Promise<AiEmployee> {
  const [view] = await toViews(db, [await findAiEmployeeRow(db, companyId, id)]);
  return view!;
}

export async function exportAiEmployeesCsv(db: Executor, companyId: string): Promise<string> {
  return aiEmployeesToCsv(await toViews(db, await listAllAiEmployees(db, companyId)));
}

// ---------------------------------------------------------------------------------------------------
// Writing

const pointKey = (point: ContactPoint) => `${point.channel}:${point.address}`;

/** The first contact point listed twice in one list, as a field error. */
function repeatedPoint(points: ContactPoint[]): FieldError | null {
  const keys = points.map(pointKey);
  const index = keys.findIndex((key, i) => keys.indexOf(key) !== i);
  return index < 0
    ? null
    : {
        field: `contactPoints.${index}`,
        message: `${points[index]!.channel} ${points[index]!.address} is listed twice`,
      };
}

const conflictMessage = (point: ContactPoint, employeeName: string) =>
  `The ${point.channel} address ${point.address} is already used by ${employeeName}`;

/** 409 when another employee of the company already answers on one of these points. */
async function assertPointsFree(db: Executor, companyId: string, points: ContactPoint[], exceptId?: string) {
  const taken = await findTakenContactPoints(db, companyId, points, exceptId);
  for (const [index, point] of points.entries()) {
    const owner = taken.find((row) => row.channel === point.channel && row.address === point.address);
    if (owner) {
      throw httpError(409, "contact_point_taken", conflictMessage(point, owner.employeeName), [
        { field: `contactPoints.${index}`, message: `Already used by ${owner.employeeName}` },
      ]);
    }
  }
}

async function inTransaction<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw httpError(409, "contact_point_taken", "A contact point was just taken by another AI employee; try again");
    }
    throw error;
  }
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);
const skillSet = (names: string[]) => [...new Set(names.map((name) => name.toLowerCase()))].sort();

export type WriteContext = { db: Db; companyId: string; userId: string };

export async function hireAiEmployee(ctx: WriteContext, input: AiEmployeeValues): Promise<AiEmployee> {
  const { db, companyId } = ctx;
  const department = await findDepartment(db, companyId, input.departmentId);
  const problems = [
    ...(department ? [] : [{ field: "departmentId", message: DEPARTMENT_NOT_FOUND }]),
    ...[repeatedPoint(input.contactPoints)].filter((issue) => issue !== null),
  ];
  if (problems.length > 0) throw invalid(problems);

  const id = await inTransaction(db, async (tx) => {
    await assertPointsFree(tx, companyId, input.contactPoints);
    const [row] = await insertAiEmployees(tx, [
      {
        companyId,
        departmentId: input.departmentId,
        name: input.name,
        role: input.role,
        avatarUrl: input.avatarUrl,
        languages: [...new Set(input.languages)],
        persona: input.persona,
        instructions: input.instructions,
        maxDiscountPercent: input.guardrails.maxDiscountPercent,
        maxOrderTotalCents: input.guardrails.maxOrderTotalCents,
        actionsRequiringHuman: [...new Set(input.guardrails.actionsRequiringHuman)],
      },
    ]);
    const aiEmployeeId = row!.id;
    const skills = await ensureSkills(tx, companyId, input.skills);
    await replaceContactPoints(tx, companyId, [{ aiEmployeeId, points: input.contactPoints }]);
    await replaceSkills(tx, companyId, [
      { aiEmployeeId, skillIds: input.skills.map((name) => skills.get(name.toLowerCase())!.id) },
    ]);
    await recordActivity(tx, {
      companyId,
      kind: "ai_employee.hired",
      actor: await staffActor(tx, ctx.userId),
      subject: { type: "ai_employee", id: aiEmployeeId },
      summary: `Hired ${input.name} in ${department!.name}`,
      details: { name: input.name, role: input.role, department: department!.name },
    });
    return aiEmployeeId;
  });
  return getAiEmployee(db, companyId, id);
}

type Change = { before: unknown; after: unknown };

export async function editAiEmployee(ctx: WriteContext, id: string, patch: AiEmployeePatch): Promise<AiEmployee> {
  const { db, companyId } = ctx;
  const row = await findAiEmployeeRow(db, companyId, id);
  const [current] = await toViews(db, [row]);
  const department =
    patch.departmentId !== undefined && patch.departmentId !== row.departmentId
      ? await findDepartment(db, companyId, patch.departmentId)
      : undefined;
  const problems: FieldError[] = [];
  if (department === null) problems.push({ field: "departmentId", message: DEPARTMENT_NOT_FOUND });
  const repeated = patch.contactPoints ? repeatedPoint(patch.contactPoints) : null;
  if (repeated) problems.push(repeated);
  if (problems.length > 0) throw invalid(problems);

  // Only what differs is written and recorded.
  const changes: AiEmployeeChanges = {};
  const recorded: Record<string, Change> = {};
  const scalar = <K extends "name" | "role" | "avatarUrl" | "persona" | "instructions">(key: K) => {
    const value = patch[key];
    if (value !== undefined && value !== current![key]) {
      changes[key] = value as AiEmployeeChanges[K];
      recorded[key] = { before: current![key], after: value };
    }
  };
  for (const key of ["name", "role", "avatarUrl", "persona", "instructions"] as const) scalar(key);
  if (department) {
    changes.departmentId = department.id;
    recorded.department = { before: current!.department.name, after: department.name };
  }
  if (patch.languages && !sameList(patch.languages, current!.languages)) {
    changes.languages = [...new Set(patch.languages)];
    recorded.languages = { before: current!.languages, after: changes.languages };
  }
  if (patch.guardrails) {
    const before = current!.guardrails;
    const after = { ...patch.guardrails, actionsRequiringHuman: [...new Set(patch.guardrails.actionsRequiringHuman)] };
    if (after.maxDiscountPercent !== before.maxDiscountPercent) {
      changes.maxDiscountPercent = after.maxDiscountPercent;
      recorded.maxDiscountPercent = { before: before.maxDiscountPercent, after: after.maxDiscountPercent };
    }
    if (after.maxOrderTotalCents !== before.maxOrderTotalCents) {
      changes.maxOrderTotalCents = after.maxOrderTotalCents;
      recorded.maxOrderTotalCents = { before: before.maxOrderTotalCents, after: after.maxOrderTotalCents };
    }
    if (!sameList(after.actionsRequiringHuman, before.actionsRequiringHuman)) {
      changes.actionsRequiringHuman = after.actionsRequiringHuman;
      recorded.actionsRequiringHuman = { before: before.actionsRequiringHuman, after: after.actionsRequiringHuman };
    }
  }
  const pointsChanged = patch.contactPoints !== undefined && !sameList(patch.contactPoints, current!.contactPoints);
  if (pointsChanged) recorded.contactPoints = { before: current!.contactPoints, after: patch.contactPoints };
  const currentSkills = current!.skills.map((skill) => skill.name);
  const skillsChanged = patch.skills !== undefined && !sameList(skillSet(patch.skills), skillSet(currentSkills));
  if (skillsChanged) recorded.skills = { before: currentSkills, after: patch.skills };

  if (Object.keys(recorded).length === 0) return current!;

  await inTransaction(db, async (tx) => {
    if (pointsChanged) await assertPointsFree(tx, companyId, patch.contactPoints!, id);
    await updateAiEmployee(tx, companyId, id, changes);
    if (pointsChanged) await replaceContactPoints(tx, companyId, [{ aiEmployeeId: id, points: patch.contactPoints! }]);
    if (skillsChanged) {
      const skills = await ensureSkills(tx, companyId, patch.skills!);
      await replaceSkills(tx, companyId, [
        { aiEmployeeId: id, skillIds: patch.skills!.map((name) => skills.get(name.toLowerCase())!.id) },
      ]);
    }
    const fields = Object.keys(recorded);
    await recordActivity(tx, {
      companyId,
      kind: "ai_employee.edited",
      actor: await staffActor(tx, ctx.userId),
      subject: { type: "ai_employee", id },
      summary: `Edited ${changes.name ?? current!.name}: ${fields.join(", ")}`,
      details: recorded,
    });
  });
  return getAiEmployee(db, companyId, id);
}

/** Deactivates or reactivates; asking for the status it already has changes and records nothing. */
export async function setAiEmployeeStatus(
  ctx: WriteContext,
  id: string,
  status: AiEmployeeStatus,
): Promise<AiEmployee> {
  const { db, companyId } = ctx;
  const row = await findAiEmployeeRow(db, companyId, id);
  if (row.status === status) return getAiEmployee(db, companyId, id);
  await db.transaction(async (tx) => {
    await updateAiEmployee(tx, companyId, id, {
      status,
      deactivatedAt: status === "inactive" ? new Date() : null,
    });
    // Its conversations waiting on the customer now wait on staff: the inbox lists them as open.
    if (status === "inactive") await flagEmployeeConversationsForStaff(tx, companyId, id);
    await recordActivity(tx, {
      companyId,
      kind: status === "inactive" ? "ai_employee.deactivated" : "ai_employee.reactivated",
      actor: await staffActor(tx, ctx.userId),
      subject: { type: "ai_employee", id },
      summary: `${status === "inactive" ? "Deactivated" : "Reactivated"} ${row.name}`,
      details: {},
    });
  });
  return getAiEmployee(db, companyId, id);
}

// ---------------------------------------------------------------------------------------------------
// Import

export type ImportOutcome = { imported: number } | { refused: ImportRefusal };

/**
 * Imports a CSV file (the export's columns): every row is validated first, departments matched by name
 * or else by kind (contract resolveDepartmentName) and contact points checked against the company and the file; any problem refuses the whole file with
 * every problem listed, else all rows are written in one transaction with one activity.
 */
export async function importAiEmployees(ctx: WriteContext, text: string): Promise<ImportOutcome> {
  const { db, companyId } = ctx;
  const read = readCsvForImport(text, AI_EMPLOYEE_IMPORT_LIMITS.rows);
  if ("refused" in read) return read;
  const { records } = read;
  const parsed = aiEmployeesFromCsvRecords(records);
  const { rows, errors } = parsed;
  if (errors.length === 0 && rows.length === 0) {
    return refuseImport("validation_failed", "The file has no AI employees to import", [
      { line: 2, column: "name", message: "Add at least one row below the header" },
    ]);
  }

  // Each name in the file → the company's department: the one named so, else the one of the same kind,
  // so a file exported from a Spanish company ("Ventas") imports into an English one ("Sales").
  const companyDepartments = await listDepartmentNames(db, companyId);
  const departments = new Map<string, { id: string }>();
  const firstLineOf = new Map<string, number>();
  const allPoints = rows.flatMap((row) => row.values.contactPoints);
  const taken = await findTakenContactPoints(db, companyId, allPoints);
  for (const { line, name } of parsed.departments) {
    const department = resolveDepartmentName(companyDepartments, name);
    if (department) departments.set(departmentKey(name), department);
    else errors.push({ line, column: "department", message: `No department named ${name}` });
  }
  for (const { line, values } of rows) {
    for (const point of values.contactPoints) {
      const owner = taken.find((row) => row.channel === point.channel && row.address === point.address);
      const earlier = firstLineOf.get(pointKey(point));
      if (owner) errors.push({ line, column: "contact_points", message: conflictMessage(point, owner.employeeName) });
      else if (earlier !== undefined)
        errors.push({ line, column: "contact_points", message: `${pointKey(point)} is also on line ${earlier}` });
      else firstLineOf.set(pointKey(point), line);
    }
  }
  if (errors.length > 0) {
    errors.sort((a, b) => a.line - b.line);
    const lines = new Set(errors.map((error) => error.line)).size;
    return refuseImport(
      "validation_failed",
      `${lines === 1 ? "1 line has" : `${lines} lines have`} problems; nothing was imported`,
      errors,
    );
  }

  await inTransaction(db, async (tx) => {
    const skills = await ensureSkills(
      tx,
      companyId,
      rows.flatMap((row) => row.values.skills),
    );
    const withIds = rows.map(({ values }) => ({ id: randomUUID(), values }));
    const now = new Date();
    // A few hundred rows per statement keeps every batch far below the bind parameter limit.
    for (let start = 0; start < withIds.length; start += 250) {
      await insertAiEmployees(
        tx,
        withIds.slice(start, start + 250).map(({ id, values }) => newRow(companyId, id, values, departments, now)),
      );
    }
    await replaceContactPoints(
      tx,
      companyId,
      withIds.map(({ id, values }) => ({ aiEmployeeId: id, points: values.contactPoints })),
    );
    await replaceSkills(
      tx,
      companyId,
      withIds.map(({ id, values }) => ({
        aiEmployeeId: id,
        skillIds: values.skills.map((name) => skills.get(name.toLowerCase())!.id),
      })),
    );
    const activity: NewActivity = {
      companyId,
      kind: "ai_employees.imported",
      actor: await staffActor(tx, ctx.userId),
      subject: { type: "company", id: companyId },
      summary: `Imported ${rows.length} AI ${rows.length === 1 ? "employee" : "employees"}`,
      details: { count: rows.length },
    };
    await recordActivity(tx, activity);
  });
  return { imported: rows.length };
}

const departmentKey = (name: string) => name.trim().toLowerCase();

function newRow(
  companyId: string,
  id: string,
  values: AiEmployeeCsvValues,
  departments: Map<string, { id: string }>,
  now: Date,
) {
  return {
    id,
    companyId,
    departmentId: departments.get(departmentKey(values.departmentName))!.id,
    name: values.name,
    role: values.role,
    status: values.status,
    deactivatedAt: values.status === "inactive" ? now : null,
    languages: [...new Set(values.languages)],
    persona: values.persona,
    instructions: values.instructions,
    maxDiscountPercent: values.guardrails.maxDiscountPercent,
    maxOrderTotalCents: values.guardrails.maxOrderTotalCents,
    actionsRequiringHuman: values.guardrails.actionsRequiringHuman,
  };
}
