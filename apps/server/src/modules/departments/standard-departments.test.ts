import { readFileSync } from "node:fs";
import { DEPARTMENT_KINDS, DEPARTMENT_NAMES, departmentAvatar, matchDepartmentKind } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany } from "#server/modules/companies/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { createDepartment } from "#server/test/fixtures.ts";
import { rows } from "#server/test/tasks-setup.ts";
import { insertStandardDepartments } from "./index.ts";

// The five departments every company has: written at sign-up (insertStandardDepartments) and given to
// companies that existed before by migration 0014's backfill, whose statement is run here as written.

const MIGRATION = new URL("../../db/migrations/0014_first_hour.sql", import.meta.url);
const backfill = readFileSync(MIGRATION, "utf8")
  .split("--> statement-breakpoint")
  .map((statement) => statement.trim())
  .find((statement) => statement.includes('INSERT INTO "ai_departments"'))!;

describe("the standard departments", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const departmentsOf = (companyId: string) =>
    rows(
      t.db,
      sql`select name, sort_order, is_active, avatar_url from ai_departments where company_id = ${companyId}
          order by sort_order, name collate "C"`,
    );
  const standard = (language: "en" | "es") =>
    DEPARTMENT_KINDS.map((kind, index) => ({
      name: DEPARTMENT_NAMES[language][kind],
      sort_order: index + 1,
      is_active: false,
      avatar_url: departmentAvatar(kind),
    }));

  it("writes the five in the company's language and answers their ids by kind", async () => {
    const company = await insertCompany(t.db, { name: "Nueva", language: "es" });
    const ids = await insertStandardDepartments(t.db, company.id, "es");
    expect(await departmentsOf(company.id)).toEqual(standard("es"));
    const names = await rows(t.db, sql`select id, name from ai_departments where company_id = ${company.id}`);
    for (const kind of DEPARTMENT_KINDS)
      expect(names.find((row) => row.id === ids[kind])?.name).toBe(DEPARTMENT_NAMES.es[kind]);
  });

  it("migration 0014 gives each company only the kinds it lacks, in its language, and nothing twice", async () => {
    expect(backfill).toMatch(/^-- Every company gets/);
    const empty = await insertCompany(t.db, { name: "Empty Co" });
    const emptySpanish = await insertCompany(t.db, { name: "Vacía", language: "es" });
    const partial = await insertCompany(t.db, { name: "Parcial", language: "es" });
    await createDepartment(t.db, partial.id, { name: "Ventas", sortOrder: 1 });
    await createDepartment(t.db, partial.id, { name: "Soporte", sortOrder: 2 });
    // Another language's names and longer names count as their kind ("Help desk" is support).
    const mixed = await insertCompany(t.db, { name: "Mixed" });
    await createDepartment(t.db, mixed.id, { name: "Ventas", sortOrder: 1 });
    await createDepartment(t.db, mixed.id, { name: "Help desk", sortOrder: 2 });
    await createDepartment(t.db, mixed.id, { name: "Data team", sortOrder: 3 });
    await createDepartment(t.db, mixed.id, { name: "Marketing", sortOrder: 4 });

    await t.db.execute(sql.raw(backfill));

    expect(await departmentsOf(empty.id)).toEqual(standard("en"));
    expect(await departmentsOf(emptySpanish.id)).toEqual(standard("es"));
    const partialNames = (await departmentsOf(partial.id)).map((row) => row.name);
    expect(partialNames.sort()).toEqual(["Analítica", "Cobranza", "Retención", "Soporte", "Ventas"]);
    const mixedNames = (await departmentsOf(mixed.id)).map((row) => row.name);
    expect(mixedNames.sort()).toEqual(
      ["Ventas", "Help desk", "Data team", "Marketing", "Retention", "Collections"].sort(),
    );

    // Every company now has each kind, and running it again adds nothing.
    const before = await rows(t.db, sql`select count(*)::int as n from ai_departments`);
    await t.db.execute(sql.raw(backfill));
    expect(await rows(t.db, sql`select count(*)::int as n from ai_departments`)).toEqual(before);
    for (const company of [empty, emptySpanish, partial, mixed]) {
      const kinds = (await departmentsOf(company.id)).map((row) => matchDepartmentKind(String(row.name)));
      expect(new Set(kinds)).toEqual(new Set([...DEPARTMENT_KINDS, ...(company === mixed ? [null] : [])]));
    }
  });
});
