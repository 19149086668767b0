import {
  CLIENT_ID_HEADER,
  type CompanyLanguage,
  DEPARTMENT_KINDS,
  DEPARTMENT_NAMES,
  type DepartmentKind,
  departmentAvatar,
  employeePreset,
  matchDepartmentKind,
  presetHireInput,
  STANDARD_SKILL_NAMES,
  sessionFromTokenHeaders,
  snakeizeKeys,
  WEB_CLIENT_ID,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { apiHeaders } from "#server/test/fixtures.ts";
import { csvUpload } from "#server/test/multipart.ts";
import { rows } from "#server/test/tasks-setup.ts";

// A company born complete: signed up through the API, it has the five departments and the standard
// skills in its language, hires one AI employee per department from the presets, and imports an AI
// employees CSV exported from a company that names its departments in the other language.

type Department = {
  id: string;
  name: string;
  sort_order: number;
  is_active: boolean;
  avatar_url: string | null;
  ai_employees_count: number;
};
type SignedUp = { companyId: string; headers: Record<string, string> };

let addressCount = 0;

describe("a company that signs up", () => {
  let t: TestApp;
  let fresh: SignedUp;
  let andes: SignedUp;

  const signUp = async (user: Record<string, unknown>): Promise<SignedUp> => {
    const response = await t.app.inject({
      method: "POST",
      url: "/users.json",
      headers: { [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
      remoteAddress: `10.26.0.${++addressCount}`,
      payload: {
        user: {
          first_name: "New",
          last_name: "Owner",
          password: "first hour at work",
          password_confirmation: "first hour at work",
          ...user,
        },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const session = sessionFromTokenHeaders(response.headers as Record<string, string>)!;
    const companyId = response.json().company.id as string;
    return { companyId, headers: apiHeaders(session.accessToken, companyId) };
  };
  const get = async (who: SignedUp, url: string) => {
    const response = await t.app.inject({ method: "GET", url, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const departmentsOf = async (who: SignedUp): Promise<Department[]> =>
    (await get(who, "/app/ai_departments.json")).sort((a: Department, b: Department) => a.sort_order - b.sort_order);
  const departmentOfKind = async (who: SignedUp, kind: DepartmentKind) =>
    (await departmentsOf(who)).find((department) => matchDepartmentKind(department.name) === kind)!;

  /** Hires one AI employee from each department's preset, as the hire form sends it. */
  const hireEachPreset = async (who: SignedUp, language: CompanyLanguage, currency: "USD" | "CLP") => {
    const hired: Record<string, unknown>[] = [];
    for (const kind of DEPARTMENT_KINDS) {
      const preset = employeePreset(kind, language, currency);
      const department = await departmentOfKind(who, kind);
      const response = await t.app.inject({
        method: "POST",
        url: "/app/ai_employees.json",
        headers: who.headers,
        payload: snakeizeKeys(presetHireInput(preset, { name: `${preset.role} One`, departmentId: department.id })),
      });
      expect(response.statusCode, response.body).toBe(201);
      hired.push(response.json());
    }
    return hired;
  };

  beforeAll(async () => {
    t = await createTestApp();
    fresh = await signUp({ email: "owner@fresh.example", company_name: "Fresh Co" });
    andes = await signUp({ email: "duena@andes.example", company_name: "Andes Nueva", company_language: "es" });
    await t.db.execute(sql`update companies set currency = 'CLP' where id = ${andes.companyId}`);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ["en", () => fresh],
    ["es", () => andes],
  ] as const)(
    "has the five departments, named in its language (%s), in the spec's order, none active",
    async (language, who) => {
      const departments = await departmentsOf(who());
      expect(departments).toEqual(
        DEPARTMENT_KINDS.map((kind, index) => ({
          id: expect.any(String),
          name: DEPARTMENT_NAMES[language][kind],
          sort_order: index + 1,
          is_active: false,
          ai_employees_count: 0,
          avatar_url: departmentAvatar(kind),
        })),
      );
      expect(departments.map((department) => matchDepartmentKind(department.name))).toEqual([...DEPARTMENT_KINDS]);
      const me = await get(who(), "/app/me.json");
      expect(me.company).toMatchObject({ id: who().companyId, language, role: "owner" });
      const skills = (await get(who(), "/app/skills.json")).skills.map((skill: { name: string }) => skill.name);
      expect(skills.sort()).toEqual(Object.values(STANDARD_SKILL_NAMES[language]).sort());
      // Its AI employees answer in its own language until an owner adds others.
      const settings = await get(who(), `/app/companies/${who().companyId}/settings.json`);
      expect(settings.answer_languages).toEqual([language]);
    },
  );

  it("hires with each preset through the API: the employee has the preset's guardrails and skills", async () => {
    const hired = await hireEachPreset(fresh, "en", "USD");
    for (const [index, kind] of DEPARTMENT_KINDS.entries()) {
      const preset = employeePreset(kind, "en", "USD");
      const employee = hired[index]!;
      expect(employee).toMatchObject({
        role: preset.role,
        status: "active",
        persona: preset.persona,
        instructions: preset.instructions,
        languages: preset.languages,
        department: { name: DEPARTMENT_NAMES.en[kind] },
        guardrails: snakeizeKeys(preset.guardrails),
      });
      expect((employee.skills as { name: string }[]).map((skill) => skill.name)).toEqual(
        expect.arrayContaining(preset.skillNames),
      );
      expect(employee.skills).toHaveLength(preset.skillNames.length);
    }
    // The presets name the company's own standard skills: none was added.
    expect((await get(fresh, "/app/skills.json")).skills).toHaveLength(5);
    // Hiring lights each department up.
    expect((await departmentsOf(fresh)).map((d) => [d.is_active, d.ai_employees_count])).toEqual(
      DEPARTMENT_KINDS.map(() => [true, 1]),
    );
  });

  it("hires with the Spanish presets in a Spanish company, with the order limit in its currency", async () => {
    const hired = await hireEachPreset(andes, "es", "CLP");
    expect(hired[0]).toMatchObject({
      role: "Representante de ventas",
      department: { name: "Ventas" },
      guardrails: {
        max_discount_percent: 5,
        max_order_total_cents: 150_000_000,
        actions_requiring_human: ["cancel_order"],
      },
    });
    expect(hired[3]).toMatchObject({
      department: { name: "Cobranza" },
      guardrails: { max_discount_percent: 0, max_order_total_cents: 0 },
    });
    expect((await get(andes, "/app/skills.json")).skills).toHaveLength(5);
  });

  it("imports an AI employees CSV exported from the Spanish company into the English one", async () => {
    const exported = await t.app.inject({ method: "GET", url: "/app/ai_employees/export.csv", headers: andes.headers });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain("Ventas");
    const { payload, contentType } = csvUpload("andes.csv", exported.body);
    const imported = await t.app.inject({
      method: "POST",
      url: "/app/ai_employees/import.json",
      headers: { ...fresh.headers, "content-type": contentType },
      payload,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ imported: 5 });

    // Each landed in the English department of its kind; no department was added.
    const landed = await rows(
      t.db,
      sql`select e.role, d.name as department from ai_employees e join ai_departments d on d.id = e.department_id
          where e.company_id = ${fresh.companyId}`,
    );
    for (const kind of DEPARTMENT_KINDS)
      expect(landed).toContainEqual({ role: employeePreset(kind, "es").role, department: DEPARTMENT_NAMES.en[kind] });
    const departments = await departmentsOf(fresh);
    expect(departments).toHaveLength(5);
    expect(departments.map((d) => d.ai_employees_count)).toEqual([2, 2, 2, 2, 2]);
  });

  it("still refuses a department name of no kind the company has", async () => {
    const { payload, contentType } = csvUpload(
      "marketing.csv",
      "name,role,department\nMara,Marketer,Marketing\nVero,Vendedora,Ventas\n",
    );
    const refused = await t.app.inject({
      method: "POST",
      url: "/app/ai_employees/import.json",
      headers: { ...fresh.headers, "content-type": contentType },
      payload,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details).toEqual([
      { line: 2, column: "department", message: "No department named Marketing" },
    ]);
  });
});
