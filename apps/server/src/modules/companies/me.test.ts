import { camelizeKeys, meSchema } from "@foreman/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { addMember, apiHeaders, createCompany, createUser, issueTokenFor, signIn } from "#server/test/fixtures.ts";

describe("GET /app/me.json", () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof createUser>>;
  let zeta: { id: string; name: string };
  let alpha: { id: string; name: string };
  let other: { id: string; name: string };
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.db, { firstName: "Grace", lastName: "Hopper" });
    // Joined in this order on purpose: the list must come back sorted by name, not by join order.
    zeta = await createCompany(t.db, "Zeta Logistics");
    alpha = await createCompany(t.db, "alpha Foods");
    other = await createCompany(t.db, "Other Co");
    await addMember(t.db, user.id, zeta.id, "owner");
    await addMember(t.db, user.id, alpha.id, "member");
    token = (await signIn(t.app, user.email)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  const me = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: "/app/me.json", headers });

  it("returns the user, the first company and every managed company sorted by name with the user's role, snake_case", async () => {
    const response = await me(apiHeaders(token));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      id: user.id,
      email: user.email,
      first_name: "Grace",
      last_name: "Hopper",
      two_factor_enabled: false,
      company: {
        id: alpha.id,
        name: "alpha Foods",
        logo_small_url: null,
        role: "member",
        members_may_approve: false,
        require_two_factor: false,
        language: "en",
        time_zone: "UTC",
        currency: "USD",
      },
      managed_companies: [
        {
          id: alpha.id,
          name: "alpha Foods",
          logo_small_url: null,
          role: "member",
          members_may_approve: false,
          require_two_factor: false,
          language: "en",
          time_zone: "UTC",
          currency: "USD",
        },
        {
          id: zeta.id,
          name: "Zeta Logistics",
          logo_small_url: null,
          role: "owner",
          members_may_approve: false,
          require_two_factor: false,
          language: "en",
          time_zone: "UTC",
          currency: "USD",
        },
      ],
    });
    // What the web reads after its camelCase conversion is exactly the contract's Me.
    expect(meSchema.safeParse(camelizeKeys(body)).success).toBe(true);
  });

  it("follows X-Company-ID when the user is a member of that company", async () => {
    const body = (await me(apiHeaders(token, zeta.id))).json();
    expect(body.company).toEqual({
      id: zeta.id,
      name: "Zeta Logistics",
      logo_small_url: null,
      role: "owner",
      members_may_approve: false,
      require_two_factor: false,
      language: "en",
      time_zone: "UTC",
      currency: "USD",
    });
    expect(body.managed_companies).toHaveLength(2);
  });

  it.each([
    ["a company the user is not in", () => other.id],
    ["an unknown uuid", () => "00000000-0000-4000-8000-000000000000"],
    ["a malformed id", () => "42"],
    ["a blank header", () => "   "],
  ])("falls back to the first company for %s", async (_, companyId) => {
    const response = await me(apiHeaders(token, companyId()));
    expect(response.statusCode).toBe(200);
    expect(response.json().company.id).toBe(alpha.id);
  });

  it("gives company null and an empty list to a user without companies", async () => {
    const loner = await createUser(t.db);
    const { accessToken } = await issueTokenFor(t.db, loner.id);
    const body = (await me(apiHeaders(accessToken))).json();
    expect(body).toMatchObject({ company: null, managed_companies: [] });
  });

  it("answers 401 with WWW-Authenticate without a token or with a bad one", async () => {
    for (const headers of [apiHeaders(), apiHeaders("not-a-real-token")]) {
      const response = await me(headers);
      expect(response.statusCode).toBe(401);
      expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(response.json()).toMatchObject({ error: "unauthorized", error_description: expect.any(String) });
    }
  });
});
