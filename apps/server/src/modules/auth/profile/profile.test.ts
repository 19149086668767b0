import { createHash } from "node:crypto";
import {
  EMAIL_LINK_INVALID,
  EMAIL_TAKEN,
  messages,
  PASSWORD_TOO_PREDICTABLE,
  WEB_CLIENT_ID,
  WRONG_CURRENT_PASSWORD,
} from "@foreman/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailChangeRequests, outboundMails, users } from "#server/db/schema/index.ts";
import { ERASED_MAIL_TEXT } from "#server/modules/mail/mail-send.ts";
import {
  type AccountWorld,
  accountWorld,
  linkToken,
  outboxSettled,
  PUBLIC_URL,
  waitForMail,
} from "#server/test/account-setup.ts";
import { apiHeaders, createUser, signIn } from "#server/test/fixtures.ts";
import { rows } from "#server/test/sales-setup.ts";
import { SAME_EMAIL } from "./profile.service.ts";

// The signed-in user's own account through the real HTTP layer on a real database: the profile and
// its name, the change of sign-in email (a link to the new address, a notice to the old, mails at a
// real SMTP server), and the change of password (the current one checked and counted, every other
// session ended, this one kept).

const CONFIRM_SUBJECT = "Confirm your new Foreman sign-in email";
const NOTICE_SUBJECT = "Someone asked to change your Foreman sign-in email";
const CHANGED_SUBJECT = "Your Foreman password was changed";
const NEW_PASSWORD = "violet tractor umbrella";
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

let w: AccountWorld;
const secrets: string[] = [];

beforeAll(async () => {
  w = await accountWorld({ RATE_LIMIT_MAX: "10000" });
});
afterAll(async () => {
  await w?.close();
});

let addresses = 0;
const freshAddress = () => `10.8.${(++addresses >> 8) & 255}.${addresses & 255}`;

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(w.t.db, overrides);
  const session = await signIn(w.t.app, user.email, user.password);
  secrets.push(session.access_token, session.refresh_token);
  return { user, session, headers: apiHeaders(session.access_token) };
}

const call = (
  method: "GET" | "PATCH" | "POST" | "PUT",
  url: string,
  headers: Record<string, string>,
  payload?: Record<string, unknown>,
  remoteAddress = freshAddress(),
) => w.t.app.inject({ method, url, headers, remoteAddress, ...(payload ? { payload } : {}) });

const userRow = async (id: string) => (await w.t.db.select().from(users).where(eq(users.id, id)))[0]!;

const passwordGrant = (email: string, password: string) =>
  w.t.app.inject({
    method: "POST",
    url: "/oauth/token",
    payload: { grant_type: "password", username: email, password, client_id: WEB_CLIENT_ID },
    remoteAddress: freshAddress(),
  });

describe("the profile", () => {
  it("answers only a signed-in user", async () => {
    for (const [method, url] of [
      ["GET", "/app/profile.json"],
      ["PATCH", "/app/profile.json"],
      ["POST", "/app/profile/email_change.json"],
      ["PUT", "/app/profile/password.json"],
    ] as const) {
      const response = await call(method, url, apiHeaders(), {});
      expect(response.statusCode, url).toBe(401);
    }
  });

  it("shows the user's own details", async () => {
    const { user, headers } = await signedIn({ firstName: "Ada", lastName: "Lovelace" });
    const response = await call("GET", "/app/profile.json", headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      email: user.email,
      first_name: "Ada",
      last_name: "Lovelace",
      pending_email: null,
      two_factor_enabled: false,
      password_changed_at: null,
    });
  });

  it("changes the name, trimmed, and me.json shows it at once", async () => {
    const { user, headers } = await signedIn();
    // me.json is answered from memory once read: the change must reach that cache.
    expect((await call("GET", "/app/me.json", headers)).statusCode).toBe(200);
    const response = await call("PATCH", "/app/profile.json", headers, { first_name: " Grace ", last_name: "Hopper" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ first_name: "Grace", last_name: "Hopper", email: user.email });
    expect(await userRow(user.id)).toMatchObject({ firstName: "Grace", lastName: "Hopper" });
    const me = (await call("GET", "/app/me.json", headers)).json();
    expect(me).toMatchObject({ first_name: "Grace", last_name: "Hopper" });
  });

  it("refuses a wrong name with 422 naming each field, and writes nothing", async () => {
    const { user, headers } = await signedIn();
    const response = await call("PATCH", "/app/profile.json", headers, { first_name: "  ", last_name: "x".repeat(51) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: "validation_failed",
      error_description: messages.required,
      details: [
        { field: "first_name", message: messages.required },
        { field: "last_name", message: messages.maxLength(50) },
      ],
    });
    expect(await userRow(user.id)).toMatchObject({ firstName: user.firstName, lastName: user.lastName });
  });
});

