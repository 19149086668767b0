import { OWNER_ONLY_SETTING } from "@foreman/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { addMember, apiHeaders, createMember, createUser, issueTokenFor } from "#server/test/fixtures.ts";
import { rows } from "#server/test/sales-setup.ts";

// The company's language as a setting: read by every member, changed by owners and admins, shown in
// /app/me.json at once. (The general settings' full answer is in general-settings.test.ts.) (Who may approve is tested in tasks/approver-role.test.ts; what requiring
// two-factor does to members without it, in auth/two-factor/company-requirement.test.ts.)

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
    expect((await settings(member)).json()).toMatchObject({
      members_may_approve: false,
      language: "en",
      require_two_factor: false,
    });
    expect(await meCompany(member)).toMatchObject({ id: companyId, language: "en" });
  });

  it("refuses a member's change and a language it does not speak, changing nothing", async () => {
    const refused = await settings(member, { language: "es" });
    expect(refused.statusCode).toBe(403);
    for (const language of ["fr", "ES", "", null]) {
      const response = await settings(owner, { language });
      expect(response.statusCode, String(language)).toBe(400);
    }
    expect((await settings(owner)).json()).toMatchObject({
      members_may_approve: false,
      language: "en",
      require_two_factor: false,
    });
  });

  it("lets an owner switch to Spanish: the answer, /app/me.json and the activity log show it", async () => {
    const changed = await settings(owner, { language: "es" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ members_may_approve: false, language: "es", require_two_factor: false });
    expect(await meCompany(member)).toMatchObject({ id: companyId, language: "es" });
    const logged = await rows(
      t.db,
      sql`select summary, details from activities where company_id = ${companyId} and kind = 'company.settings_changed'`,
    );
    expect(logged).toEqual([{ summary: "Set the company's language to Español", details: { language: "es" } }]);
  });

  it("changes both settings in one call", async () => {
    const changed = await settings(owner, { language: "en", members_may_approve: true });
    expect(changed.json()).toMatchObject({ members_may_approve: true, language: "en", require_two_factor: false });
    expect(await meCompany(owner)).toMatchObject({ language: "en", members_may_approve: true });
  });
});

describe("requiring two-factor sign-in of everyone", () => {
  let t: TestApp;
  let companyId: string;
  let owner: Record<string, string>;
  let admin: Record<string, string>;
  let member: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const created = await createMember(t.db, "Strict Co");
    companyId = created.company.id;
    // The owner has two-factor on (set here; enrolment is tested in auth/two-factor), so requiring it
    // does not lock them out of the settings.
    await t.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, created.user.id));
    owner = apiHeaders((await issueTokenFor(t.db, created.user.id)).accessToken, companyId);
    for (const role of ["admin", "member"] as const) {
      const user = await createUser(t.db);
      await addMember(t.db, user.id, companyId, role);
      const headers = apiHeaders((await issueTokenFor(t.db, user.id)).accessToken, companyId);
      if (role === "admin") admin = headers;
      else member = headers;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const patch = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: "PATCH", url: `/app/companies/${companyId}/settings.json`, headers, payload });
  const settings = async () =>
    (await t.app.inject({ method: "GET", url: `/app/companies/${companyId}/settings.json`, headers: owner })).json();
  const logged = () =>
    rows(
      t.db,
      sql`select summary, details from activities where company_id = ${companyId} and kind = 'company.settings_changed' order by created_at`,
    );

  it("is the owners' alone: an admin or a member gets 403, even alongside a setting they may change", async () => {
    for (const headers of [admin, member])
      for (const payload of [{ require_two_factor: true }, { require_two_factor: false, language: "es" }]) {
        const refused = await patch(headers, payload);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ error: "forbidden", error_description: OWNER_ONLY_SETTING });
      }
    expect(await settings()).toMatchObject({ members_may_approve: false, language: "en", require_two_factor: false });
    expect(await logged()).toEqual([]);
    // Not a true-or-false: refused before anything is checked.
    expect((await patch(owner, { require_two_factor: "yes" })).statusCode).toBe(400);
  });

  it("is turned on and off by an owner, in the activity log and in /app/me.json at once", async () => {
    const on = await patch(owner, { require_two_factor: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ members_may_approve: false, language: "en", require_two_factor: true });
    const me = await t.app.inject({ method: "GET", url: "/app/me.json", headers: member });
    expect(me.json().company).toMatchObject({ id: companyId, require_two_factor: true });

    const off = await patch(owner, { require_two_factor: false });
    expect(off.json().require_two_factor).toBe(false);
    expect(await logged()).toEqual([
      { summary: "Required two-factor sign-in of everyone", details: { requireTwoFactor: true } },
      { summary: "Stopped requiring two-factor sign-in", details: { requireTwoFactor: false } },
    ]);
  });
});
