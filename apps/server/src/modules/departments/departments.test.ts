import { camelizeKeys, departmentListSchema } from "@foreman/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { apiHeaders, createDepartment, createMember, issueTokenFor } from "#server/test/fixtures.ts";

describe("GET /app/ai_departments.json", () => {
  let t: TestApp;
  let token: string;
  let companyId: string;
  let otherCompanyId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { user, company } = await createMember(t.db);
    companyId = company.id;
    token = (await issueTokenFor(t.db, user.id)).accessToken;
    await createDepartment(t.db, companyId, {
      name: "Ventas",
      sortOrder: 1,
      employees: 2,
      avatarUrl: "/aiEmployees/sales.svg",
    });
    await createDepartment(t.db, companyId, { name: "Soporte", sortOrder: 3, employees: 0 });
    await createDepartment(t.db, companyId, { name: "Analítica", sortOrder: 5, employees: 1 });
    await createDepartment(t.db, companyId, { name: "cobranza", sortOrder: 4, employees: 3 });
    // Another company's departments (and employees) must never leak in, not even into the counts.
    const other = await createMember(t.db);
    otherCompanyId = other.company.id;
    await createDepartment(t.db, otherCompanyId, { name: "Sales", employees: 4 });
  });
  afterAll(async () => {
    await t.close();
  });

  const list = (id: string) =>
    t.app.inject({ method: "GET", url: "/app/ai_departments.json", headers: apiHeaders(token, id) });

  it("lists the company's departments sorted by name (accents and case folded) with employee counts", async () => {
    const response = await list(companyId);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.map((d: { name: string }) => d.name)).toEqual(["Analítica", "cobranza", "Soporte", "Ventas"]);
    expect(body.map((d: { ai_employees_count: number }) => d.ai_employees_count)).toEqual([1, 3, 0, 2]);
    expect(body[3]).toEqual({
      id: expect.any(String),
      name: "Ventas",
      ai_employees_count: 2,
      sort_order: 1,
      is_active: true,
      avatar_url: "/aiEmployees/sales.svg",
    });
    expect(body[2]).toMatchObject({ is_active: false, avatar_url: null });
  });

  it("matches the contract's department schema once camelised", async () => {
    const body = (await list(companyId)).json();
    expect(departmentListSchema.safeParse(camelizeKeys(body)).success).toBe(true);
  });

  it("returns an empty list for a company without departments", async () => {
    const { user, company } = await createMember(t.db);
    const own = (await issueTokenFor(t.db, user.id)).accessToken;
    const response = await t.app.inject({
      method: "GET",
      url: "/app/ai_departments.json",
      headers: apiHeaders(own, company.id),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});
