import { createHash } from "node:crypto";
import { INVALID_TWO_FACTOR_CODE, MFA_OTP_GRANT_TYPE, TOKEN_HEADER_NAMES, WEB_CLIENT_ID } from "@foreman/contract";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mfaChallenges, oauthAccessTokens, oauthApplications } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { apiHeaders, createUser, issueTokenFor, type TestUser } from "#server/test/fixtures.ts";
import { rows } from "#server/test/sales-setup.ts";
import { codeAt, enrol, forgetLastStep, freshAddress, twoFactorEnv, wrongCode } from "#server/test/two-factor-setup.ts";
import { INVALID_GRANT_DESCRIPTION } from "../oauth-errors.ts";

// The sign-in of a user with two-factor (POST /oauth/token): the password alone never gives a token.
// The password grant answers 400 mfa_required with a single-use, five-minute, five-try mfa_token bound
// to the client; the mfa-otp grant completes it with a code from the app or a recovery code. A code is
// accepted once; wrong codes lock the second factor for a while; nothing secret reaches the log.

const OTHER_CLIENT_ID = "other-client";
const USER_AGENT = "Mozilla/5.0 (two-factor test)";
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

type MfaRequiredBody = { error: string; error_description: string; mfa_token: string; mfa_token_expires_in: number };

