import { createHash } from "node:crypto";
import { CLIENT_ID_HEADER, TOKEN_HEADER_NAMES, WEB_CLIENT_ID } from "@foreman/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthAccessTokens, oauthApplications } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { createUser, type TestUser } from "#server/test/fixtures.ts";
import { INVALID_CLIENT_DESCRIPTION, INVALID_GRANT_DESCRIPTION } from "./oauth-errors.ts";
import { REFRESH_REUSE_GRACE_SECONDS } from "./token.service.ts";

type TokenBody = {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
  scope: string;
  created_at: number;
};

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
// Each request comes from its own address so the coarse per-address rate limit (tested in
// throttle.test.ts) never interferes with these cases.
let lastOctets = 0;
const freshAddress = () => {
  lastOctets++;
  return `10.1.${lastOctets >> 8}.${lastOctets & 255}`;
};

describe("OAuth token and revoke endpoints", () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.db, { email: "grace@example.com" });
  });
  afterAll(async () => {
    await t.close();
  });

  const token = (payload: Record<string, unknown>, options: { url?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: "POST",
      url: options.url ?? "/oauth/token",
      headers: options.headers,
      payload,
      remoteAddress: freshAddress(),
    });
  const passwordGrant = (overrides: Record<string, unknown> = {}) =>
    token({
      grant_type: "password",
      username: user.email,
      password: user.password,
      client_id: WEB_CLIENT_ID,
      ...overrides,
    });
  const refreshGrant = (refreshToken: string, overrides: Record<string, unknown> = {}) =>
    token({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: WEB_CLIENT_ID, ...overrides });
  const revoke = (payload: Record<string, unknown>, url = "/oauth/revoke") =>
    t.app.inject({ method: "POST", url, payload });
  const me = (accessToken: string) =>
    t.app.inject({
      method: "GET",
      url: "/app/me.json",
      headers: { authorization: `Bearer ${accessToken}`, [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
    });
  const signIn = async () => {
    const response = await passwordGrant();
    expect(response.statusCode).toBe(200);
    return response.json<TokenBody>();
  };
  const rowOf = async (accessToken: string) => {
    const [row] = await t.db
      .select()
      .from(oauthAccessTokens)
      .where(eq(oauthAccessTokens.tokenHash, sha256(accessToken)));
    return row!;
  };

  describe("password grant", () => {
    it("answers Doorkeeper's body, the same values as hyphenated headers, exposed and never cached", async () => {
      const before = Math.floor(Date.now() / 1000);
      const response = await passwordGrant();
      expect(response.statusCode).toBe(200);
      const body = response.json<TokenBody>();
      expect(body).toEqual({
        access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        token_type: "Bearer",
        expires_in: 7200,
        refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        scope: "",
        created_at: expect.any(Number),
      });
      expect(body.refresh_token).not.toBe(body.access_token);
      expect(body.created_at).toBeGreaterThanOrEqual(before);
      expect(body.created_at).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));

      const h = response.headers;
      expect(h["access-token"]).toBe(body.access_token);
      expect(h["token-type"]).toBe("Bearer");
      expect(h["expires-in"]).toBe("7200");
      expect(h["refresh-token"]).toBe(body.refresh_token);
      expect(h.scope).toBe("");
      expect(h["created-at"]).toBe(String(body.created_at));
      const exposed = String(h["access-control-expose-headers"]).split(/,\s*/);
      expect(exposed).toEqual(expect.arrayContaining([...TOKEN_HEADER_NAMES]));
      expect(h["cache-control"]).toBe("no-store");
      expect(h.pragma).toBe("no-cache");
      expect(h["content-type"]).toMatch(/^application\/json/);

      expect((await me(body.access_token)).statusCode).toBe(200);
    });

    it("stores only SHA-256 hashes of the tokens", async () => {
      const body = await signIn();
      const row = await rowOf(body.access_token);
      expect(row.refreshTokenHash).toBe(sha256(body.refresh_token));
      const raw = await t.db
        .select({ id: oauthAccessTokens.id })
        .from(oauthAccessTokens)
        .where(
          sql`${oauthAccessTokens.tokenHash} = ${body.access_token} or ${oauthAccessTokens.refreshTokenHash} = ${body.refresh_token}`,
        );
      expect(raw).toEqual([]);
      // The chain ends 30 days after this sign-in.
      expect(row.refreshExpiresAt.getTime() - row.createdAt.getTime()).toBe(30 * 24 * 3600 * 1000);
    });

    it("takes a form-encoded body on /oauth/token.json, the client id from X-Client-ID and the email in any case", async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/oauth/token.json",
        remoteAddress: freshAddress(),
        headers: { "content-type": "application/x-www-form-urlencoded", [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
        payload: new URLSearchParams({
          grant_type: "password",
          email: "  GRACE@Example.com ",
          password: user.password,
        }).toString(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<TokenBody>().token_type).toBe("Bearer");
      expect(response.headers["access-token"]).toBe(response.json<TokenBody>().access_token);
    });

    it("answers a wrong password and an unknown user with the same invalid_grant", async () => {
      const wrong = await passwordGrant({ password: "not the password" });
      const unknown = await passwordGrant({ username: "nobody@example.com" });
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: "invalid_grant", error_description: INVALID_GRANT_DESCRIPTION });
        expect(response.headers["access-token"]).toBeUndefined();
        expect(response.headers["cache-control"]).toBe("no-store");
      }
      expect(unknown.body).toBe(wrong.body);
    });

    it.each([
      ["grant_type", { grant_type: undefined }],
      ["username", { username: undefined }],
      ["username", { username: "" }],
      ["password", { password: undefined }],
    ])("answers invalid_request when %s is missing", async (missing, overrides) => {
      const response = await passwordGrant(overrides);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error).toBe("invalid_request");
      expect(body.error_description).toContain(missing);
    });

    it("answers invalid_request for a request without a body", async () => {
      const response = await t.app.inject({ method: "POST", url: "/oauth/token", remoteAddress: freshAddress() });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe("invalid_request");
    });

    it("answers 401 invalid_client for an unknown or missing client", async () => {
      for (const response of [
        await passwordGrant({ client_id: "someone-else" }),
        await passwordGrant({ client_id: undefined }),
      ]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ error: "invalid_client", error_description: INVALID_CLIENT_DESCRIPTION });
      }
    });

    it("answers unsupported_grant_type for other grants", async () => {
      for (const grant of ["client_credentials", "authorization_code"]) {
        const response = await passwordGrant({ grant_type: grant });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toBe("unsupported_grant_type");
      }
    });
  });

  describe("refresh grant", () => {
    it("rotates: new tokens, the old pair stops working, the chain keeps its absolute end", async () => {
      const first = await signIn();
      const response = await refreshGrant(first.refresh_token);
      expect(response.statusCode).toBe(200);
      const second = response.json<TokenBody>();
      expect(second.access_token).not.toBe(first.access_token);
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(second.expires_in).toBe(7200);
      expect(response.headers["access-token"]).toBe(second.access_token);
      expect(response.headers["refresh-token"]).toBe(second.refresh_token);
      expect(response.headers["cache-control"]).toBe("no-store");

      expect((await me(second.access_token)).statusCode).toBe(200);
      expect((await me(first.access_token)).statusCode).toBe(401);

      const [oldRow, newRow] = [await rowOf(first.access_token), await rowOf(second.access_token)];
      expect(oldRow.revokedAt).not.toBeNull();
      expect(newRow.chainId).toBe(oldRow.chainId);
      expect(newRow.previousRefreshTokenHash).toBe(sha256(first.refresh_token));
      expect(newRow.refreshExpiresAt.getTime()).toBe(oldRow.refreshExpiresAt.getTime());
    });

    it("refuses a reused refresh token and revokes the whole chain", async () => {
      const first = await signIn();
      const second = (await refreshGrant(first.refresh_token)).json<TokenBody>();
      const third = (await refreshGrant(second.refresh_token)).json<TokenBody>();
      expect((await me(third.access_token)).statusCode).toBe(200);

      const reuse = await refreshGrant(first.refresh_token);
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json()).toEqual({ error: "invalid_grant", error_description: INVALID_GRANT_DESCRIPTION });

      // Whoever holds the latest pair (maybe the thief) is signed out too.
      expect((await me(third.access_token)).statusCode).toBe(401);
      expect((await refreshGrant(third.refresh_token)).statusCode).toBe(400);
      const chain = await t.db
        .select({ revokedAt: oauthAccessTokens.revokedAt })
        .from(oauthAccessTokens)
        .where(eq(oauthAccessTokens.chainId, (await rowOf(first.access_token)).chainId));
      expect(chain).toHaveLength(3);
      expect(chain.every((row) => row.revokedAt !== null)).toBe(true);
    });

    it("gives two concurrent refreshes with the same token (two tabs) a pair each", async () => {
      const first = await signIn();
      const responses = await Promise.all([refreshGrant(first.refresh_token), refreshGrant(first.refresh_token)]);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
      const [a, b] = responses.map((r) => r.json<TokenBody>());
      expect(a!.refresh_token).not.toBe(b!.refresh_token);
      expect((await me(a!.access_token)).statusCode).toBe(200);
      expect((await me(b!.access_token)).statusCode).toBe(200);
      expect((await me(first.access_token)).statusCode).toBe(401);
    });

    it("lets a just-rotated refresh token come back once more within the grace window (a lost answer)", async () => {
      const first = await signIn();
      const second = (await refreshGrant(first.refresh_token)).json<TokenBody>();
      const again = await refreshGrant(first.refresh_token);
      expect(again.statusCode).toBe(200);
      const third = again.json<TokenBody>();
      expect((await me(second.access_token)).statusCode).toBe(200);
      expect((await me(third.access_token)).statusCode).toBe(200);
      expect((await rowOf(third.access_token)).chainId).toBe((await rowOf(first.access_token)).chainId);
    });

    it("treats a reuse after the grace window as theft and revokes the chain", async () => {
      const first = await signIn();
      const second = (await refreshGrant(first.refresh_token)).json<TokenBody>();
      await t.db
        .update(oauthAccessTokens)
        .set({ createdAt: new Date(Date.now() - (REFRESH_REUSE_GRACE_SECONDS + 5) * 1000) })
        .where(eq(oauthAccessTokens.tokenHash, sha256(second.access_token)));
      const reuse = await refreshGrant(first.refresh_token);
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().error).toBe("invalid_grant");
      expect((await me(second.access_token)).statusCode).toBe(401);
      expect((await refreshGrant(second.refresh_token)).statusCode).toBe(400);
    });

    it("refuses the refresh token of a signed-out pair", async () => {
      const first = await signIn();
      expect((await revoke({ token: first.access_token, client_id: WEB_CLIENT_ID })).statusCode).toBe(200);
      const response = await refreshGrant(first.refresh_token);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe("invalid_grant");
    });

    it("refreshes after the access token expired, until the chain's absolute end", async () => {
      const first = await signIn();
      await t.db
        .update(oauthAccessTokens)
        .set({ createdAt: new Date(Date.now() - 7200_000 - 1000) })
        .where(eq(oauthAccessTokens.tokenHash, sha256(first.access_token)));
      const response = await refreshGrant(first.refresh_token);
      expect(response.statusCode).toBe(200);
      const second = response.json<TokenBody>();

      // Past the absolute end (30 days after the first sign-in) the chain is over.
      await t.db
        .update(oauthAccessTokens)
        .set({ refreshExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(oauthAccessTokens.tokenHash, sha256(second.access_token)));
      const expired = await refreshGrant(second.refresh_token);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error).toBe("invalid_grant");
    });

    it("refuses an unknown refresh token, an access token used as one, and another client's token", async () => {
      const first = await signIn();
      await t.db.insert(oauthApplications).values({ uid: "other-app", name: "Other" });
      for (const response of [
        await refreshGrant("not-a-real-token"),
        await refreshGrant(first.access_token),
        await refreshGrant(first.refresh_token, { client_id: "other-app" }),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toBe("invalid_grant");
      }
      // A refresh token presented by the wrong client is not consumed.
      expect((await refreshGrant(first.refresh_token)).statusCode).toBe(200);
    });

    it("answers invalid_request without a refresh token", async () => {
      const response = await refreshGrant("", {});
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe("invalid_request");
    });
  });

  describe("bearer authentication", () => {
    it("refuses a missing, malformed or unknown token with 401 and WWW-Authenticate", async () => {
      const missing = await t.app.inject({ method: "GET", url: "/app/me.json" });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({ error: "unauthorized", error_description: expect.any(String) });
      expect(missing.headers["www-authenticate"]).toBe("Bearer");

      const basic = await t.app.inject({
        method: "GET",
        url: "/app/me.json",
        headers: { authorization: "Basic Zm9vOmJhcg==" },
      });
      expect(basic.statusCode).toBe(401);

      const unknown = await me("made-up-token");
      expect(unknown.statusCode).toBe(401);
      expect(unknown.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
    });

    it("refuses an expired access token", async () => {
      const body = await signIn();
      await t.db
        .update(oauthAccessTokens)
        .set({ createdAt: new Date(Date.now() - 7200_000) })
        .where(eq(oauthAccessTokens.tokenHash, sha256(body.access_token)));
      const response = await me(body.access_token);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe("unauthorized");
      expect(response.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
    });
  });

  describe("revoke", () => {
    it("answers 200 {} for an unknown token", async () => {
      const response = await revoke({ token: "never-issued", client_id: WEB_CLIENT_ID });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
    });

    it("revokes an access token and its refresh token; using them afterwards fails", async () => {
      const body = await signIn();
      const response = await revoke({ token: body.access_token, client_id: WEB_CLIENT_ID }, "/oauth/revoke.json");
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
      expect((await me(body.access_token)).statusCode).toBe(401);
      expect((await refreshGrant(body.refresh_token)).statusCode).toBe(400);
      // Revoking twice is still fine.
      expect((await revoke({ token: body.access_token, client_id: WEB_CLIENT_ID })).statusCode).toBe(200);
    });

    it("revokes the pair when given the refresh token, form-encoded with the client id header", async () => {
      const body = await signIn();
      const response = await t.app.inject({
        method: "POST",
        url: "/oauth/revoke",
        headers: { "content-type": "application/x-www-form-urlencoded", [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
        payload: new URLSearchParams({ token: body.refresh_token, token_type_hint: "refresh_token" }).toString(),
      });
      expect(response.statusCode).toBe(200);
      expect((await me(body.access_token)).statusCode).toBe(401);
    });

    it("needs a known client and a token", async () => {
      const body = await signIn();
      const noClient = await revoke({ token: body.access_token });
      expect(noClient.statusCode).toBe(401);
      expect(noClient.json().error).toBe("invalid_client");
      const unknownClient = await revoke({ token: body.access_token, client_id: "who" });
      expect(unknownClient.statusCode).toBe(401);
      const noToken = await revoke({ client_id: WEB_CLIENT_ID });
      expect(noToken.statusCode).toBe(400);
      expect(noToken.json().error).toBe("invalid_request");
      // None of these revoked anything.
      expect((await me(body.access_token)).statusCode).toBe(200);
    });
  });
});