describe("changing the sign-in email", () => {
  it("mails the new address a link and the old one a notice; the link makes the change", async () => {
    const { user, headers } = await signedIn();
    const newEmail = `new-${user.email}`;
    const response = await call("POST", "/app/profile/email_change.json", headers, {
      new_email: newEmail.toUpperCase(),
      current_password: user.password,
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ email: user.email, pending_email: newEmail });
    expect((await call("GET", "/app/profile.json", headers)).json().pending_email).toBe(newEmail);
    // Nothing changes until the link is opened.
    expect((await userRow(user.id)).email).toBe(user.email);

    const confirm = await waitForMail(w.sink, newEmail, CONFIRM_SUBJECT);
    const token = linkToken(confirm, "/confirm_email");
    secrets.push(token);
    expect(confirm.text).toContain(`${PUBLIC_URL}/confirm_email?token=${token}`);
    const notice = await waitForMail(w.sink, user.email, NOTICE_SUBJECT);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toMatch(/If this was not you, change your password/);
    expect(notice.text).not.toContain(token);
    const [request] = await w.t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, user.id));
    expect(request!.tokenHash).toBe(sha256(token));

    const confirmed = await call("POST", "/users/email_confirmation.json", {}, { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: newEmail });
    expect((await userRow(user.id)).email).toBe(newEmail);
    expect((await call("GET", "/app/profile.json", headers)).json()).toMatchObject({
      email: newEmail,
      pending_email: null,
    });
    expect((await call("GET", "/app/me.json", headers)).json().email).toBe(newEmail);
    expect((await passwordGrant(newEmail, user.password)).statusCode).toBe(200);
    expect((await passwordGrant(user.email, user.password)).statusCode).toBe(400);

    // Once only.
    const again = await call("POST", "/users/email_confirmation.json", {}, { token });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ error: "invalid_token", error_description: EMAIL_LINK_INVALID });

    await outboxSettled(w.t);
    const [outbox] = await w.t.db.select().from(outboundMails).where(eq(outboundMails.toAddress, newEmail));
    expect(outbox).toMatchObject({ companyId: null, text: ERASED_MAIL_TEXT });
  });

  it("refuses a wrong current password at its field, counted like a failed sign-in", async () => {
    const { user, headers } = await signedIn();
    const response = await call("POST", "/app/profile/email_change.json", headers, {
      new_email: `other-${user.email}`,
      current_password: "not my password",
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: "validation_failed",
      details: [{ field: "current_password", message: WRONG_CURRENT_PASSWORD }],
    });
    const [counter] = await rows(
      w.t.db,
      sql`select failure_count from sign_in_throttles where key = ${`account:${user.email}`}`,
    );
    expect(counter!.failure_count).toBe(1);
    expect(await w.t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, user.id))).toEqual([]);
  });

  it("cannot be used to guess the password: after 5 failures the account waits (429)", async () => {
    const { user, headers } = await signedIn();
    const address = "198.51.100.9";
    const attempt = (current_password: string) =>
      call(
        "POST",
        "/app/profile/email_change.json",
        headers,
        { new_email: `x-${user.email}`, current_password },
        address,
      );
    for (let i = 0; i < 5; i++) expect((await attempt(`guess ${i}`)).statusCode).toBe(422);
    const held = await attempt(user.password);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("refuses a taken address, the current one, and a malformed one", async () => {
    const { user, headers } = await signedIn();
    const other = await createUser(w.t.db);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ new_email: other.email.toUpperCase(), current_password: user.password }, "new_email", EMAIL_TAKEN],
      [{ new_email: user.email, current_password: user.password }, "new_email", SAME_EMAIL],
      [{ new_email: "nope", current_password: user.password }, "new_email", messages.invalidEmail],
      [{ new_email: `z-${user.email}` }, "current_password", messages.required],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call("POST", "/app/profile/email_change.json", headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().details).toEqual([{ field, message }]);
    }
    expect(await w.t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, user.id))).toEqual([]);
  });

  it("keeps only the newest request; an expired or unknown link is refused", async () => {
    const { user, headers } = await signedIn();
    const ask = (newEmail: string) =>
      call("POST", "/app/profile/email_change.json", headers, { new_email: newEmail, current_password: user.password });
    expect((await ask(`first-${user.email}`)).statusCode).toBe(202);
    expect((await ask(`second-${user.email}`)).statusCode).toBe(202);
    const first = linkToken(await waitForMail(w.sink, `first-${user.email}`, CONFIRM_SUBJECT), "/confirm_email");
    const second = linkToken(await waitForMail(w.sink, `second-${user.email}`, CONFIRM_SUBJECT), "/confirm_email");
    secrets.push(first, second);
    const firstAnswer = await call("POST", "/users/email_confirmation.json", {}, { token: first });
    expect(firstAnswer.json()).toEqual({ error: "invalid_token", error_description: EMAIL_LINK_INVALID });

    await w.t.db
      .update(emailChangeRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeRequests.userId, user.id));
    for (const token of [second, "made-up-token"]) {
      const response = await call("POST", "/users/email_confirmation.json", {}, { token });
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toBe("invalid_token");
    }
    expect((await userRow(user.id)).email).toBe(user.email);
    const missing = await call("POST", "/users/email_confirmation.json", {}, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().details).toEqual([{ field: "token", message: messages.required }]);
  });

  it("refuses the link when another account took the address meanwhile", async () => {
    const { user, headers } = await signedIn();
    const wanted = `wanted-${user.email}`;
    await call("POST", "/app/profile/email_change.json", headers, {
      new_email: wanted,
      current_password: user.password,
    });
    const token = linkToken(await waitForMail(w.sink, wanted, CONFIRM_SUBJECT), "/confirm_email");
    secrets.push(token);
    await createUser(w.t.db, { email: wanted });
    const response = await call("POST", "/users/email_confirmation.json", {}, { token });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: "invalid_token", error_description: EMAIL_LINK_INVALID });
    expect((await userRow(user.id)).email).toBe(user.email);
  });
});

