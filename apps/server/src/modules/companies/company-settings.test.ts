import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { addMember, apiHeaders, createMember, createUser, issueTokenFor } from "#server/test/fixtures.ts";
import { rows } from "#server/test/sales-setup.ts";

// The company's language as a setting: read by every member, changed by owners and admins, shown in
// /app/me.json at once. (Who may approve, the other setting, is tested in tasks/approver-role.test.ts.)

describe("the company's language setting", () => {
  let t: TestApp;
  let companyId: string;
  let owner: Record<string, string>;
  let member: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const created = await createMember(t.db, "Lengua Co");
    companyId = created.company.id;
    owner = apiHeaders((await issueTokenFor(t.db, created.user.id)).accessToken, companyId);
    const memberUser = await createUser(t.db);
    await addMember(t.db, memberUser.id, companyId, "member");
    member = apiHeaders((await issueTokenFor(t.db, memberUser.id)).accessToken, companyId);
  });
  afterAll(async () => {
    await t.close();
  });

  const settings = (headers: Record<string, string>, payload?: Record<string, unknown>) =>
    t.app.inject({
      method: payload ? "PATCH" : "GET",
      url: `/app/companies/${companyId}/settings.json`,
      headers,
      ...(payload ? { payload } : {}),
    });
  const meCompany = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: "GET", url: "/app/me.json", headers })).json().company;

  it("answers English for a new company, to every member", async () => {
    expect((await settings(member)).json()).toEqual({ members_may_approve: false, language: "en" });
    expect(await meCompany(member)).toMatchObject({ id: companyId, language: "en" });
  });

  it("refuses a member's change and a language it does not speak, changing nothing", async () => {
    const refused = await settings(member, { language: "es" });
    expect(refused.statusCode).toBe(403);
    for (const language of ["fr", "ES", "", null]) {
      const response = await settings(owner, { language });
      expect(response.statusCode, String(language)).toBe(400);
    }
    expect((await settings(owner)).json()).toEqual({ members_may_approve: false, language: "en" });
  });

  it("lets an owner switch to Spanish: the answer, /app/me.json and the activity log show it", async () => {
    const changed = await settings(owner, { language: "es" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ members_may_approve: false, language: "es" });
    expect(await meCompany(member)).toMatchObject({ id: companyId, language: "es" });
    const logged = await rows(
      t.db,
      sql`select summary, details from activities where company_id = ${companyId} and kind = 'company.settings_changed'`,
    );
    expect(logged).toEqual([{ summary: "Set the company's language to Español", details: { language: "es" } }]);
  });

  it("changes both settings in one call", async () => {
    const changed = await settings(owner, { language: "en", members_may_approve: true });
    expect(changed.json()).toEqual({ members_may_approve: true, language: "en" });
    expect(await meCompany(owner)).toMatchObject({ language: "en", members_may_approve: true });
  });
});
