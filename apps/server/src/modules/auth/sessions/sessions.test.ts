import { CLIENT_ID_HEADER, WEB_CLIENT_ID } from "@foreman/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthAccessTokens } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { apiHeaders, createUser, issueTokenFor, type TestUser } from "#server/test/fixtures.ts";
import { rows } from "#server/test/sales-setup.ts";
import { hashToken } from "../tokens.ts";

// The signed-in user's sessions through the real HTTP layer on a real database: one per sign-in that
// can still be used, with where it came from and when it was last used; ended one by one or all but
// the current, each at once (the in-memory token cache included).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: "10000" } });
});
afterAll(async () => {
  await t?.close();
});

type Session = { accessToken: string; refreshToken: string; headers: Record<string, string> };

async function signInFrom(user: TestUser, remoteAddress: string, userAgent: string): Promise<Session> {
  const response = await t.app.inject({
    method: "POST",
    url: "/oauth/token",
    headers: { [CLIENT_ID_HEADER]: WEB_CLIENT_ID, "user-agent": userAgent },
    payload: { grant_type: "password", username: user.email, password: user.password, client_id: WEB_CLIENT_ID },
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ access_token: string; refresh_token: string }>();
  return { accessToken: body.access_token, refreshToken: body.refresh_token, headers: apiHeaders(body.access_token) };
}

const list = (headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: "/app/profile/sessions.json", headers });
const end = (headers: Record<string, string>, id: string) =>
  t.app.inject({ method: "DELETE", url: `/app/profile/sessions/${id}.json`, headers });
const endOthers = (headers: Record<string, string>) =>
  t.app.inject({ method: "DELETE", url: "/app/profile/sessions.json", headers });
const me = (session: Session) => t.app.inject({ method: "GET", url: "/app/me.json", headers: session.headers });

const rowOf = async (accessToken: string) =>
  (
    await t.db
      .select()
      .from(oauthAccessTokens)
      .where(eq(oauthAccessTokens.tokenHash, hashToken(accessToken)))
  )[0]!;

type Listed = {
  id: string;
  client: string;
  signed_in_at: string;
  last_used_at: string;
  ip_address: string | null;
  user_agent: string | null;
  current: boolean;
};

describe("the sessions list", () => {
  it("answers only a signed-in user", async () => {
    expect((await list(apiHeaders())).statusCode).toBe(401);
    expect((await endOthers(apiHeaders())).statusCode).toBe(401);
    expect((await end(apiHeaders(), "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d")).statusCode).toBe(401);
  });

  it("lists each live sign-in once, newest first, with its client, address and browser, marking this one", async () => {
    const user = await createUser(t.db);
    const laptop = await signInFrom(user, "203.0.113.10", "Mozilla/5.0 (Macintosh) Firefox/140.0");
    const phone = await signInFrom(user, "203.0.113.20", "Mozilla/5.0 (iPhone) Safari/18.0");
    // The laptop signed in an hour earlier (sign-ins are stamped in whole seconds).
    await t.db
      .update(oauthAccessTokens)
      .set({ signedInAt: new Date(Date.now() - 3_600_000) })
      .where(eq(oauthAccessTokens.tokenHash, hashToken(laptop.accessToken)));
    // The laptop's tokens rotate: still one session, still from where it signed in.
    const rotated = await t.app.inject({
      method: "POST",
      url: "/oauth/token",
      payload: { grant_type: "refresh_token", refresh_token: laptop.refreshToken, client_id: WEB_CLIENT_ID },
      remoteAddress: "198.51.100.1",
    });
    expect(rotated.statusCode).toBe(200);
    const laptopNow = apiHeaders(rotated.json().access_token);
    // Not listed: a signed-out session, one past its 30 days, another user's.
    const signedOut = await signInFrom(user, "203.0.113.30", "curl/8");
    await t.app.inject({
      method: "POST",
      url: "/oauth/revoke",
      payload: { token: signedOut.accessToken, client_id: WEB_CLIENT_ID },
    });
    const old = await issueTokenFor(t.db, user.id);
    await t.db
      .update(oauthAccessTokens)
      .set({ refreshExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthAccessTokens.tokenHash, hashToken(old.accessToken)));
    await signInFrom(await createUser(t.db), "203.0.113.40", "someone else");

    const response = await list(laptopNow);
    expect(response.statusCode).toBe(200);
    const sessions = response.json<{ sessions: Listed[] }>().sessions;
    const laptopRow = await rowOf(laptop.accessToken);
    const phoneRow = await rowOf(phone.accessToken);
    expect(sessions).toEqual([
      {
        id: phoneRow.chainId,
        client: "Foreman web",
        signed_in_at: phoneRow.signedInAt.toISOString(),
        last_used_at: expect.any(String),
        ip_address: "203.0.113.20",
        user_agent: "Mozilla/5.0 (iPhone) Safari/18.0",
        current: false,
      },
      {
        id: laptopRow.chainId,
        client: "Foreman web",
        signed_in_at: laptopRow.signedInAt.toISOString(),
        last_used_at: expect.any(String),
        ip_address: "203.0.113.10",
        user_agent: "Mozilla/5.0 (Macintosh) Firefox/140.0",
        current: true,
      },
    ]);
    // Never used yet: last used when its live token was made.
    expect(sessions[0]!.last_used_at).toBe(phoneRow.createdAt.toISOString());
  });
});