describe("changing the password", () => {
  it("keeps this session, ends every other one, and tells the user", async () => {
    const { user, session, headers } = await signedIn();
    const other = await signIn(w.t.app, user.email, user.password);
    secrets.push(other.access_token, other.refresh_token);
    const otherHeaders = apiHeaders(other.access_token);
    expect((await call("GET", "/app/me.json", otherHeaders)).statusCode).toBe(200);

    const response = await call("PUT", "/app/profile/password.json", headers, {
      current_password: user.password,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email, password_changed_at: expect.any(String) });

    expect((await call("GET", "/app/me.json", headers)).statusCode).toBe(200);
    expect((await call("GET", "/app/me.json", otherHeaders)).statusCode).toBe(401);
    const refresh = (refresh_token: string) =>
      w.t.app.inject({
        method: "POST",
        url: "/oauth/token",
        payload: { grant_type: "refresh_token", refresh_token, client_id: WEB_CLIENT_ID },
        remoteAddress: freshAddress(),
      });
    expect((await refresh(other.refresh_token)).statusCode).toBe(400);
    const rotated = await refresh(session.refresh_token);
    expect(rotated.statusCode).toBe(200);
    secrets.push(rotated.json().access_token, rotated.json().refresh_token);

    expect((await passwordGrant(user.email, user.password)).statusCode).toBe(400);
    expect((await passwordGrant(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const notice = await waitForMail(w.sink, user.email, CHANGED_SUBJECT);
    expect(notice.text).toContain("Every other session was signed out");
  });

  it("refuses a wrong current password (counted), and a weak or mismatched new one, changing nothing", async () => {
    const { user, headers } = await signedIn({ firstName: "Katherine", lastName: "Johnson" });
    const digest = (await userRow(user.id)).passwordDigest;
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { current_password: "wrong one", password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
        "current_password",
        WRONG_CURRENT_PASSWORD,
      ],
      [
        { current_password: user.password, password: "Qwerty123!", password_confirmation: "Qwerty123!" },
        "password",
        PASSWORD_TOO_PREDICTABLE,
      ],
      [
        {
          current_password: user.password,
          password: "katherine's phrase",
          password_confirmation: "katherine's phrase",
        },
        "password",
        PASSWORD_TOO_PREDICTABLE,
      ],
      [
        { current_password: user.password, password: NEW_PASSWORD, password_confirmation: "not the same" },
        "password_confirmation",
        messages.passwordsMustMatch,
      ],
      [{ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, "current_password", messages.required],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call("PUT", "/app/profile/password.json", headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().details).toEqual([{ field, message }]);
    }
    expect((await userRow(user.id)).passwordDigest).toBe(digest);
    const [counter] = await rows(
      w.t.db,
      sql`select failure_count from sign_in_throttles where key = ${`account:${user.email}`}`,
    );
    expect(counter!.failure_count).toBe(1);
  });

  it("never writes a token or a password into the log", async () => {
    await outboxSettled(w.t);
    const log = w.logLines.join("\n");
    expect(log).toContain("/app/profile/password.json");
    for (const secret of [...secrets, NEW_PASSWORD]) expect(log).not.toContain(secret);
  });
});
