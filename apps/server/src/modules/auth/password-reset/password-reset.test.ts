import { createHash } from "node:crypto";
import {
  CLIENT_ID_HEADER,
  FORGOT_PASSWORD_MESSAGE,
  INVALID_TWO_FACTOR_CODE,
  messages,
  PASSWORD_TOO_PREDICTABLE,
  RESET_LINK_INVALID,
  TWO_FACTOR_CODE_REQUIRED,
  WEB_CLIENT_ID,
} from "@foreman/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboundMails, passwordResetTokens, users } from "#server/db/schema/index.ts";
import { sealSecret } from "#server/lib/secret-box.ts";
import { ERASED_MAIL_TEXT } from "#server/modules/mail/mail-send.ts";
import {
  type AccountWorld,
  accountWorld,
  linkToken,
  mailsTo,
  outboxSettled,
  PUBLIC_URL,
  waitForMail,
} from "#server/test/account-setup.ts";
import { apiHeaders, createUser, signIn, type TestUser } from "#server/test/fixtures.ts";
import { rows } from "#server/test/sales-setup.ts";
import { totpFor } from "../two-factor/second-factor.ts";

// Forgot password through the real HTTP layer on a real database, with the mail at a real SMTP server
// on loopback: the same answer for every address, the link stored only as a hash and erased from the
// outbox once sent, the limits per address and per client, and the reset: a link works once, for 30
// minutes, for its own user; a weak password or a missing second factor does not spend it; every
// token of the user ends; nobody is signed in; no log line holds a token.

const RESET_SUBJECT = "Reset your Foreman password";
const CHANGED_SUBJECT = "Your Foreman password was changed";
const NEW_PASSWORD = "violet tractor umbrella";
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

let w: AccountWorld;
// Every token and password the tests saw: none may appear in a log line.
const secrets: string[] = [];

beforeAll(async () => {
  w = await accountWorld();
});
afterAll(async () => {
  await w?.close();
});

// Each request from an address of its own unless told: the per-client limits are tested on purpose only.
let addresses = 0;
const freshAddress = () => `10.9.${(++addresses >> 8) & 255}.${addresses & 255}`;