describe("last used", () => {
  it("is noted when a token is read from the database, at most every 5 minutes", async () => {
    const user = await createUser(t.db);
    const session = await signInFrom(user, "203.0.113.50", "agent");
    const row = await rowOf(session.accessToken);
    expect(row.lastUsedAt).toBeNull();
    const started = Date.now();
    expect((await me(session)).statusCode).toBe(200);
    const first = (await rowOf(session.accessToken)).lastUsedAt!;
    expect(first.getTime()).toBeGreaterThanOrEqual(started - 1000);

    // Read again from the database (its cache entry dropped): recent enough, not written.
    const fourMinutesAgo = new Date(Date.now() - 4 * 60_000);
    await t.db.update(oauthAccessTokens).set({ lastUsedAt: fourMinutesAgo }).where(eq(oauthAccessTokens.id, row.id));
    await t.app.events.notify({ topic: "tokens.revoked", chainId: row.chainId });
    expect((await me(session)).statusCode).toBe(200);
    expect((await rowOf(session.accessToken)).lastUsedAt).toEqual(fourMinutesAgo);

    // Older than 5 minutes: written, and the list shows it.
    const sixMinutesAgo = new Date(Date.now() - 6 * 60_000);
    await t.db.update(oauthAccessTokens).set({ lastUsedAt: sixMinutesAgo }).where(eq(oauthAccessTokens.id, row.id));
    await t.app.events.notify({ topic: "tokens.revoked", chainId: row.chainId });
    expect((await me(session)).statusCode).toBe(200);
    const written = (await rowOf(session.accessToken)).lastUsedAt!;
    expect(written.getTime()).toBeGreaterThan(sixMinutesAgo.getTime() + 60_000);
    const listed = (await list(session.headers)).json<{ sessions: Listed[] }>().sessions;
    expect(listed.map((s) => s.last_used_at)).toEqual([written.toISOString()]);
  });
});

describe("ending sessions", () => {
  it("ends one other session at once; another user's or an unknown id is a 404", async () => {
    const user = await createUser(t.db);
    const mine = await signInFrom(user, "203.0.113.60", "a");
    const other = await signInFrom(user, "203.0.113.61", "b");
    expect((await me(other)).statusCode).toBe(200);
    const otherChain = (await rowOf(other.accessToken)).chainId;

    const stranger = await createUser(t.db);
    const strangers = await signInFrom(stranger, "203.0.113.62", "c");
    const strangersChain = (await rowOf(strangers.accessToken)).chainId;
    for (const id of [strangersChain, "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d", "not-a-uuid"]) {
      const response = await end(mine.headers, id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error).toBe("not_found");
    }
    expect((await me(strangers)).statusCode).toBe(200);

    const response = await end(mine.headers, otherChain);
    expect(response.statusCode).toBe(204);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(mine)).statusCode).toBe(200);
    const listed = (await list(mine.headers)).json<{ sessions: Listed[] }>().sessions;
    expect(listed.map((s) => s.id)).toEqual([(await rowOf(mine.accessToken)).chainId]);
    // Already ended: nothing of the user's left to end.
    expect((await end(mine.headers, otherChain)).statusCode).toBe(404);
  });

  it("ends the current session too, which signs this browser out", async () => {
    const user = await createUser(t.db);
    const session = await signInFrom(user, "203.0.113.70", "a");
    const chainId = (await rowOf(session.accessToken)).chainId;
    expect((await end(session.headers, chainId)).statusCode).toBe(204);
    expect((await me(session)).statusCode).toBe(401);
  });

  it("ends every session but the current one and says how many", async () => {
    const user = await createUser(t.db);
    const current = await signInFrom(user, "203.0.113.80", "a");
    const others = [await signInFrom(user, "203.0.113.81", "b"), await signInFrom(user, "203.0.113.82", "c")];
    for (const other of others) expect((await me(other)).statusCode).toBe(200);
    // Already past its 30 days: revoked too, but not counted as a session ended.
    const old = await issueTokenFor(t.db, user.id);
    await t.db
      .update(oauthAccessTokens)
      .set({ refreshExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthAccessTokens.tokenHash, hashToken(old.accessToken)));

    const response = await endOthers(current.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 2 });
    for (const other of others) expect((await me(other)).statusCode).toBe(401);
    expect((await me(current)).statusCode).toBe(200);
    const unrevoked = await t.db
      .select({ chainId: oauthAccessTokens.chainId })
      .from(oauthAccessTokens)
      .where(and(eq(oauthAccessTokens.userId, user.id), isNull(oauthAccessTokens.revokedAt)));
    expect(unrevoked).toEqual([{ chainId: (await rowOf(current.accessToken)).chainId }]);

    expect((await endOthers(current.headers)).json()).toEqual({ revoked: 0 });
    const [count] = await rows(
      t.db,
      sql`select count(*)::int as n from oauth_access_tokens where user_id = ${user.id}`,
    );
    expect(count!.n).toBe(4);
  });
});
