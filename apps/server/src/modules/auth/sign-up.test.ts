import {
  CLIENT_ID_HEADER,
  INVITATION_INVALID,
  messages,
  sessionFromTokenHeaders,
  TOKEN_HEADER_NAMES,
  WEB_CLIENT_ID,
} from "@foreman/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, invitations, memberships, oauthAccessTokens, users } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { addMember, createCompany, createUser } from "#server/test/fixtures.ts";
import { verifyPassword } from "./password.ts";
import { createUserWithCompany } from "./sign-up.service.ts";
import { hashToken } from "./tokens.ts";

const validUser = {
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.com",
  password: "analytical engine",
  password_confirmation: "analytical engine",
  company_name: "Analytical Engines",
};

let addressCount = 0;
const freshAddress = () => `10.2.0.${++addressCount}`;

describe("POST /users.json", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const signUp = (
    user: Record<string, unknown>,
    headers: Record<string, string> = { [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
  ) => t.app.inject({ method: "POST", url: "/users.json", headers, payload: { user }, remoteAddress: freshAddress() });

  const counts = async () => {
    const count = async (table: typeof users | typeof companies | typeof memberships | typeof oauthAccessTokens) => {
      const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
      return row!.n;
    };
    return {
      users: await count(users),
      companies: await count(companies),
      memberships: await count(memberships),
      tokens: await count(oauthAccessTokens),
    };
  };

  /** Runs the request and checks it wrote nothing at all. */
  const expectNothingWritten = async <R>(request: () => Promise<R>): Promise<R> => {
    const before = await counts();
    const response = await request();
    expect(await counts()).toEqual(before);
    return response;
  };

  it("creates the user, the company and an owner membership, and answers 201 with the token headers", async () => {
    const response = await signUp({ ...validUser, email: "  Ada@Example.com " });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      user: { id: expect.any(String), email: "ada@example.com", first_name: "Ada", last_name: "Lovelace" },
      company: { id: expect.any(String), name: "Analytical Engines", logo_small_url: null },
    });

    const session = sessionFromTokenHeaders(response.headers as Record<string, string>);
    expect(session).toMatchObject({ tokenType: "Bearer", expiresIn: 7200, scope: "" });
    const exposed = String(response.headers["access-control-expose-headers"]).split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining([...TOKEN_HEADER_NAMES]));
    expect(response.headers["cache-control"]).toBe("no-store");

    const [user] = await t.db.select().from(users).where(eq(users.id, body.user.id));
    expect(user!.email).toBe("ada@example.com");
    expect(user!.passwordDigest).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user!.passwordDigest, validUser.password)).toBe(true);
    const rows = await t.db.select().from(memberships).where(eq(memberships.userId, body.user.id));
    expect(rows).toEqual([expect.objectContaining({ companyId: body.company.id, role: "owner" })]);

    // The token works right away, and the new company is the user's company.
    const me = await t.app.inject({
      method: "GET",
      url: "/app/me.json",
      headers: { authorization: `Bearer ${session!.accessToken}`, [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: body.user.id, company: { id: body.company.id, name: "Analytical Engines" } });

    // And the new credentials sign in.
    const signIn = await t.app.inject({
      method: "POST",
      url: "/oauth/token",
      remoteAddress: freshAddress(),
      payload: {
        grant_type: "password",
        username: "ada@example.com",
        password: validUser.password,
        client_id: WEB_CLIENT_ID,
      },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it.each([
    [
      "every field missing",
      {},
      ["first_name", "last_name", "email", "password", "password_confirmation", "company_name"].map((field) => ({
        field,
        message: "Required",
      })),
    ],
    ["a blank first name", { first_name: "   " }, [{ field: "first_name", message: "Required" }]],
    [
      "a long last name",
      { last_name: "x".repeat(51) },
      [{ field: "last_name", message: "Must be at most 50 characters" }],
    ],
    ["a bad email", { email: "not-an-email" }, [{ field: "email", message: "Invalid email address" }]],
    [
      "a short password",
      { password: "short", password_confirmation: "short" },
      [{ field: "password", message: "Must be at least 8 characters" }],
    ],
    [
      "a different confirmation",
      { password_confirmation: "something else" },
      [{ field: "password_confirmation", message: "Passwords must match" }],
    ],
    [
      "a one-letter company",
      { company_name: "x" },
      [{ field: "company_name", message: "Must be at least 2 characters" }],
    ],
    [
      "a long company name",
      { company_name: "x".repeat(101) },
      [{ field: "company_name", message: "Must be at most 100 characters" }],
    ],
    [
      "a company language it does not speak",
      { company_language: "fr" },
      [{ field: "company_language", message: "Must be one of en, es" }],
    ],
  ])("refuses %s with 422, the spec's messages and nothing written", async (_case, overrides, details) => {
    const user = Object.keys(overrides).length === 0 ? {} : { ...validUser, email: "new@example.com", ...overrides };
    const response = await expectNothingWritten(() => signUp(user));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: "validation_failed",
      error_description: "User could not be created",
      details,
    });
  });

  it("refuses a body without a user object the same way", async () => {
    const response = await expectNothingWritten(() =>
      t.app.inject({ method: "POST", url: "/users.json", headers: { [CLIENT_ID_HEADER]: WEB_CLIENT_ID }, payload: {} }),
    );
    expect(response.statusCode).toBe(422);
  });

  it("refuses a taken email, whatever its case, and writes nothing", async () => {
    await createUserWithCompany(t.db, {
      firstName: "Taken",
      lastName: "User",
      email: "taken@example.com",
      password: "long enough",
      companyName: "Taken Co",
    });
    for (const email of ["taken@example.com", "TAKEN@Example.COM"]) {
      const response = await expectNothingWritten(() => signUp({ ...validUser, email }));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        error: "validation_failed",
        error_description: "User could not be created",
        details: [{ field: "email", message: "Email has already been taken" }],
      });
    }
  });

  it("answers 401 invalid_client without a known client, writing nothing", async () => {
    const missing = await expectNothingWritten(() => signUp({ ...validUser, email: "c1@example.com" }, {}));
    expect(missing.statusCode).toBe(401);
    const unknown = await expectNothingWritten(() =>
      signUp({ ...validUser, email: "c2@example.com" }, { [CLIENT_ID_HEADER]: "who" }),
    );
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe("invalid_client");
  });

  it("gives two racing sign-ups with one email one account", async () => {
    const responses = await Promise.all([
      signUp({ ...validUser, email: "race@example.com" }),
      signUp({ ...validUser, email: "RACE@example.com" }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const rows = await t.db.select().from(users).where(eq(users.email, "race@example.com"));
    expect(rows).toHaveLength(1);
  });

  it("limits sign-up attempts per address (429 with retry-after)", async () => {
    const from = "10.2.9.9";
    const attempt = () =>
      t.app.inject({
        method: "POST",
        url: "/users.json",
        headers: { [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
        payload: { user: {} },
        remoteAddress: from,
      });
    for (let i = 0; i < 30; i++) expect((await attempt()).statusCode).toBe(422);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe("too_many_requests");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("createUserWithCompany", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("creates user, company and owner membership, storing the email lower-cased", async () => {
    const { user, company } = await createUserWithCompany(t.db, {
      firstName: "Demo",
      lastName: "Manager",
      email: "Demo@Example.com",
      password: "foreman-demo",
      companyName: "Northwind Supply",
    });
    expect(user.email).toBe("demo@example.com");
    expect(company.name).toBe("Northwind Supply");
    const rows = await t.db.select().from(memberships).where(eq(memberships.userId, user.id));
    expect(rows.map((r) => [r.companyId, r.role])).toEqual([[company.id, "owner"]]);
  });

  it("refuses an upper-case email written straight to the table (the column holds lower case only)", async () => {
    await expect(
      t.db.insert(users).values({ email: "Mixed@Example.com", firstName: "A", lastName: "B", passwordDigest: "x" }),
    ).rejects.toThrow();
  });
});

describe("POST /users.json from an invitation link", () => {
  let t: TestApp;
  let inviting: { companyId: string; ownerId: string };
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.db, { firstName: "Olga", lastName: "Owner" });
    const company = await createCompany(t.db, "Inviting Co");
    await addMember(t.db, owner.id, company.id, "owner");
    inviting = { companyId: company.id, ownerId: owner.id };
  });
  afterAll(async () => {
    await t.close();
  });

  let invitationCount = 0;
  /** An invitation written straight to the table (the team module's own tests mail real ones). */
  const invitation = async (email: string, role: "admin" | "member" = "member", values: Record<string, Date> = {}) => {
    const token = `invitation-token-${++invitationCount}-${"x".repeat(30)}`;
    const [row] = await t.db
      .insert(invitations)
      .values({
        companyId: inviting.companyId,
        email,
        role,
        tokenHash: hashToken(token),
        invitedByUserId: inviting.ownerId,
        expiresAt: new Date(Date.now() + 7 * 86_400_000),
        ...values,
      })
      .returning({ id: invitations.id });
    return { id: row!.id, token };
  };

  const invitedUser = (email: string, token: string) => ({
    first_name: "Ivy",
    last_name: "Invited",
    email,
    password: "a long enough passphrase",
    password_confirmation: "a long enough passphrase",
    invitation_token: token,
  });
  const signUp = (user: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: "/users.json",
      headers: { [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
      payload: { user },
      remoteAddress: freshAddress(),
    });
  type Counts = { users: number; companies: number; memberships: number; tokens: number; accepted: number };
  const counts = async (): Promise<Counts> => {
    const result = await t.db.execute(
      sql`select (select count(*)::int from users) as users, (select count(*)::int from companies) as companies,
        (select count(*)::int from memberships) as memberships, (select count(*)::int from oauth_access_tokens) as tokens,
        (select count(*)::int from invitations where accepted_at is not null) as accepted`,
    );
    return (result as unknown as { rows: Counts[] }).rows[0]!;
  };

  it("joins the inviting company with the invitation's role, makes no company, and signs in", async () => {
    const sent = await invitation("ivy@example.com", "admin");
    const before = await counts();
    const response = await signUp({ ...invitedUser("  Ivy@Example.com ", sent.token), company_name: "Ignored" });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      user: { id: expect.any(String), email: "ivy@example.com", first_name: "Ivy", last_name: "Invited" },
      company: { id: inviting.companyId, name: "Inviting Co", logo_small_url: null },
    });
    expect(await counts()).toEqual({
      users: before.users + 1,
      companies: before.companies,
      memberships: before.memberships + 1,
      tokens: before.tokens + 1,
      accepted: before.accepted + 1,
    });
    const rows = await t.db.select().from(memberships).where(eq(memberships.userId, body.user.id));
    expect(rows.map((row) => [row.companyId, row.role])).toEqual([[inviting.companyId, "admin"]]);
    const [claimed] = await t.db.select().from(invitations).where(eq(invitations.id, sent.id));
    expect(claimed).toMatchObject({ acceptedUserId: body.user.id });

    // Signed in, in the company.
    const session = sessionFromTokenHeaders(response.headers as Record<string, string>);
    const me = await t.app.inject({
      url: "/app/me.json",
      headers: { [CLIENT_ID_HEADER]: WEB_CLIENT_ID, authorization: `Bearer ${session!.accessToken}` },
    });
    expect(me.json().managed_companies).toEqual([expect.objectContaining({ id: inviting.companyId, role: "admin" })]);
    const [activity] = await t.db
      .execute(
        sql`select actor_user_id, summary from activities where company_id = ${inviting.companyId} and kind = 'invitation.accepted'`,
      )
      .then((result) => (result as unknown as { rows: Record<string, unknown>[] }).rows);
    expect(activity).toEqual({ actor_user_id: body.user.id, summary: "Accepted the invitation and joined as admin" });
  });

  it("refuses another email than the invited one (422 on email) and writes nothing", async () => {
    const sent = await invitation("meant@example.com");
    const before = await counts();
    const response = await signUp(invitedUser("someone.else@example.com", sent.token));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: "validation_failed",
      error_description: "User could not be created",
      details: [{ field: "email", message: "Must be the address the invitation was sent to" }],
    });
    expect(await counts()).toEqual(before);
  });

  it("refuses a link that is unknown, expired, revoked or used (422 on invitation_token) and writes nothing", async () => {
    const expired = await invitation("expired@example.com", "member", { expiresAt: new Date(Date.now() - 1000) });
    const revoked = await invitation("revoked@example.com", "member", { revokedAt: new Date() });
    const used = await invitation("used@example.com");
    expect((await signUp(invitedUser("used@example.com", used.token))).statusCode).toBe(201);
    const before = await counts();
    for (const [email, token] of [
      ["nobody@example.com", "no-such-invitation-token"],
      ["expired@example.com", expired.token],
      ["revoked@example.com", revoked.token],
      ["used.again@example.com", used.token],
    ]) {
      const response = await signUp(invitedUser(email!, token!));
      expect(response.statusCode, email).toBe(422);
      expect(response.json().details).toEqual([{ field: "invitation_token", message: INVITATION_INVALID }]);
    }
    expect(await counts()).toEqual(before);
  });

  it("validates the invited form: no company name asked, every other field named", async () => {
    const sent = await invitation("form@example.com");
    const before = await counts();
    const response = await signUp({ invitation_token: sent.token, email: "form@example.com" });
    expect(response.statusCode).toBe(422);
    const fields = response.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(["first_name", "last_name", "password"]));
    expect(fields).not.toContain("company_name");
    const blank = await signUp({ ...invitedUser("form@example.com", ""), company_name: "X Co" });
    expect(blank.json().details).toEqual([{ field: "invitation_token", message: messages.required }]);
    expect(await counts()).toEqual(before);
  });

  it("refuses an address that already has an account (sign in to accept instead)", async () => {
    const existing = await createUser(t.db, { email: "taken@example.com" });
    const sent = await invitation(existing.email);
    const before = await counts();
    const response = await signUp(invitedUser(existing.email, sent.token));
    expect(response.statusCode).toBe(422);
    expect(response.json().details).toEqual([{ field: "email", message: "Email has already been taken" }]);
    expect(await counts()).toEqual(before);
  });
});