const forgot = (payload: unknown, remoteAddress = freshAddress()) =>
  w.t.app.inject({
    method: "POST",
    url: "/users/password.json",
    headers: { [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
    payload: payload as Record<string, unknown>,
    remoteAddress,
  });

const reset = (user: Record<string, unknown>) =>
  w.t.app.inject({
    method: "PUT",
    url: "/users/password.json",
    headers: { [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
    payload: { user },
    remoteAddress: freshAddress(),
  });

const passwordGrant = (email: string, password: string) =>
  w.t.app.inject({
    method: "POST",
    url: "/oauth/token",
    payload: { grant_type: "password", username: email, password, client_id: WEB_CLIENT_ID },
    remoteAddress: freshAddress(),
  });

/** Asks for a link for `user` and answers its token, read from the mail. */
async function resetLink(user: TestUser, nth = 1): Promise<string> {
  const response = await forgot({ user: { email: user.email } });
  expect(response.statusCode, response.body).toBe(202);
  const token = linkToken(await waitForMail(w.sink, user.email, RESET_SUBJECT, nth), "/reset_password");
  secrets.push(token);
  return token;
}

const userRow = async (id: string) => (await w.t.db.select().from(users).where(eq(users.id, id)))[0]!;
const resetRows = (userId: string) =>
  w.t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));

describe("POST /users/password.json (forgot password)", () => {
  it("answers a known and an unknown address alike, and mails only the known one", async () => {
    const user = await createUser(w.t.db);
    const unknown = `nobody-${user.id.slice(0, 8)}@example.com`;
    const known = await forgot({ user: { email: user.email } });
    const stranger = await forgot({ user: { email: unknown } });

    for (const response of [known, stranger]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    }
    // The same headers but the ones that differ for every request (its id, its time, the rate counter).
    const volatile = new Set(["date", "x-request-id", "x-ratelimit-remaining", "x-ratelimit-reset"]);
    const stable = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !volatile.has(name)));
    expect(stable(stranger.headers)).toEqual(stable(known.headers));
    expect(stranger.body).toBe(known.body);

    const mail = await waitForMail(w.sink, user.email, RESET_SUBJECT);
    const token = linkToken(mail, "/reset_password");
    secrets.push(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(`${PUBLIC_URL}/reset_password?token=${token}`);
    expect(mail.text).toMatch(/valid 30 minutes/);
    expect(mail.text).toMatch(/If you did not ask, ignore this mail/);
    await outboxSettled(w.t);
    expect(await mailsTo(w.sink, unknown)).toEqual([]);
    expect(await rows(w.t.db, sql`select 1 from outbound_mails where to_address = ${unknown}`)).toEqual([]);

    // Only its hash is kept, for 30 minutes.
    const [row] = await resetRows(user.id);
    expect(row!.tokenHash).toBe(sha256(token));
    expect(row!.usedAt).toBeNull();
    const ttlMinutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(ttlMinutes).toBeCloseTo(30, 0);
    const everywhere = await rows(
      w.t.db,
      sql`select count(*)::int as n from password_reset_tokens where token_hash = ${token}`,
    );
    expect(everywhere[0]!.n).toBe(0);
  });

  it("belongs to no company, and the outbox keeps no link once the mail is sent", async () => {
    const user = await createUser(w.t.db);
    await resetLink(user);
    await outboxSettled(w.t);
    const [mail] = await w.t.db.select().from(outboundMails).where(eq(outboundMails.toAddress, user.email));
    expect(mail).toMatchObject({
      companyId: null,
      subject: RESET_SUBJECT,
      state: "sent",
      eraseTextAfterSend: true,
      text: ERASED_MAIL_TEXT,
    });
  });

  it("reads the address as typed: spaces and capitals do not matter", async () => {
    const user = await createUser(w.t.db);
    const response = await forgot({ user: { email: `  ${user.email.toUpperCase()} ` } });
    expect(response.statusCode).toBe(202);
    await waitForMail(w.sink, user.email, RESET_SUBJECT);
  });

  it("refuses a missing or malformed address with 422 naming the field, and writes nothing", async () => {
    const before = await rows(w.t.db, sql`select count(*)::int as n from password_reset_tokens`);
    for (const [payload, message] of [
      [{ user: { email: "not-an-email" } }, messages.invalidEmail],
      [{ user: { email: "" } }, messages.required],
      [{ user: {} }, messages.required],
      [{ email: "someone@example.com" }, messages.required],
      [{ user: { email: 42 } }, messages.required],
    ] as const) {
      const response = await forgot(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json()).toMatchObject({
        error: "validation_failed",
        details: [{ field: "email", message }],
      });
    }
    expect(await rows(w.t.db, sql`select count(*)::int as n from password_reset_tokens`)).toEqual(before);
  });

  it("sends at most 3 mails per address in 15 minutes; the 4th request is answered alike and sends nothing", async () => {
    const user = await createUser(w.t.db);
    const tokens = [await resetLink(user, 1), await resetLink(user, 2), await resetLink(user, 3)];
    const fourth = await forgot({ user: { email: user.email } });
    expect(fourth.statusCode).toBe(202);
    expect(fourth.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    await outboxSettled(w.t);
    expect(await mailsTo(w.sink, user.email, RESET_SUBJECT)).toHaveLength(3);
    // A new link replaces the older ones: only the newest works.
    const live = await resetRows(user.id);
    expect(live.map((row) => row.tokenHash)).toEqual([sha256(tokens[2]!)]);
    const old = await reset({
      resetPasswordToken: tokens[0],
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(old.statusCode).toBe(422);
    expect(old.json().error).toBe("invalid_token");
  });

  it("answers 20 requests per client network in 15 minutes, then 429 with Retry-After", async () => {
    const address = "203.0.113.77";
    for (let i = 0; i < 20; i++) {
      const response = await forgot({ user: { email: `flood-${i}@example.com` } }, address);
      expect(response.statusCode, `request ${i + 1}`).toBe(202);
    }
    const refused = await forgot({ user: { email: "flood-21@example.com" } }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: "too_many_requests" });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Counted per client network in the database, not per process: another client is not held back.
    expect((await forgot({ user: { email: "flood-21@example.com" } }, "203.0.113.78")).statusCode).toBe(202);
    const [counter] = await rows(
      w.t.db,
      sql`select failure_count from sign_in_throttles where key = ${`reset-ip:${address}`}`,
    );
    expect(counter!.failure_count).toBe(21);
  });
});

describe("PUT /users/password.json (reset)", () => {
  it("sets the new password, ends every session, signs nobody in and tells the user", async () => {
    const user = await createUser(w.t.db);
    const first = await signIn(w.t.app, user.email);
    const second = await signIn(w.t.app, user.email);
    secrets.push(first.access_token, first.refresh_token, second.access_token);
    // Used once so it is answered from memory: the revocation must reach the cache too.
    const me = () => w.t.app.inject({ method: "GET", url: "/app/me.json", headers: apiHeaders(first.access_token) });
    expect((await me()).statusCode).toBe(200);
    const token = await resetLink(user);
    const digestBefore = (await userRow(user.id)).passwordDigest;

    const response = await reset({
      resetPasswordToken: token,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ email: user.email });
    for (const name of ["access-token", "refresh-token", "set-cookie"]) expect(response.headers[name]).toBeUndefined();

    const row = await userRow(user.id);
    expect(row.passwordDigest).not.toBe(digestBefore);
    expect(row.passwordDigest).toMatch(/^\$argon2id\$/);
    expect(row.passwordChangedAt).not.toBeNull();
    expect((await me()).statusCode).toBe(401);
    const live = await rows(
      w.t.db,
      sql`select count(*)::int as n from oauth_access_tokens where user_id = ${user.id} and revoked_at is null`,
    );
    expect(live[0]!.n).toBe(0);
    const refresh = await w.t.app.inject({
      method: "POST",
      url: "/oauth/token",
      payload: { grant_type: "refresh_token", refresh_token: second.refresh_token, client_id: WEB_CLIENT_ID },
      remoteAddress: freshAddress(),
    });
    expect(refresh.statusCode).toBe(400);

    expect((await passwordGrant(user.email, user.password)).statusCode).toBe(400);
    const fresh = await passwordGrant(user.email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    secrets.push(fresh.json().access_token, fresh.json().refresh_token);

    const notice = await waitForMail(w.sink, user.email, CHANGED_SUBJECT);
    expect(notice.text).toContain("Every session was signed out");
    expect(notice.text).toContain(`${PUBLIC_URL}/sign_in`);
    expect(await resetRows(user.id)).toEqual([
      expect.objectContaining({ tokenHash: sha256(token), usedAt: expect.any(Date) }),
    ]);
  });

  it("refuses a link used twice", async () => {
    const user = await createUser(w.t.db);
    const token = await resetLink(user);
    const body = { resetPasswordToken: token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD };
    expect((await reset(body)).statusCode).toBe(200);
    const again = await reset({
      ...body,
      password: "another long phrase",
      passwordConfirmation: "another long phrase",
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ error: "invalid_token", error_description: RESET_LINK_INVALID });
    expect((await passwordGrant(user.email, "another long phrase")).statusCode).toBe(400);
  });

  it("lets only one of two resets racing with one link through", async () => {
    const user = await createUser(w.t.db);
    const token = await resetLink(user);
    const answers = await Promise.all(
      ["first racing phrase", "second racing phrase"].map((password) =>
        reset({ resetPasswordToken: token, password, passwordConfirmation: password }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
  });

  it("refuses an expired link, and an unknown one", async () => {
    const user = await createUser(w.t.db);
    const token = await resetLink(user);
    await w.t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    for (const resetPasswordToken of [token, "A".repeat(43), "x"]) {
      const response = await reset({ resetPasswordToken, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error: "invalid_token", error_description: RESET_LINK_INVALID });
    }
    expect((await passwordGrant(user.email, user.password)).statusCode).toBe(200);
  });

  it("changes only the password of the link's own user", async () => {
    const ana = await createUser(w.t.db);
    const bob = await createUser(w.t.db);
    const anasLink = await resetLink(ana);
    await resetLink(bob);
    // Bob's email in the body does not make Ana's link his.
    const response = await reset({
      resetPasswordToken: anasLink,
      email: bob.email,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(response.json()).toEqual({ email: ana.email });
    expect((await passwordGrant(ana.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await passwordGrant(bob.email, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await passwordGrant(bob.email, bob.password)).statusCode).toBe(200);
    expect((await resetRows(bob.id)).map((row) => row.usedAt)).toEqual([null]);
  });

  it("refuses a weak or mismatched password at its field without spending the link", async () => {
    const user = await createUser(w.t.db, { firstName: "Margaret", lastName: "Hamilton" });
    const token = await resetLink(user);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: "password123!", passwordConfirmation: "password123!" }, "password", PASSWORD_TOO_PREDICTABLE],
      [{ password: "margaret rocks", passwordConfirmation: "margaret rocks" }, "password", PASSWORD_TOO_PREDICTABLE],
      [{ password: "short", passwordConfirmation: "short" }, "password", messages.minLength(8)],
      [
        { password: NEW_PASSWORD, passwordConfirmation: "something else" },
        "password_confirmation",
        messages.passwordsMustMatch,
      ],
      [{ passwordConfirmation: NEW_PASSWORD }, "password", messages.required],
    ];
    for (const [fields, field, message] of cases) {
      const response = await reset({ resetPasswordToken: token, ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      expect(response.json()).toMatchObject({ error: "validation_failed", details: [{ field, message }] });
    }
    expect((await resetRows(user.id))[0]!.usedAt).toBeNull();
    const response = await reset({
      resetPasswordToken: token,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
  });

  it("names the missing token as a field", async () => {
    for (const body of [{ password: NEW_PASSWORD }, { resetPasswordToken: "" }]) {
      const response = await reset(body);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        error: "validation_failed",
        details: [{ field: "reset_password_token", message: messages.required }],
      });
    }
  });

  it("asks a two-factor user for a code: none or a wrong one leaves the link, counts, and the right one resets", async () => {
    const user = await createUser(w.t.db);
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    await w.t.db
      .update(users)
      .set({ totpSecret: sealSecret(w.t.config.encryptionKey!, secret), totpEnabledAt: new Date() })
      .where(eq(users.id, user.id));
    const token = await resetLink(user);
    const body = { resetPasswordToken: token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD };

    const without = await reset(body);
    expect(without.statusCode).toBe(422);
    expect(without.json()).toMatchObject({ error: TWO_FACTOR_CODE_REQUIRED, error_description: expect.any(String) });

    const code = totpFor(secret).generate();
    const wrong = String((Number(code) + 500_000) % 1_000_000).padStart(6, "0");
    const refused = await reset({ ...body, otpCode: wrong });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: TWO_FACTOR_CODE_REQUIRED,
      error_description: INVALID_TWO_FACTOR_CODE,
      details: [{ field: "otp_code", message: INVALID_TWO_FACTOR_CODE }],
    });
    const [counter] = await rows(
      w.t.db,
      sql`select failure_count from sign_in_throttles where key = ${`second-factor:${user.id}`}`,
    );
    expect(counter!.failure_count).toBe(1);
    expect((await resetRows(user.id))[0]!.usedAt).toBeNull();
    expect((await passwordGrant(user.email, NEW_PASSWORD)).statusCode).toBe(400);

    secrets.push(code);
    const done = await reset({ ...body, otpCode: code });
    expect(done.statusCode, done.body).toBe(200);
    // The code is spent: it cannot be used again (ASVS 6.5.1).
    expect((await userRow(user.id)).totpLastStep).not.toBeNull();
  });

  it("never writes a token or a password into the log", async () => {
    await outboxSettled(w.t);
    const log = w.logLines.join("\n");
    expect(log).toContain("/users/password.json");
    for (const secret of [...secrets, NEW_PASSWORD]) expect(log).not.toContain(secret);
  });
});
