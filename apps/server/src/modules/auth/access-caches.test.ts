import { WEB_CLIENT_ID } from "@foreman/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships, oauthAccessTokens } from "#server/db/schema/index.ts";
import { createTestApp, startSecondInstance, type TestApp } from "#server/test/app.ts";
import { testEngine } from "#server/test/database.ts";
import { apiHeaders, createMember, signIn } from "#server/test/fixtures.ts";
import { InProcessEventBus } from "../events/in-process-event-bus.ts";
import { TOKEN_CACHE_TTL_MS, TokenUserCache } from "./token-user-cache.ts";
import { hashToken } from "./tokens.ts";

// Tokens and memberships are answered from memory (token-user-cache.ts, user-access-cache.ts): these
// tests hold the promise that a revocation or a membership change is never outlived by the cache.

async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: "GET", url: "/app/me.json", headers: apiHeaders(token) });
const departments = (app: FastifyInstance, token: string, companyId: string) =>
  app.inject({ method: "GET", url: "/app/ai_departments.json", headers: apiHeaders(token, companyId) });
const post = (app: FastifyInstance, url: string, payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url, headers: apiHeaders(), payload: { client_id: WEB_CLIENT_ID, ...payload } });

describe("token and membership caches on one instance", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("refuses a signed-out token at once, though it was just answered from memory", async () => {
    const { user } = await createMember(t.db);
    const { access_token } = await signIn(t.app, user.email);
    expect((await me(t.app, access_token)).statusCode).toBe(200);
    expect((await me(t.app, access_token)).statusCode).toBe(200);
    expect((await post(t.app, "/oauth/revoke", { token: access_token })).statusCode).toBe(200);
    expect((await me(t.app, access_token)).statusCode).toBe(401);
  });

  it("refuses the access token a refresh rotated away, at once", async () => {
    const { user } = await createMember(t.db);
    const first = await signIn(t.app, user.email);
    expect((await me(t.app, first.access_token)).statusCode).toBe(200);
    const rotated = await post(t.app, "/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: first.refresh_token,
    });
    expect(rotated.statusCode).toBe(200);
    expect((await me(t.app, first.access_token)).statusCode).toBe(401);
    expect((await me(t.app, rotated.json().access_token)).statusCode).toBe(200);
  });

  it("answers from memory until a user.changed notice, then reads the membership again", async () => {
    const { user, company } = await createMember(t.db);
    const { access_token } = await signIn(t.app, user.email);
    expect((await departments(t.app, access_token, company.id)).statusCode).toBe(200);
    await t.db.delete(memberships).where(and(eq(memberships.userId, user.id), eq(memberships.companyId, company.id)));
    // Written behind the app's back: the cache still answers (this is why writers must send the notice).
    expect((await departments(t.app, access_token, company.id)).statusCode).toBe(200);
    await t.app.events.notify({ topic: "user.changed", userId: user.id });
    expect((await departments(t.app, access_token, company.id)).statusCode).toBe(404);
    expect((await me(t.app, access_token)).json().managed_companies).toEqual([]);
  });

  it("reads the token again whenever notices from other instances may be missed", async () => {
    const { user } = await createMember(t.db);
    const { access_token } = await signIn(t.app, user.email);
    const deaf = new (class extends InProcessEventBus {
      override readonly noticesReliable = false;
    })();
    const cache = new TokenUserCache(deaf);
    expect(await cache.find(t.db, access_token, new Date())).toEqual({ id: user.id, chainId: expect.any(String) });
    await t.db
      .update(oauthAccessTokens)
      .set({ revokedAt: new Date() })
      .where(eq(oauthAccessTokens.tokenHash, hashToken(access_token)));
    expect(await cache.find(t.db, access_token, new Date())).toBeNull();
  });
});

// Two instances on one PostgreSQL database, as behind a load balancer: a sign-out on A reaches B's
// cache through the bus (NOTIFY). PGlite is one process, so there is no second instance.
describe.skipIf(testEngine() === "pglite")("token cache across two instances (skipped on PGlite: one process)", () => {
  let t: TestApp;
  let b: FastifyInstance;
  let second: Awaited<ReturnType<typeof startSecondInstance>>;
  beforeAll(async () => {
    t = await createTestApp();
    second = await startSecondInstance(t);
    b = second.app;
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it("a token signed out on A stops working on B, which had it in memory", async () => {
    const { user } = await createMember(t.db);
    const { access_token } = await signIn(t.app, user.email);
    expect((await me(b, access_token)).statusCode).toBe(200);
    expect((await me(b, access_token)).statusCode).toBe(200);
    expect((await post(t.app, "/oauth/revoke", { token: access_token })).statusCode).toBe(200);
    // The wait (10 s) is shorter than the cached token's life, so B refusing it within the wait means the
    // bus told B, not the clock. (A 2 s bound here could be passed by a busy machine's NOTIFY round trip.)
    const waitMs = 10_000;
    expect(TOKEN_CACHE_TTL_MS).toBeGreaterThan(waitMs);
    await eventually(async () => (await me(b, access_token)).statusCode === 401, waitMs);
  });
});
