import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationPreferences } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { apiHeaders, createMember, issueTokenFor } from "#server/test/fixtures.ts";

// The signed-in user's own notification switches through the real HTTP layer on a real database: the
// defaults without a row, each switch saved and read back, nothing written for a patch that changes
// nothing or a bad one, and the address the mails go to.

const URL = "/app/notification_settings.json";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function signedIn() {
  const { user, company } = await createMember(t.db);
  const token = (await issueTokenFor(t.db, user.id)).accessToken;
  return { user, company, headers: apiHeaders(token) };
}

const get = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: URL, headers });
const patch = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: "PATCH", url: URL, headers, payload: payload as object });
const savedRow = async (userId: string) =>
  (await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)))[0];

describe("GET /app/notification_settings.json", () => {
  it("answers the defaults for a user who never changed them, with their address, and writes nothing", async () => {
    const { user, headers } = await signedIn();
    const response = await get(headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      email_action_items: true,
      email_tickets_assigned: true,
      email_handoffs: true,
      email_daily_digest: false,
      toasts: true,
      email: user.email,
      smtp_configured: false,
    });
    expect(await savedRow(user.id)).toBeUndefined();
  });

  it("needs a signed-in user, and no company header (the switches hold in every company)", async () => {
    expect((await get(apiHeaders())).statusCode).toBe(401);
    expect((await get(apiHeaders("not-a-token"))).statusCode).toBe(401);
    const { headers } = await signedIn();
    const elsewhere = await get({ ...headers, "x-company-id": "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d" });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("says whether the server can send mail at all", async () => {
    const withSmtp = await createTestApp({ env: { SMTP_URL: "smtp://127.0.0.1:2525" } });
    try {
      const { user } = await createMember(withSmtp.db);
      const token = (await issueTokenFor(withSmtp.db, user.id)).accessToken;
      const response = await withSmtp.app.inject({ method: "GET", url: URL, headers: apiHeaders(token) });
      expect(response.json()).toMatchObject({ smtp_configured: true });
    } finally {
      await withSmtp.close();
    }
  });
});

describe("PATCH /app/notification_settings.json", () => {
  it("saves the switches given, keeps the others, and reads them back", async () => {
    const { user, headers } = await signedIn();
    const first = await patch(headers, { email_daily_digest: true, toasts: false });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      email_action_items: true,
      email_tickets_assigned: true,
      email_handoffs: true,
      email_daily_digest: true,
      toasts: false,
    });
    const second = await patch(headers, { email_handoffs: false });
    expect(second.json()).toMatchObject({ email_handoffs: false, email_daily_digest: true, toasts: false });
    expect((await get(headers)).json()).toMatchObject({
      email_action_items: true,
      email_tickets_assigned: true,
      email_handoffs: false,
      email_daily_digest: true,
      toasts: false,
    });
    expect(await savedRow(user.id)).toMatchObject({ emailHandoffs: false, emailDailyDigest: true, toasts: false });
  });

  it("changes only the caller's own switches", async () => {
    const ana = await signedIn();
    const ben = await signedIn();
    await patch(ana.headers, { email_action_items: false });
    expect((await get(ben.headers)).json()).toMatchObject({ email_action_items: true });
    expect(await savedRow(ben.user.id)).toBeUndefined();
  });

  it("writes nothing for a patch that changes nothing", async () => {
    const { user, headers } = await signedIn();
    const same = await patch(headers, { toasts: true, email_daily_digest: false });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ toasts: true, email_daily_digest: false });
    expect(await savedRow(user.id)).toBeUndefined();
  });

  it("refuses bad input with 400 naming the field, and writes nothing", async () => {
    const { user, headers } = await signedIn();
    const cases: [unknown, string][] = [
      [{}, "body"],
      [{ sms: true }, "body"],
      [{ toasts: "no" }, "toasts"],
      [{ email_action_items: null }, "email_action_items"],
      [{ email_daily_digest: 1, toasts: false }, "email_daily_digest"],
      [{ email_handoffs: [true] }, "email_handoffs"],
    ];
    for (const [body, field] of cases) {
      const response = await patch(headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().details, JSON.stringify(body)).toContainEqual(expect.objectContaining({ field }));
    }
    const notJson = await t.app.inject({
      method: "PATCH",
      url: URL,
      headers: { ...headers, "content-type": "application/json" },
      payload: "{toasts: false",
    });
    expect(notJson.statusCode).toBe(400);
    expect(await savedRow(user.id)).toBeUndefined();
    expect((await patch(apiHeaders(), { toasts: false })).statusCode).toBe(401);
  });
});
