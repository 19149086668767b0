import { createHash } from "node:crypto";
import { INVALID_TWO_FACTOR_CODE, normalizeCode, TWO_FACTOR_NOT_ENABLED } from "@foreman/contract";
import { eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { apiHeaders, createUser, issueTokenFor, type TestUser } from "#server/test/fixtures.ts";
import { rows } from "#server/test/sales-setup.ts";
import { type SmtpSink, smtpSink } from "#server/test/smtp-sink.ts";
import { codeAt, enrol, twoFactorEnv, wrongCode } from "#server/test/two-factor-setup.ts";

// Two-factor sign-in from the profile, through the real HTTP layer on a real database: enrolment (a
// secret confirmed with a code before it is on, ten recovery codes shown once), turning it off and new
// recovery codes (each with a fresh code), the lockout after wrong codes, the notices at a real SMTP
// server, and logs that never hold a secret or a code.

const PUBLIC_URL = "https://foreman.example";
const RECOVERY_CODE = /^[a-z2-7]{6}(-[a-z2-7]{6}){3}$/;
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

describe("two-factor sign-in in the profile", () => {
  let t: TestApp;
  let sink: SmtpSink;
  const lines: string[] = [];
  // Every secret and code the tests saw: none may appear in a log line.
  const secrets: string[] = [];

  beforeAll(async () => {
    sink = await smtpSink();
    t = await createTestApp({
      env: { ...twoFactorEnv(), SMTP_URL: sink.url, PUBLIC_URL, LOG_LEVEL: "info", RATE_LIMIT_MAX: "10000" },
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  async function signedIn(): Promise<{ user: TestUser; headers: Record<string, string> }> {
    const user = await createUser(t.db);
    return { user, headers: apiHeaders((await issueTokenFor(t.db, user.id)).accessToken) };
  }
  const post = (url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: `/app/profile/two_factor/${url}`, headers, ...(payload ? { payload } : {}) });
  const status = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: "GET", url: "/app/profile/two_factor.json", headers })).json();
  const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
  const recoveryRows = (userId: string) =>
    rows(t.db, sql`select code_hash, used_at from user_recovery_codes where user_id = ${userId}`);
  const mailsTo = (email: string, subject: string) =>
    sink.mails.filter((mail) => mail.to.includes(email) && mail.raw.includes(`Subject: ${subject}`));
  const textOf = async (raw: string) => (await simpleParser(raw)).text ?? "";
  const enrolled = async (headers: Record<string, string>) => {
    const result = await enrol(t.app, headers);
    secrets.push(result.secret, result.enrolmentCode, ...result.recoveryCodes);
    return result;
  };

  it("answers only a signed-in user", async () => {
    for (const url of ["setup.json", "enable.json", "disable.json", "recovery_codes.json"]) {
      const response = await post(url, apiHeaders(), { code: "123456" });
      expect(response.statusCode, url).toBe(401);
    }
    expect((await t.app.inject({ method: "GET", url: "/app/profile/two_factor.json" })).statusCode).toBe(401);
  });

  it("shows two-factor off for a new user", async () => {
    const { headers } = await signedIn();
    expect(await status(headers)).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required_by: [],
    });
  });

  it("enrols: a sealed secret with its QR code, a wrong code refused at the field, the right one turns it on", async () => {
    const { user, headers } = await signedIn();
    const setup = await post("setup.json", headers);
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.headers["cache-control"]).toBe("no-store");
    const { secret, otpauth_url, qr_code_data_url } = setup.json<Record<string, string>>();
    secrets.push(secret!);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url!);
    expect(url.protocol).toBe("otpauth:");
    expect(url.host).toBe("totp");
    expect(decodeURIComponent(url.pathname)).toBe(`/Foreman:${user.email}`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      issuer: "Foreman",
      secret,
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
    expect(qr_code_data_url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr_code_data_url!.split(",")[1]!, "base64").toString("utf8")).toContain("<svg");
    // Waiting, sealed with the server's key: the database alone does not give the secret away.
    let row = await userRow(user.id);
    expect(row.totpPendingSecret).toMatch(/^v1\./);
    expect(row.totpPendingSecret).not.toContain(secret);
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null });

    for (const code of [wrongCode(secret!), "abcdef", "12345"]) {
      const refused = await post("enable.json", headers, { code });
      expect(refused.statusCode, code).toBe(422);
      expect(refused.json()).toEqual({
        error: "validation_failed",
        error_description: INVALID_TWO_FACTOR_CODE,
        details: [{ field: "code", message: INVALID_TWO_FACTOR_CODE }],
      });
    }
    const empty = await post("enable.json", headers, { code: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([{ field: "code", message: expect.any(String) }]);
    expect((await userRow(user.id)).totpEnabledAt).toBeNull();
    expect((await status(headers)).enabled).toBe(false);

    const code = codeAt(secret!);
    secrets.push(code);
    const enabled = await post("enable.json", headers, { code });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.headers["cache-control"]).toBe("no-store");
    const codes = enabled.json<{ recovery_codes: string[] }>().recovery_codes;
    secrets.push(...codes);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const recovery of codes) expect(recovery).toMatch(RECOVERY_CODE);

    row = await userRow(user.id);
    expect(row.totpPendingSecret).toBeNull();
    expect(row.totpSecret).toMatch(/^v1\./);
    expect(row.totpEnabledAt).toBeInstanceOf(Date);
    expect(row.totpLastStep).toBeGreaterThan(0);
    // Only hashes are kept.
    const stored = await recoveryRows(user.id);
    expect(stored.map((r) => r.code_hash).sort()).toEqual(codes.map((c) => sha256(normalizeCode(c))).sort());
    expect(JSON.stringify(stored)).not.toContain(codes[0]);

    expect(await status(headers)).toEqual({
      enabled: true,
      enabled_at: row.totpEnabledAt!.toISOString(),
      recovery_codes_left: 10,
      required_by: [],
    });
    const me = await t.app.inject({ method: "GET", url: "/app/me.json", headers });
    expect(me.json().two_factor_enabled).toBe(true);

    // On already: no second secret, no second confirmation.
    const again = await post("setup.json", headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("two_factor_enabled");
    expect((await post("enable.json", headers, { code: codeAt(secret!, 1) })).statusCode).toBe(409);
    expect((await recoveryRows(user.id)).length).toBe(10);
  });

  it("mails the user that two-factor was turned on, with a link to the profile and no secret", async () => {
    const { user, headers } = await signedIn();
    const { secret, recoveryCodes } = await enrolled(headers);
    await expect
      .poll(() => mailsTo(user.email, "Two-factor sign-in was turned on").length, { timeout: 10_000 })
      .toBe(1);
    const text = await textOf(mailsTo(user.email, "Two-factor sign-in was turned on")[0]!.raw);
    expect(text).toContain("Two-factor sign-in was turned on for your Foreman account");
    expect(text).toContain(`${PUBLIC_URL}/profile`);
    expect(text).not.toContain(secret);
    for (const code of recoveryCodes) expect(text).not.toContain(code);
  });

  it("refuses to confirm a set-up that was never started, and starts again with a new secret", async () => {
    const { headers } = await signedIn();
    const none = await post("enable.json", headers, { code: "123456" });
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe("two_factor_setup_missing");
    const first = (await post("setup.json", headers)).json<{ secret: string }>().secret;
    const second = (await post("setup.json", headers)).json<{ secret: string }>().secret;
    secrets.push(first, second);
    expect(second).not.toBe(first);
    // Only the latest secret counts.
    expect((await post("enable.json", headers, { code: codeAt(first) })).statusCode).toBe(422);
    expect((await post("enable.json", headers, { code: codeAt(second) })).statusCode).toBe(200);
  });

  it("turns two-factor off only with a fresh code, mails the user, and forgets the secret and codes", async () => {
    const { user, headers } = await signedIn();
    const { secret, enrolmentCode } = await enrolled(headers);

    expect((await post("disable.json", headers, { code: wrongCode(secret) })).statusCode).toBe(422);
    // The code that confirmed the enrolment was spent then.
    const replayed = await post("disable.json", headers, { code: enrolmentCode });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().details).toEqual([{ field: "code", message: INVALID_TWO_FACTOR_CODE }]);
    expect((await status(headers)).enabled).toBe(true);

    const fresh = codeAt(secret, 1);
    secrets.push(fresh);
    const off = await post("disable.json", headers, { code: fresh });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0, required_by: [] });
    expect(await userRow(user.id)).toMatchObject({
      totpSecret: null,
      totpPendingSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
    });
    expect(await recoveryRows(user.id)).toEqual([]);
    const me = await t.app.inject({ method: "GET", url: "/app/me.json", headers });
    expect(me.json().two_factor_enabled).toBe(false);
    await expect
      .poll(() => mailsTo(user.email, "Two-factor sign-in was turned off").length, { timeout: 10_000 })
      .toBe(1);
    const text = await textOf(mailsTo(user.email, "Two-factor sign-in was turned off")[0]!.raw);
    expect(text).toContain("your recovery codes no longer work");
    expect(text).toContain(`${PUBLIC_URL}/profile`);

    const again = await post("disable.json", headers, { code: codeAt(secret, 1) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: "two_factor_not_enabled", error_description: TWO_FACTOR_NOT_ENABLED });
  });

  it("turns two-factor off with a recovery code instead", async () => {
    const { headers } = await signedIn();
    const { recoveryCodes } = await enrolled(headers);
    // Typed as shown or not: upper case and spaces are forgiven.
    const off = await post("disable.json", headers, { code: recoveryCodes[3]!.toUpperCase().replaceAll("-", " ") });
    expect(off.statusCode, off.body).toBe(200);
    expect((await status(headers)).enabled).toBe(false);
  });

  it("makes new recovery codes with a fresh code: every earlier one stops working", async () => {
    const { user, headers } = await signedIn();
    const { secret, recoveryCodes: old } = await enrolled(headers);
    expect((await post("recovery_codes.json", headers, { code: wrongCode(secret) })).statusCode).toBe(422);
    const spent = await post("recovery_codes.json", headers, { code: old[0] });
    expect(spent.statusCode, spent.body).toBe(200);
    const fresh = spent.json<{ recovery_codes: string[] }>().recovery_codes;
    secrets.push(...fresh);
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => old.includes(code))).toEqual([]);
    expect((await status(headers)).recovery_codes_left).toBe(10);
    expect((await recoveryRows(user.id)).every((r) => r.used_at === null)).toBe(true);

    // An old, never-used code no longer counts; a new one does, once.
    expect((await post("recovery_codes.json", headers, { code: old[1] })).statusCode).toBe(422);
    const once = await post("disable.json", headers, { code: fresh[0] });
    expect(once.statusCode, once.body).toBe(200);
  });

  it("locks the second factor after 5 wrong codes: the 6th try is 429 with Retry-After, even with the right code", async () => {
    const { headers } = await signedIn();
    const { secret } = await enrolled(headers);
    for (let i = 0; i < 5; i++)
      expect((await post("disable.json", headers, { code: wrongCode(secret) })).statusCode, `try ${i + 1}`).toBe(422);
    const locked = await post("disable.json", headers, { code: codeAt(secret, 1) });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    expect(locked.json()).toEqual({
      error: "too_many_requests",
      error_description: expect.stringMatching(/^Too many wrong codes\. Try again in \d+ seconds\.$/),
    });
    expect((await post("recovery_codes.json", headers, { code: codeAt(secret, 1) })).statusCode).toBe(429);
    expect((await status(headers)).enabled).toBe(true);
  });

  it("never writes a secret, a code or a recovery code to the log", async () => {
    expect(lines.some((line) => line.includes("/app/profile/two_factor/enable.json"))).toBe(true);
    expect(secrets.length).toBeGreaterThan(20);
    const log = lines.join("\n");
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});

describe("two-factor sign-in without a server key", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("cannot be set up, and says why", async () => {
    expect(t.config.encryptionKey).toBeNull();
    const user = await createUser(t.db);
    const headers = apiHeaders((await issueTokenFor(t.db, user.id)).accessToken);
    const response = await t.app.inject({ method: "POST", url: "/app/profile/two_factor/setup.json", headers });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: "two_factor_unavailable",
      error_description: "Two-factor sign-in needs the server's ENCRYPTION_KEY to be set",
    });
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.totpPendingSecret).toBeNull();
  });
});
