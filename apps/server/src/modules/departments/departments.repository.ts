import {
  type CompanyLanguage,
  DEPARTMENT_KINDS,
  DEPARTMENT_NAMES,
  type DepartmentKind,
  departmentAvatar,
  PLACEHOLDER_SORT_ORDER,
} from "@foreman/contract";
import { and, count, eq, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { aiDepartments, aiEmployees } from "#server/db/schema/index.ts";

export type DepartmentRow = {
  id: string;
  name: string;
  sortOrder: number;
  isActive: boolean;
  avatarUrl: string | null;
  aiEmployeesCount: number;
};

/**
 * The company's departments with how many AI employees each has (unsorted). A department is active when
 * at least one of its AI employees is: computed here, so it follows hiring and deactivating.
 */
export async function listDepartments(db: Executor, companyId: string): Promise<DepartmentRow[]> {
  return db
    .select({
      id: aiDepartments.id,
      name: aiDepartments.name,
      sortOrder: aiDepartments.sortOrder,
      isActive: sql<boolean>`coalesce(bool_or(${aiEmployees.status} = 'active'), false)`.mapWith(Boolean),
      avatarUrl: aiDepartments.avatarUrl,
      aiEmployeesCount: count(aiEmployees.id),
    })
    .from(aiDepartments)
    .leftJoin(aiEmployees, and(eq(aiEmployees.departmentId, aiDepartments.id), eq(aiEmployees.companyId, companyId)))
    .where(eq(aiDepartments.companyId, companyId))
    .groupBy(aiDepartments.id);
}

export type NewDepartment = typeof aiDepartments.$inferInsert;
export type NewEmployee = typeof aiEmployees.$inferInsert;

export async function insertDepartment(db: Executor, values: NewDepartment) {
  const [row] = await db.insert(aiDepartments).values(values).returning({ id: aiDepartments.id });
  return row!;
}

/**
 * The spec's five departments (sales, retention, support, collections, analytics, sort order 1–5), named
 * in the company's language, inactive until someone is hired: every new company starts with them.
 * Answers their ids by kind.
 */
export async function insertStandardDepartments(db: Executor, companyId: string, language: CompanyLanguage) {
  const rows = await db
    .insert(aiDepartments)
    .values(
      DEPARTMENT_KINDS.map((kind) => ({
        companyId,
        name: DEPARTMENT_NAMES[language][kind],
        sortOrder: PLACEHOLDER_SORT_ORDER[kind],
        isActive: false,
        avatarUrl: departmentAvatar(kind),
      })),
    )
    .returning({ id: aiDepartments.id, name: aiDepartments.name });
  const idOf = new Map(rows.map((row) => [row.name, row.id]));
  return Object.fromEntries(
    DEPARTMENT_KINDS.map((kind) => [kind, idOf.get(DEPARTMENT_NAMES[language][kind])!]),
  ) as Record<DepartmentKind, string>;
}

export async function insertEmployees(db: Executor, values: NewEmployee[]) {
  if (values.length > 0) await db.insert(aiEmployees).values(values);
}

export async function findDepartment(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .select({ id: aiDepartments.id, name: aiDepartments.name })
    .from(aiDepartments)
    .where(and(eq(aiDepartments.companyId, companyId), eq(aiDepartments.id, id)));
  return row ?? null;
}
