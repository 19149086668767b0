import { MANAGER_ROLE_REQUIRED } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { addMember, apiHeaders, createMember, createUser, issueTokenFor } from "#server/test/fixtures.ts";
import { rows } from "#server/test/sales-setup.ts";
import { baseUrlOf, closeListeningApp, openEventStream } from "#server/test/sse-client.ts";

// Settings → General: the company's name, time zone, main currency, the languages its AI employees
// answer in and its business hours. Every member reads them; owners and admins change them; a bad value
// is a 400 naming the field, and nothing is written.

const WEEKDAY_HOURS = {
  mon: { open: "09:00", close: "18:00" },
  tue: { open: "09:00", close: "18:00" },
  wed: { open: "09:00", close: "18:00" },
  thu: { open: "09:00", close: "18:00" },
  fri: { open: "09:00", close: "17:00" },
  sat: null,
  sun: null,
};

describe("the general settings", () => {
  let t: TestApp;
  let companyId: string;
  let owner: Record<string, string>;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  let defaults: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    const created = await createMember(t.db, "Reloj Co");
    companyId = created.company.id;
    owner = apiHeaders((await issueTokenFor(t.db, created.user.id)).accessToken, companyId);
    for (const role of ["admin", "member"] as const) {
      const user = await createUser(t.db);
      await addMember(t.db, user.id, companyId, role);
      const headers = apiHeaders((await issueTokenFor(t.db, user.id)).accessToken, companyId);
      if (role === "admin") admin = headers;
      else member = headers;
    }
  });
  // The live stream's test listens on a socket: its spare connections are dropped before closing.
  afterAll(() => closeListeningApp(t.app, t.close));

  const url = () => `/app/companies/${companyId}/settings.json`;
  const read = async (headers = member) => (await t.app.inject({ method: "GET", url: url(), headers })).json();
  const patch = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: "PATCH", url: url(), headers, payload: payload as Record<string, unknown> });
  const meCompany = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: "GET", url: "/app/me.json", headers })).json().company;
  const logged = () =>
    rows(
      t.db,
      sql`select summary, details from activities where company_id = ${companyId} and kind = 'company.settings_changed' order by created_at`,
    );

  it("shows a new company's defaults to every member: UTC, USD, English, always open", async () => {
    defaults = await read();
    expect(defaults).toEqual({
      members_may_approve: false,
      language: "en",
      require_two_factor: false,
      name: "Reloj Co",
      time_zone: "UTC",
      currency: "USD",
      answer_languages: ["en"],
      business_hours: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(await meCompany(member)).toMatchObject({ name: "Reloj Co", time_zone: "UTC", currency: "USD" });
  });

  it("refuses a member's change with 403, writing nothing", async () => {
    for (const payload of [{ name: "Hijacked" }, { time_zone: "Europe/Madrid" }, { business_hours: WEEKDAY_HOURS }]) {
      const refused = await patch(member, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: "forbidden", error_description: MANAGER_ROLE_REQUIRED });
    }
    expect(await read()).toEqual(defaults);
    expect(await logged()).toEqual([]);
  });

  it("refuses every bad value with a 400 naming the field, writing nothing", async () => {
    const cases: [unknown, string, string | RegExp][] = [
      [{ time_zone: "Mars/Base" }, "time_zone", "Must be an IANA time zone such as America/Santiago or UTC"],
      [{ time_zone: "" }, "time_zone", "Must be an IANA time zone such as America/Santiago or UTC"],
      [{ currency: "XYZ" }, "currency", /^Must be one of USD, EUR/],
      [{ answer_languages: [] }, "answer_languages", "Choose at least one language"],
      [{ answer_languages: ["es", "es"] }, "answer_languages", "Each language may appear once"],
      [{ answer_languages: ["en", "klingon"] }, "answer_languages.1", /^Must be one of en, es/],
      [
        { business_hours: { ...WEEKDAY_HOURS, mon: { open: "18:00", close: "09:00" } } },
        "business_hours.mon.close",
        "The closing time must be after the opening time",
      ],
      [
        { business_hours: { ...WEEKDAY_HOURS, tue: { open: "09:00", close: "25:00" } } },
        "business_hours.tue.close",
        "Must be a 24-hour time such as 09:00",
      ],
      [
        { business_hours: { mon: null } },
        "business_hours.tue",
        "Must be opening and closing times, or null for a closed day",
      ],
      [{ name: "   " }, "name", "Enter the company's name"],
      [{ name: "n".repeat(101) }, "name", "Keep the name to 100 characters or fewer"],
    ];
    for (const [payload, field, message] of cases) {
      const refused = await patch(owner, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      const details = refused.json().details as { field: string; message: string }[];
      expect(details[0]?.field, JSON.stringify(payload)).toBe(field);
      expect(details[0]?.message).toMatch(message);
    }
    // One bad value spoils the whole change: the good one beside it is not written either.
    expect((await patch(owner, { name: "Half Co", currency: "XYZ" })).statusCode).toBe(400);
    expect(await read()).toEqual(defaults);
    expect(await logged()).toEqual([]);
  });

  it("lets an owner change them all at once: the answer, /app/me.json and the activity log show it", async () => {
    const changed = await patch(owner, {
      name: "  Reloj Andino  ",
      time_zone: "America/Santiago",
      currency: "CLP",
      answer_languages: ["es", "en"],
      business_hours: WEEKDAY_HOURS,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      ...defaults,
      name: "Reloj Andino",
      time_zone: "America/Santiago",
      currency: "CLP",
      answer_languages: ["es", "en"],
      business_hours: WEEKDAY_HOURS,
    });
    expect(await read()).toEqual(changed.json());
    // The switcher shows the new name, and the screens the new zone, at once (for everyone).
    expect(await meCompany(member)).toMatchObject({
      name: "Reloj Andino",
      time_zone: "America/Santiago",
      currency: "CLP",
    });
    expect(await logged()).toEqual([
      {
        summary:
          "Renamed the company to Reloj Andino; Set the time zone to America/Santiago; Set the main currency to CLP; Set the AI employees' languages to Spanish, English; Changed the business hours",
        details: {
          name: "Reloj Andino",
          timeZone: "America/Santiago",
          currency: "CLP",
          answerLanguages: ["es", "en"],
          businessHours: WEEKDAY_HOURS,
        },
      },
    ]);
  });

  it("tells the company's open pages at once, over the live stream", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const stream = await openEventStream(baseUrlOf(t.app.server.address()), member);
    try {
      await expect.poll(() => stream.comments.includes(": connected")).toBe(true);
      expect((await patch(owner, { time_zone: "Europe/Madrid" })).statusCode).toBe(200);
      const heard = await stream.next((event) => event.event === "company.updated");
      expect(heard.data).toEqual({ type: "company.updated" });
    } finally {
      stream.close();
    }
  });

  it("lets an admin go back to always open", async () => {
    const changed = await patch(admin, { business_hours: null });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().business_hours).toBeNull();
    expect((await logged()).at(-1)).toEqual({
      summary: "Set the business hours to always open",
      details: { businessHours: null },
    });
  });
});
