import { twoFactorRequiredMessage } from "@foreman/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import {
  addMember,
  apiHeaders,
  createCompany,
  createMember,
  createUser,
  issueTokenFor,
} from "#server/test/fixtures.ts";
import { codeAt, enrol, twoFactorEnv } from "#server/test/two-factor-setup.ts";

// A company whose owner requires two-factor sign-in: a member without it is refused the company's data
// (403 two_factor_required, plugins/company-scope.ts) but keeps their profile and /app/me.json, which
// say why; turning it on lets them in at once, and turning it off again (which is allowed) shuts them out.

describe("a company that requires two-factor sign-in", () => {
  let t: TestApp;
  let companyId: string;
  const companyName = "Vault Co";
  let owner: Record<string, string>;
  let member: Record<string, string>;
  let memberProfile: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ env: twoFactorEnv() });
    const created = await createMember(t.db, companyName);
    companyId = created.company.id;
    const ownerToken = (await issueTokenFor(t.db, created.user.id)).accessToken;
    owner = apiHeaders(ownerToken, companyId);
    // The owner turns it on for themselves first, so requiring it does not shut them out too.
    await enrol(t.app, apiHeaders(ownerToken));
    const user = await createUser(t.db);
    await addMember(t.db, user.id, companyId, "member");
    // A second company of the member's that requires nothing.
    const relaxed = await createCompany(t.db, "Open Co");
    await addMember(t.db, user.id, relaxed.id, "member");
    const memberToken = (await issueTokenFor(t.db, user.id)).accessToken;
    member = apiHeaders(memberToken, companyId);
    memberProfile = apiHeaders(memberToken);
  });
  afterAll(async () => {
    await t.close();
  });

  const departments = (headers: Record<string, string>) =>
    t.app.inject({ method: "GET", url: "/app/ai_departments.json", headers });
  const twoFactorStatus = async () =>
    (await t.app.inject({ method: "GET", url: "/app/profile/two_factor.json", headers: memberProfile })).json();

  it("lets everyone in while it is not required", async () => {
    expect((await departments(member)).statusCode).toBe(200);
    expect((await twoFactorStatus()).required_by).toEqual([]);
  });

  it("refuses the company's data to a member without two-factor once an owner requires it, and says why", async () => {
    const required = await t.app.inject({
      method: "PATCH",
      url: `/app/companies/${companyId}/settings.json`,
      headers: owner,
      payload: { require_two_factor: true },
    });
    expect(required.statusCode, required.body).toBe(200);

    const refused = await departments(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: "two_factor_required",
      error_description: twoFactorRequiredMessage(companyName),
    });
    // The owner, who has it, is let in.
    expect((await departments(owner)).statusCode).toBe(200);

    // /app/me.json and the profile still answer, and say what is needed.
    const me = await t.app.inject({ method: "GET", url: "/app/me.json", headers: member });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      two_factor_enabled: false,
      company: { id: companyId, require_two_factor: true },
    });
    expect(await twoFactorStatus()).toMatchObject({ enabled: false, required_by: [companyName] });
  });

  it("lets the member in as soon as they turn two-factor on, and shuts them out again when they turn it off", async () => {
    const { secret } = await enrol(t.app, memberProfile);
    expect((await departments(member)).statusCode).toBe(200);
    expect(await twoFactorStatus()).toMatchObject({ enabled: true, required_by: [companyName] });

    // The requirement does not stop them turning it off; the company's data is then refused again.
    const off = await t.app.inject({
      method: "POST",
      url: "/app/profile/two_factor/disable.json",
      headers: memberProfile,
      payload: { code: codeAt(secret, 1) },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await departments(member)).statusCode).toBe(403);
  });
});
