import {
  CHATWOOT_USER_NOT_OURS_ERROR,
  CLIENT_ID_HEADER,
  sessionFromTokenHeaders,
  WEB_CLIENT_ID,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { createConversation } from "#server/test/conversations-setup.ts";
import { type FakeChatwoot, startFakeChatwoot } from "#server/test/fake-chatwoot.ts";
import { apiHeaders, createMember, issueTokenFor } from "#server/test/fixtures.ts";
import { rows } from "#server/test/sales-setup.ts";
import { CHATWOOT_TIMEOUT_MS } from "./chatwoot-platform.ts";

// POST /app/chat/sso_links.json: our own conversation view by default, and Chatwoot's SSO link when it
// is configured (against a fake Platform API on 127.0.0.1 that checks the token and records calls).

type Member = { userId: string; companyId: string; token: string; conversation: string; displayId: number };

async function member(t: TestApp, name: string): Promise<Member> {
  const { user, company } = await createMember(t.db, name);
  await t.db.execute(sql`update users set first_name = 'Ana', last_name = 'Agent' where id = ${user.id}`);
  const displayId = 4242;
  const conversation = await createConversation(t.db, company.id, { displayId });
  return {
    userId: user.id,
    companyId: company.id,
    token: (await issueTokenFor(t.db, user.id)).accessToken,
    conversation,
    displayId,
  };
}

const post = (t: TestApp, m: Member, payload?: object) =>
  t.app.inject({
    method: "POST",
    url: "/app/chat/sso_links.json",
    headers: apiHeaders(m.token, m.companyId),
    ...(payload ? { payload } : {}),
  });

const chatwootIdOf = async (t: TestApp, userId: string) =>
  (await rows(t.db, sql`select chatwoot_user_id from users where id = ${userId}`))[0]!.chatwoot_user_id;

describe("POST /app/chat/sso_links.json without Chatwoot", () => {
  let t: TestApp;
  let a: Member;
  let b: Member;
  beforeAll(async () => {
    t = await createTestApp();
    a = await member(t, "A");
    b = await member(t, "B");
  });
  afterAll(async () => {
    await t.close();
  });

  it("links to our embeddable conversation view", async () => {
    const response = await post(t, a, { conversation_id: a.conversation });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ sso_link: `/conversations/${a.conversation}?embed=1` });
  });

  it("links to the conversations list without a conversation (an empty body or none)", async () => {
    expect((await post(t, a, {})).json()).toEqual({ sso_link: "/conversations?embed=1" });
    expect((await post(t, a)).json()).toEqual({ sso_link: "/conversations?embed=1" });
  });

  it.each([
    ["another company's conversation", () => b.conversation],
    ["an unknown conversation", () => "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d"],
  ])("answers 404 for %s", async (_, id) => {
    const response = await post(t, a, { conversation_id: id() });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "not_found", error_description: "Conversation not found" });
  });

  it("documents the conversations routes in the OpenAPI description, snake_case", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const routes = [
      ["/app/conversations.json", "get"],
      ["/app/conversations/{id}.json", "get"],
      ["/app/conversations/{id}/messages.json", "get"],
      ["/app/conversations/{id}/messages.json", "post"],
      ["/app/chat/sso_links.json", "post"],
      ["/files/{id}/{accessKey}/{fileName}", "get"],
    ];
    for (const [path, method] of routes) {
      const operation = doc.paths[path!]?.[method!];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags).toEqual(["conversations"]);
      expect(operation.summary).toBeTruthy();
    }
    const list = doc.paths["/app/conversations.json"].get.responses["200"].content["application/json"].schema;
    expect(Object.keys(list.properties)).toEqual(expect.arrayContaining(["conversations", "total", "per_page"]));
    const sso = doc.paths["/app/chat/sso_links.json"].post.responses["200"].content["application/json"].schema;
    expect(Object.keys(sso.properties)).toEqual(["sso_link"]);
  });

  it("answers 400 for a malformed conversation id", async () => {
    const response = await post(t, a, { conversation_id: "42" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "invalid_request", details: [{ field: "conversation_id" }] });
  });
});