describe("signing in with two-factor", () => {
  let t: TestApp;
  const lines: string[] = [];
  // Every code and mfa token the tests sent: none may appear in a log line.
  const secrets: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { ...twoFactorEnv(), LOG_LEVEL: "info", RATE_LIMIT_MAX: "10000" },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    await t.db.insert(oauthApplications).values({ uid: OTHER_CLIENT_ID, name: "Another client" });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A user with two-factor on (enrolled through the API), and the secret their app holds. */
  async function twoFactorUser(): Promise<{ user: TestUser; secret: string; enrolmentCode: string; codes: string[] }> {
    const user = await createUser(t.db);
    const headers = apiHeaders((await issueTokenFor(t.db, user.id)).accessToken);
    const { secret, enrolmentCode, recoveryCodes } = await enrol(t.app, headers);
    secrets.push(secret, enrolmentCode, ...recoveryCodes);
    return { user, secret, enrolmentCode, codes: recoveryCodes };
  }

  const token = (payload: Record<string, unknown>) => {
    for (const key of ["otp", "recovery_code", "mfa_token"])
      if (typeof payload[key] === "string") secrets.push(payload[key] as string);
    return t.app.inject({
      method: "POST",
      url: "/oauth/token.json",
      headers: { "user-agent": USER_AGENT },
      payload: { client_id: WEB_CLIENT_ID, ...payload },
      remoteAddress: freshAddress(),
    });
  };
  const passwordGrant = (user: TestUser, extra: Record<string, unknown> = {}) =>
    token({ grant_type: "password", username: user.email, password: user.password, ...extra });
  const mfaGrant = (mfaToken: string, extra: Record<string, unknown>) =>
    token({ grant_type: MFA_OTP_GRANT_TYPE, mfa_token: mfaToken, ...extra });

  /** The password step: 400 mfa_required with its token, and no access token anywhere. */
  async function challenge(user: TestUser): Promise<string> {
    const response = await passwordGrant(user);
    expectNoToken(response);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<MfaRequiredBody>();
    expect(body.error).toBe("mfa_required");
    secrets.push(body.mfa_token);
    return body.mfa_token;
  }

  function expectNoToken(response: LightMyRequestResponse) {
    for (const name of TOKEN_HEADER_NAMES) expect(response.headers[name], name).toBeUndefined();
    expect(response.body).not.toMatch(/access_token|refresh_token/);
  }

  async function expectSignedIn(response: LightMyRequestResponse) {
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ access_token: string; token_type: string }>();
    expect(body.token_type).toBe("Bearer");
    expect(response.headers["access-token"]).toBe(body.access_token);
    const me = await t.app.inject({ method: "GET", url: "/app/me.json", headers: apiHeaders(body.access_token) });
    expect(me.statusCode).toBe(200);
    return body;
  }

  const challengeRow = async (mfaToken: string) =>
    (
      await t.db
        .select()
        .from(mfaChallenges)
        .where(eq(mfaChallenges.tokenHash, sha256(mfaToken)))
    )[0];

  it("answers the password alone with mfa_required and a token bound to the client, never with tokens", async () => {
    const { user } = await twoFactorUser();
    const tokensBefore = await t.db.select().from(oauthAccessTokens).where(eq(oauthAccessTokens.userId, user.id));
    const response = await passwordGrant(user);
    expect(response.statusCode).toBe(400);
    expectNoToken(response);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json<MfaRequiredBody>();
    secrets.push(body.mfa_token);
    expect(body).toEqual({
      error: "mfa_required",
      error_description: expect.stringMatching(/two-factor/i),
      mfa_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      mfa_token_expires_in: 300,
    });
    // Stored only as a hash, for five minutes, bound to the user and the client, with where it came from.
    const row = await challengeRow(body.mfa_token);
    const [web] = await t.db.select().from(oauthApplications).where(eq(oauthApplications.uid, WEB_CLIENT_ID));
    expect(row).toMatchObject({
      userId: user.id,
      applicationId: web!.id,
      attempts: 0,
      usedAt: null,
      userAgent: USER_AGENT,
    });
    expect(row!.ipAddress).toMatch(/^10\.28\./);
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(ttl).toBe(300_000);
    const stored = await rows(t.db, sql`select * from mfa_challenges where user_id = ${user.id}`);
    expect(JSON.stringify(stored)).not.toContain(body.mfa_token);
    expect(await t.db.select().from(oauthAccessTokens).where(eq(oauthAccessTokens.userId, user.id))).toHaveLength(
      tokensBefore.length,
    );
  });

  it("answers a wrong password of a two-factor user like any other, with no challenge", async () => {
    const { user, secret } = await twoFactorUser();
    const response = await passwordGrant(user, { password: "not the password" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "invalid_grant", error_description: INVALID_GRANT_DESCRIPTION });
    expect(await t.db.select().from(mfaChallenges).where(eq(mfaChallenges.userId, user.id))).toEqual([]);
    // With a right code, a wrong password is still refused, and the code is not spent.
    const code = codeAt(secret, 1);
    const withCode = await passwordGrant(user, { password: "nope", otp: code });
    expect(withCode.json().error).toBe("invalid_grant");
    expectNoToken(withCode);
    await expectSignedIn(await passwordGrant(user, { otp: code }));
  });

  it("completes the sign-in with a code from the app; the session has the password step's address and browser", async () => {
    const { user, secret } = await twoFactorUser();
    const mfaToken = await challenge(user);
    const signedIn = await expectSignedIn(await mfaGrant(mfaToken, { otp: codeAt(secret, 1) }));
    const [session] = await t.db
      .select()
      .from(oauthAccessTokens)
      .where(eq(oauthAccessTokens.tokenHash, sha256(signedIn.access_token)));
    const row = await challengeRow(mfaToken);
    expect(session).toMatchObject({ userId: user.id, userAgent: USER_AGENT, ipAddress: row!.ipAddress });
    expect(row!.usedAt).toBeInstanceOf(Date);
    expect(row!.attempts).toBe(1);
  });

  it("accepts the mfa_token once", async () => {
    const { user, secret } = await twoFactorUser();
    const mfaToken = await challenge(user);
    await expectSignedIn(await mfaGrant(mfaToken, { otp: codeAt(secret, 1) }));
    await forgetLastStep(t.db, user.id);
    const again = await mfaGrant(mfaToken, { otp: codeAt(secret) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: "invalid_grant", error_description: INVALID_GRANT_DESCRIPTION });
    expectNoToken(again);
  });

  it("accepts a code once: replayed within its window, or the code that confirmed the enrolment, it is refused", async () => {
    const { user, secret, enrolmentCode } = await twoFactorUser();
    // The code typed to turn two-factor on was spent then.
    const first = await mfaGrant(await challenge(user), { otp: enrolmentCode });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({ error: "invalid_otp", error_description: INVALID_TWO_FACTOR_CODE });

    const code = codeAt(secret, 1);
    await expectSignedIn(await mfaGrant(await challenge(user), { otp: code }));
    const replayed = await mfaGrant(await challenge(user), { otp: code });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error).toBe("invalid_otp");
    expectNoToken(replayed);
    // In one call with the password, too.
    const direct = await passwordGrant(user, { otp: code });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().error).toBe("invalid_otp");
    expectNoToken(direct);
  });

  it("accepts each recovery code once, and the profile counts them down", async () => {
    const { user, codes } = await twoFactorUser();
    await expectSignedIn(await mfaGrant(await challenge(user), { recovery_code: codes[0] }));
    const again = await mfaGrant(await challenge(user), { recovery_code: codes[0] });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe("invalid_otp");
    // Sent as otp it is recognised as a recovery code as well.
    const signedIn = await expectSignedIn(await mfaGrant(await challenge(user), { otp: codes[1] }));
    const status = await t.app.inject({
      method: "GET",
      url: "/app/profile/two_factor.json",
      headers: apiHeaders(signedIn.access_token),
    });
    expect(status.json().recovery_codes_left).toBe(8);
  });

  it("refuses the mfa_token from another client, and keeps it for its own", async () => {
    const { user, secret } = await twoFactorUser();
    const mfaToken = await challenge(user);
    const other = await mfaGrant(mfaToken, { otp: codeAt(secret, 1), client_id: OTHER_CLIENT_ID });
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toBe("invalid_grant");
    expectNoToken(other);
    await expectSignedIn(await mfaGrant(mfaToken, { otp: codeAt(secret, 1) }));
  });

  it("refuses an expired mfa_token, and an unknown one", async () => {
    const { user, secret } = await twoFactorUser();
    const mfaToken = await challenge(user);
    await t.db
      .update(mfaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mfaChallenges.tokenHash, sha256(mfaToken)));
    const expired = await mfaGrant(mfaToken, { otp: codeAt(secret, 1) });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe("invalid_grant");
    expectNoToken(expired);
    const unknown = await mfaGrant("x".repeat(43), { otp: codeAt(secret, 1) });
    expect(unknown.json().error).toBe("invalid_grant");
    // The code was not spent by those refusals.
    await expectSignedIn(await mfaGrant(await challenge(user), { otp: codeAt(secret, 1) }));
  });

  it("locks after 5 wrong codes: the 6th try is 429 with Retry-After; once the lock ends the challenge is spent", async () => {
    const { user, secret } = await twoFactorUser();
    const mfaToken = await challenge(user);
    for (let i = 0; i < 5; i++) {
      const wrong = await mfaGrant(mfaToken, { otp: wrongCode(secret) });
      expect(wrong.statusCode, `try ${i + 1}`).toBe(400);
      expect(wrong.json().error).toBe("invalid_otp");
    }
    const locked = await mfaGrant(mfaToken, { otp: codeAt(secret, 1) });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    expect(locked.json().error_description).toMatch(/^Too many wrong codes\. Try again in \d+ seconds\.$/);
    expectNoToken(locked);
    // Locked for every way in: a new challenge, the password grant with a code.
    expect((await mfaGrant(await challenge(user), { otp: codeAt(secret, 1) })).statusCode).toBe(429);
    expect((await passwordGrant(user, { otp: codeAt(secret, 1) })).statusCode).toBe(429);

    // The lock ends (time moves on): the challenge had its five tries, so the sign-in starts again.
    await t.db.execute(
      sql`update sign_in_throttles set locked_until = now() - interval '1 second' where key = ${`second-factor:${user.id}`}`,
    );
    const spent = await mfaGrant(mfaToken, { otp: codeAt(secret, 1) });
    expect(spent.statusCode).toBe(400);
    expect(spent.json().error).toBe("invalid_grant");
    await expectSignedIn(await mfaGrant(await challenge(user), { otp: codeAt(secret, 1) }));
  });

  it("counts the tries of one challenge even when they are sent at once", async () => {
    const { user, secret } = await twoFactorUser();
    const mfaToken = await challenge(user);
    await Promise.all(Array.from({ length: 8 }, () => mfaGrant(mfaToken, { otp: wrongCode(secret) })));
    const row = await challengeRow(mfaToken);
    expect(row!.attempts).toBeLessThanOrEqual(5);
  });

  it("takes the code in the password request itself (scripts sign in in one call)", async () => {
    const { user, secret, codes } = await twoFactorUser();
    await expectSignedIn(await passwordGrant(user, { otp: codeAt(secret, 1) }));
    await expectSignedIn(await passwordGrant(user, { recovery_code: codes[2] }));
    const wrong = await passwordGrant(user, { otp: wrongCode(secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: "invalid_otp", error_description: INVALID_TWO_FACTOR_CODE });
    expectNoToken(wrong);
    expect(await t.db.select().from(mfaChallenges).where(eq(mfaChallenges.userId, user.id))).toEqual([]);
  });

  it("asks for the missing parts of the mfa-otp grant, and keeps refusing other grant types", async () => {
    const { secret } = await twoFactorUser();
    const noToken = await token({ grant_type: MFA_OTP_GRANT_TYPE, otp: codeAt(secret, 1) });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json()).toMatchObject({
      error: "invalid_request",
      error_description: expect.stringMatching(/mfa_token\.$/),
    });
    const noCode = await token({ grant_type: MFA_OTP_GRANT_TYPE, mfa_token: "x".repeat(43) });
    expect(noCode.json()).toMatchObject({
      error: "invalid_request",
      error_description: expect.stringMatching(/otp\.$/),
    });
    const other = await token({ grant_type: "urn:ietf:params:oauth:grant-type:device_code" });
    expect(other.json().error).toBe("unsupported_grant_type");
  });

  it("still signs a user without two-factor in with the password alone", async () => {
    const user = await createUser(t.db);
    await expectSignedIn(await passwordGrant(user));
    // A code sent anyway changes nothing.
    await expectSignedIn(await passwordGrant(user, { otp: "123456" }));
  });

  it("never writes a code or an mfa token to the log", async () => {
    expect(lines.some((line) => line.includes("/oauth/token.json"))).toBe(true);
    expect(secrets.length).toBeGreaterThan(30);
    const log = lines.join("\n");
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
