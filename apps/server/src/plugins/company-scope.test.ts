import { COMPANY_ID_HEADER, NO_COMPANY_ID_ERROR, WEB_CLIENT_ID } from "@foreman/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { COMPANY_SCOPED_ROUTES, type ScopedRoute, scopedUrl } from "../test/company-scoped-routes.ts";
import { apiHeaders, createDepartment, createMember, issueTokenFor } from "../test/fixtures.ts";

// Tenant isolation on every company-scoped route: a member of A can never reach B, a made-up or
// malformed company looks like a foreign one, and dead tokens are refused before anything else.
describe.each(COMPANY_SCOPED_ROUTES)("tenant isolation: $method $url", (route: ScopedRoute) => {
  let t: TestApp;
  let a: { companyId: string; token: string; refreshToken: string };
  let bCompanyId: string;
  let expiredToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    const memberA = await createMember(t.db, "Company A");
    const memberB = await createMember(t.db, "Company B");
    await createDepartment(t.db, memberB.company.id, { name: "Secret department of B", employees: 1 });
    const tokenA = await issueTokenFor(t.db, memberA.user.id);
    a = { companyId: memberA.company.id, token: tokenA.accessToken, refreshToken: tokenA.refreshToken };
    bCompanyId = memberB.company.id;
    const threeHoursAgo = new Date(Date.now() - 3 * 60 * 60 * 1000);
    expiredToken = (await issueTokenFor(t.db, memberA.user.id, threeHoursAgo)).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (headers: Record<string, string>) =>
    t.app.inject({
      method: route.method,
      url: scopedUrl(route, headers[COMPANY_ID_HEADER]),
      headers,
      ...(route.payload ? { payload: route.payload } : {}),
    });

  const companyNotFound = { error: "not_found", error_description: "Company not found" };

  it("answers the member of A asking for A", async () => {
    const response = await call(apiHeaders(a.token, a.companyId));
    expect(response.statusCode).toBeLessThan(300);
    expect(response.body).not.toContain("Secret department of B");
  });

  it.each([
    ["B's id (a company A's member is not in)", () => bCompanyId],
    ["a made-up uuid", () => "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d"],
    ["a malformed id", () => "not-a-uuid'; drop table companies; --"],
    ["a numeric id", () => "1"],
  ])("answers the same 404 for %s", async (_, companyId) => {
    const response = await call(apiHeaders(a.token, companyId()));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(companyNotFound);
  });

  it.each([
    ["no X-Company-ID header", undefined],
    ["a blank X-Company-ID header", "  "],
  ])("answers 400 No company ID available for %s", async (_, companyId) => {
    const response = await call(apiHeaders(a.token, companyId));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: NO_COMPANY_ID_ERROR });
  });

  it.each([
    ["no token", () => apiHeaders(undefined, a.companyId)],
    ["an unknown token", () => apiHeaders("forged-token", a.companyId)],
    ["an expired token", () => apiHeaders(expiredToken, a.companyId)],
  ])("answers 401 for %s", async (_, headers) => {
    const response = await call(headers());
    expect(response.statusCode).toBe(401);
    expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(response.json()).toMatchObject({ error: "unauthorized" });
  });

  it("answers 401 once the token is revoked through /oauth/revoke", async () => {
    const fresh = await call(apiHeaders(a.token, a.companyId));
    expect(fresh.statusCode).toBeLessThan(300);
    const revoke = await t.app.inject({
      method: "POST",
      url: "/oauth/revoke",
      payload: { token: a.token, client_id: WEB_CLIENT_ID },
    });
    expect(revoke.statusCode).toBe(200);
    const response = await call(apiHeaders(a.token, a.companyId));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: "unauthorized" });
  });
});