describe("POST /app/chat/sso_links.json with Chatwoot configured", () => {
  let fake: FakeChatwoot;
  let t: TestApp;
  let a: Member;
  let b: Member;
  let accountId: number;

  beforeAll(async () => {
    fake = await startFakeChatwoot();
    t = await createTestApp({ env: { CHATWOOT_URL: `${fake.url}/`, CHATWOOT_PLATFORM_TOKEN: fake.token } });
    a = await member(t, "A");
    b = await member(t, "B");
    accountId = Number(
      (await rows(t.db, sql`select chat_account_id from companies where id = ${a.companyId}`))[0]!.chat_account_id,
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(async () => {
    fake.mode = "ok";
    fake.onCreateUser = null;
    fake.calls.length = 0;
  });

  it("makes the user's Chatwoot user once and answers their SSO link opening the conversation", async () => {
    const response = await post(t, a, { conversation_id: a.conversation });
    expect(response.statusCode, response.body).toBe(200);
    const link = new URL(response.json().sso_link);
    expect(`${link.origin}${link.pathname}`).toBe(`${fake.url}/app/login`);
    const chatwootId = await chatwootIdOf(t, a.userId);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      email: expect.stringMatching(/@example\.com$/),
      sso_auth_token: `sso-${chatwootId}`,
      sso_account_id: String(accountId),
      sso_conversation_id: String(a.displayId),
    });
    expect(fake.calls.map((c) => [c.method, c.path, c.token])).toEqual([
      ["POST", "/platform/api/v1/users", fake.token],
      ["GET", `/platform/api/v1/users/${chatwootId}/login`, fake.token],
    ]);
    const created = fake.calls[0]!.body as { name: string; email: string; password: string };
    expect(created).toMatchObject({
      name: "Ana Agent",
      email: link.searchParams.get("email"),
      // Marks the Chatwoot user as made by Foreman for this user (an existing one is answered without it).
      custom_attributes: { foreman_user_id: a.userId },
    });
    // A strong random password (nobody signs in with it: SSO only).
    expect(created.password.length).toBeGreaterThanOrEqual(32);
    expect(created.password).toMatch(/[a-z]/);
    expect(created.password).toMatch(/[A-Z]/);
    expect(created.password).toMatch(/\d/);
    expect(created.password).toMatch(/[^\w]/);

    // Later links reuse the stored Chatwoot user.
    fake.calls.length = 0;
    const again = await post(t, a, {});
    expect(again.statusCode).toBe(200);
    expect(new URL(again.json().sso_link).searchParams.has("sso_conversation_id")).toBe(false);
    expect(fake.calls.map((c) => [c.method, c.path])).toEqual([["GET", `/platform/api/v1/users/${chatwootId}/login`]]);
  });

  it("answers 404 for another company's conversation without calling Chatwoot", async () => {
    const response = await post(t, a, { conversation_id: b.conversation });
    expect(response.statusCode).toBe(404);
    expect(fake.calls).toEqual([]);
  });

  it.each([
    ["Chatwoot fails", "error"],
    ["Chatwoot answers something that is not JSON", "bad_json"],
    ["Chatwoot answers a link that is not http(s)", "unsafe_url"],
  ] as const)("answers 502 chat_unavailable when %s", async (_, mode) => {
    fake.mode = mode;
    const response = await post(t, a, { conversation_id: a.conversation });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: "chat_unavailable",
      error_description: "The chat service could not give a sign-in link. Please try again.",
    });
  });

  it("answers 502 and stores nothing when the user cannot be made in Chatwoot", async () => {
    fake.mode = "error";
    const response = await post(t, b, { conversation_id: b.conversation });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ error: "chat_unavailable" });
    expect(await chatwootIdOf(t, b.userId)).toBeNull();
    expect(fake.calls.map((c) => c.path)).toEqual(["/platform/api/v1/users"]);
  });

  it("uses the Chatwoot user another request of the same user made first", async () => {
    const c = await member(t, "C");
    const email = (await rows(t.db, sql`select email from users where id = ${c.userId}`))[0]!.email as string;
    fake.onCreateUser = async () => {
      // The other request made and stored it while this one was on its way: Chatwoot answers that user.
      fake.users.set(99, { name: "Ana Agent", email, password: "x", customAttributes: { foreman_user_id: c.userId } });
      await t.db.execute(sql`update users set chatwoot_user_id = 99 where id = ${c.userId}`);
    };
    const response = await post(t, c);
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.calls.map((call) => call.path)).toEqual(["/platform/api/v1/users", "/platform/api/v1/users/99/login"]);
    expect(await chatwootIdOf(t, c.userId)).toBe(99);
  });

  it("refuses a link to a Chatwoot user Foreman did not make for this user (sign-up does not verify emails)", async () => {
    // The victim uses Chatwoot on their own; the attacker signs up to Foreman with the victim's email.
    const victimEmail = "victim@example.com";
    const victimId = fake.addExistingUser({ name: "Vera Victim", email: victimEmail });
    const signUp = await t.app.inject({
      method: "POST",
      url: "/users.json",
      headers: { [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
      remoteAddress: "10.9.0.1",
      payload: {
        user: {
          first_name: "Mallory",
          last_name: "Attacker",
          email: victimEmail,
          password: "quiet harbor lamp",
          password_confirmation: "quiet harbor lamp",
          company_name: "Mallory Inc",
        },
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const attacker = {
      userId: signUp.json().user.id as string,
      companyId: signUp.json().company.id as string,
      token: sessionFromTokenHeaders(signUp.headers as Record<string, string>)!.accessToken,
    };

    const response = await t.app.inject({
      method: "POST",
      url: "/app/chat/sso_links.json",
      headers: apiHeaders(attacker.token, attacker.companyId),
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({
      error: CHATWOOT_USER_NOT_OURS_ERROR,
      error_description:
        "A Chatwoot account with this email already exists and was not created by Foreman. Ask your Chatwoot administrator to link it.",
    });
    // No login link was asked for, and the victim's Chatwoot id is not stored for the attacker.
    expect(fake.calls.some((call) => call.path.endsWith("/login"))).toBe(false);
    expect(response.body).not.toContain("sso_auth_token");
    expect(await chatwootIdOf(t, attacker.userId)).toBeNull();
    // Still refused the next time (nothing was remembered that would let it through).
    const again = await t.app.inject({
      method: "POST",
      url: "/app/chat/sso_links.json",
      headers: apiHeaders(attacker.token, attacker.companyId),
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(fake.calls.some((call) => call.path === `/platform/api/v1/users/${victimId}/login`)).toBe(false);
  });

  it(
    "answers 502 when Chatwoot does not answer within 5 s",
    async () => {
      fake.mode = "hang";
      const started = Date.now();
      const response = await post(t, a);
      const elapsed = Date.now() - started;
      expect(response.statusCode).toBe(502);
      expect(elapsed).toBeGreaterThanOrEqual(CHATWOOT_TIMEOUT_MS - 100);
      expect(elapsed).toBeLessThan(CHATWOOT_TIMEOUT_MS + 3000);
    },
    CHATWOOT_TIMEOUT_MS + 10_000,
  );

  it("answers 502 when the platform token is refused", async () => {
    const wrong = await createTestApp({ env: { CHATWOOT_URL: fake.url, CHATWOOT_PLATFORM_TOKEN: "wrong-token" } });
    try {
      const m = await member(wrong, "D");
      const response = await post(wrong, m);
      expect(response.statusCode).toBe(502);
      expect(fake.calls.map((call) => [call.path, call.token])).toEqual([["/platform/api/v1/users", "wrong-token"]]);
      expect(await chatwootIdOf(wrong, m.userId)).toBeNull();
    } finally {
      await wrong.close();
    }
  });

  it("answers 502 when Chatwoot cannot be reached", async () => {
    const closed = await startFakeChatwoot();
    await closed.close();
    const unreachable = await createTestApp({
      env: { CHATWOOT_URL: closed.url, CHATWOOT_PLATFORM_TOKEN: closed.token },
    });
    try {
      const response = await post(unreachable, await member(unreachable, "E"));
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ error: "chat_unavailable" });
    } finally {
      await unreachable.close();
    }
  });
});
