import {
  MANAGER_ROLE_REQUIRED,
  NO_NUMBERS_FOUND,
  NUMBER_ALREADY_OWNED,
  NUMBER_INVALID,
  NUMBER_UNAVAILABLE,
  PHONES_ADMIN_ONLY,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import type { HTTPMethods } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { snapshotChanges, snapshotTables } from "#server/test/database-snapshot.ts";
import { rows, type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";
import { findActiveNumberByE164, findPhoneNumber, listNumbersForBilling, readCallSettings } from "./index.ts";

// The company's phone numbers on the built-in simulated provider: list, search, buy, rename and
// assign, release; who may do what; bad input; another company's numbers; the call settings.

const w: TasksWorld = await tasksWorld();
const { t, a, b } = w;
afterAll(() => t.close());

const call = (method: HTTPMethods, url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const watched = ["phone_numbers", "call_settings"];
/** Whether billing was asked to catch up since `since`: a billing_sync job of the company waiting, or created since. */
const billingSyncRequested = async (companyId: string, since: Date) =>
  (
    await rows(
      t.db,
      sql`select count(*)::int as n from jobs where kind = 'billing_sync' and company_id = ${companyId}
          and (state = 'queued' or created_at >= ${since.toISOString()})`,
    )
  )[0]!.n !== 0;

/** What a refused request must leave as it was: the numbers, the settings, and how many jobs exist. */
async function snapshot() {
  const [jobs] = await rows(t.db, sql`select count(*)::int as n from jobs`);
  return { tables: await snapshotTables(t.db, watched), jobs: jobs!.n };
}
async function changesSince(before: Awaited<ReturnType<typeof snapshot>>) {
  const after = await snapshot();
  const changes = snapshotChanges(before.tables, after.tables);
  return after.jobs === before.jobs ? changes : [...changes, "jobs: queued"];
}

/** Buys a number as Alpha's owner (or whoever's headers) and answers the body. */
async function buy(phoneNumber: string, headers = a.headers, extra: Record<string, unknown> = {}) {
  const response = await call("POST", "/app/phone_numbers.json", headers, { phone_number: phoneNumber, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; phone_number: string; name: string }>();
}

describe("GET /app/phone_numbers/available.json", () => {
  it("offers 20 numbers of the fictional 555-01xx range, $3.00 a month, for any member", async () => {
    const response = await call(
      "GET",
      "/app/phone_numbers/available.json?country_code=us&area_code=415&contains=01",
      a.member.headers,
    );
    expect(response.statusCode).toBe(200);
    const { available_numbers } = response.json<{ available_numbers: Record<string, unknown>[] }>();
    expect(available_numbers).toHaveLength(20);
    expect(available_numbers[0]).toEqual({
      phone_number: "+14155550100",
      friendly_name: "(415) 555-0100",
      locality: "San Francisco",
      region: "CA",
      country_code: "US",
      capabilities: { voice: true, sms: true, mms: true },
      monthly_cost_cents: 300,
      currency: "USD",
      address_required: false,
    });
  });

  it("searches the US when no country is given, and answers an empty list where there is nothing", async () => {
    const plain = await call("GET", "/app/phone_numbers/available.json", a.headers);
    expect(plain.json().available_numbers[0].phone_number).toBe("+15555550100");
    const empty = await call("GET", "/app/phone_numbers/available.json?country_code=US&area_code=533", a.headers);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ available_numbers: [] });
  });

  it("names the bad field", async () => {
    for (const [query, field] of [
      ["country_code=ZZ", "country_code"],
      ["area_code=4", "area_code"],
      ["contains=12345678901", "contains"],
      ["contains=ab", "contains"],
    ]) {
      const response = await call("GET", `/app/phone_numbers/available.json?${query}`, a.headers);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details.map((detail: { field: string }) => detail.field)).toEqual([field]);
    }
  });
});

describe("buying a number", () => {
  it("buys it for the company, assigned to its AI employee, and asks billing to catch up", async () => {
    const before = await call("GET", "/app/phone_numbers.json", a.headers);
    expect(before.json()).toEqual({ phone_numbers: [], total: 0, provider: "simulated" });
    const started = new Date();

    const response = await call("POST", "/app/phone_numbers.json", a.headers, {
      phone_number: "+14155550123",
      name: "Support line",
      ai_employee_id: a.aiEmployee.id,
    });
    expect(response.statusCode).toBe(201);
    const bought = response.json();
    expect(bought).toEqual({
      id: expect.any(String),
      phone_number: "+14155550123",
      name: "Support line",
      country_code: "US",
      locality: "San Francisco",
      capabilities: { voice: true, sms: true, mms: true },
      ai_employee: { id: a.aiEmployee.id, name: a.aiEmployee.name, department_name: "Sales" },
      status: "active",
      monthly_cost_cents: 300,
      currency: "USD",
      provider: "simulated",
      purchased_at: expect.any(String),
      released_at: null,
    });
    expect(Date.now() - Date.parse(bought.purchased_at)).toBeLessThan(60_000);
    const [row] = await rows(t.db, sql`select provider_sid, purchased_by from phone_numbers where id = ${bought.id}`);
    expect(row).toEqual({ provider_sid: expect.stringMatching(/^PN[0-9a-f]{32}$/), purchased_by: a.userId });
    expect(await billingSyncRequested(a.companyId, started)).toBe(true);

    const list = await call("GET", "/app/phone_numbers.json", a.member.headers);
    expect(list.json()).toEqual({ phone_numbers: [bought], total: 1, provider: "simulated" });
    // It is no longer offered to anyone.
    const search = await call("GET", "/app/phone_numbers/available.json?area_code=415", b.headers);
    expect(search.json().available_numbers.map((n: { phone_number: string }) => n.phone_number)).not.toContain(
      "+14155550123",
    );
  });

  it("names a number never named by its written form, and lists the newest first", async () => {
    const first = await buy("+12125550101", a.headers);
    expect(first.name).toBe("(212) 555-0101");
    const second = await buy("+442075550102", a.headers, { ai_employee_id: null });
    expect(second).toMatchObject({
      name: "+44 207 555 0102",
      country_code: "GB",
      locality: "London",
      ai_employee: null,
    });
    const list = await call("GET", "/app/phone_numbers.json", a.headers);
    const numbers = list.json().phone_numbers.map((n: { phone_number: string }) => n.phone_number);
    expect(numbers.slice(0, 2)).toEqual(["+442075550102", "+12125550101"]);
  });

  it.each([
    ["+15005550000", 409, "number_unavailable", NUMBER_UNAVAILABLE],
    ["+15005550001", 422, "number_invalid", NUMBER_INVALID],
    ["+14155550299", 422, "number_invalid", NUMBER_INVALID],
    ["+15335550100", 404, "no_numbers_found", NO_NUMBERS_FOUND],
  ])("answers the provider's refusal of %s clearly, storing nothing", async (number, status, error, description) => {
    const before = await snapshot();
    const response = await call("POST", "/app/phone_numbers.json", a.headers, { phone_number: number });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error, error_description: description });
    expect(await changesSince(before)).toEqual([]);
  });

  it("refuses a number the company already has, or another company holds", async () => {
    await buy("+13125550150");
    const before = await snapshot();
    const again = await call("POST", "/app/phone_numbers.json", a.headers, { phone_number: "+13125550150" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "number_already_owned", error_description: NUMBER_ALREADY_OWNED });
    const taken = await call("POST", "/app/phone_numbers.json", b.headers, { phone_number: "+13125550150" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: "number_unavailable", error_description: NUMBER_UNAVAILABLE });
    expect(await changesSince(before)).toEqual([]);
  });

  it("refuses an AI employee of another company, naming the field", async () => {
    const before = await snapshot();
    const response = await call("POST", "/app/phone_numbers.json", a.headers, {
      phone_number: "+13125550151",
      ai_employee_id: b.aiEmployee.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: "ai_employee_id", message: "Choose an AI employee of this company" },
    ]);
    expect(await changesSince(before)).toEqual([]);
  });

  it.each([
    [{}, "phone_number"],
    [{ phone_number: "555-0100" }, "phone_number"],
    [{ phone_number: "+13125550152", name: "x".repeat(61) }, "name"],
    [{ phone_number: "+13125550152", ai_employee_id: "nope" }, "ai_employee_id"],
  ])("answers 400 naming the field for %j", async (body, field) => {
    const before = await snapshot();
    const response = await call("POST", "/app/phone_numbers.json", a.headers, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((detail: { field: string }) => detail.field)).toEqual([field]);
    expect(await changesSince(before)).toEqual([]);
  });
});

describe("changing and releasing a number", () => {
  it("renames it and assigns it to nobody, then to the AI employee again", async () => {
    const number = await buy("+15125550160", a.headers, { ai_employee_id: a.aiEmployee.id });
    const renamed = await call("PATCH", `/app/phone_numbers/${number.id}.json`, a.headers, {
      name: "Austin sales",
      ai_employee_id: null,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: number.id, name: "Austin sales", ai_employee: null });
    const assigned = await call("PATCH", `/app/phone_numbers/${number.id}.json`, a.headers, {
      ai_employee_id: a.aiEmployee.id,
    });
    expect(assigned.json()).toMatchObject({ name: "Austin sales", ai_employee: { id: a.aiEmployee.id } });
    const foreign = await call("PATCH", `/app/phone_numbers/${number.id}.json`, a.headers, {
      ai_employee_id: b.aiEmployee.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].field).toBe("ai_employee_id");
    for (const [body, field] of [
      [{}, "body"],
      [{ name: "  " }, "name"],
    ] as const) {
      const bad = await call("PATCH", `/app/phone_numbers/${number.id}.json`, a.headers, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details[0].field).toBe(field);
    }
  });

  it("releases it: billing stops today, it leaves the list, and it is for sale again", async () => {
    const number = await buy("+16175550170");
    await t.app.jobs.idle();
    const started = new Date();
    const response = await call("DELETE", `/app/phone_numbers/${number.id}.json`, a.headers);
    expect(response.statusCode).toBe(200);
    const released = response.json();
    expect(released).toMatchObject({ id: number.id, status: "released", released_at: expect.any(String) });
    expect(Date.now() - Date.parse(released.released_at)).toBeLessThan(60_000);
    expect(await billingSyncRequested(a.companyId, started)).toBe(true);
    const list = await call("GET", "/app/phone_numbers.json", a.headers);
    expect(list.json().phone_numbers.map((n: { id: string }) => n.id)).not.toContain(number.id);
    for (const method of ["PATCH", "DELETE"] as const) {
      const again = await call(
        method,
        `/app/phone_numbers/${number.id}.json`,
        a.headers,
        method === "PATCH" ? { name: "x" } : undefined,
      );
      expect(again.statusCode, method).toBe(404);
    }
    // Another company can buy it now; the released row stays for billing.
    const rebought = await buy("+16175550170", b.headers);
    expect(rebought.id).not.toBe(number.id);
    expect(await findPhoneNumber(t.db, a.companyId, number.id)).toMatchObject({ status: "released" });
  });

  it("answers 404 for another company's number and for ids that name nothing", async () => {
    const bravos = await buy("+12065550180", b.headers);
    const before = await snapshot();
    for (const id of [bravos.id, "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d", "not-a-uuid"]) {
      const patch = await call("PATCH", `/app/phone_numbers/${id}.json`, a.headers, { name: "Mine now" });
      expect(patch.statusCode, id).toBe(404);
      const release = await call("DELETE", `/app/phone_numbers/${id}.json`, a.headers);
      expect(release.statusCode, id).toBe(404);
    }
    expect(await changesSince(before)).toEqual([]);
    const list = await call("GET", "/app/phone_numbers.json", a.headers);
    expect(list.body).not.toContain("+12065550180");
  });

  it("lets only owners and admins buy, change and release", async () => {
    const number = await buy("+12125550190");
    const before = await snapshot();
    for (const [method, url, body] of [
      ["POST", "/app/phone_numbers.json", { phone_number: "+12125550191" }],
      ["POST", "/app/phone_numbers.json", { phone_number: "bad" }],
      ["PATCH", `/app/phone_numbers/${number.id}.json`, { name: "Mine" }],
      ["DELETE", `/app/phone_numbers/${number.id}.json`, undefined],
    ] as const) {
      const response = await call(method, url, a.member.headers, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ error: "forbidden", error_description: PHONES_ADMIN_ONLY });
    }
    expect(await changesSince(before)).toEqual([]);
  });
});

describe("the call settings", () => {
  it("start with recording off and no fallback number, for every member to read", async () => {
    const response = await call("GET", "/app/call_settings.json", a.member.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ recording_enabled: false, fallback_number: null });
  });

  it("are changed by owners and admins only, field by field, and a change to nothing writes nothing", async () => {
    const before = await snapshot();
    const unchanged = await call("PATCH", "/app/call_settings.json", a.headers, { recording_enabled: false });
    expect(unchanged.json()).toEqual({ recording_enabled: false, fallback_number: null });
    const member = await call("PATCH", "/app/call_settings.json", a.member.headers, { recording_enabled: true });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ error: "forbidden", error_description: MANAGER_ROLE_REQUIRED });
    for (const [body, field] of [
      [{}, "body"],
      [{ fallback_number: "555" }, "fallback_number"],
      [{ recording_enabled: "yes" }, "recording_enabled"],
    ] as const) {
      const bad = await call("PATCH", "/app/call_settings.json", a.headers, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details[0].field).toBe(field);
    }
    expect(await changesSince(before)).toEqual([]);

    const on = await call("PATCH", "/app/call_settings.json", a.headers, {
      recording_enabled: true,
      fallback_number: "+15550100500",
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ recording_enabled: true, fallback_number: "+15550100500" });
    const noFallback = await call("PATCH", "/app/call_settings.json", a.headers, { fallback_number: null });
    expect(noFallback.json()).toEqual({ recording_enabled: true, fallback_number: null });
    expect(await readCallSettings(t.db, a.companyId)).toEqual({ recordingEnabled: true, fallbackNumber: null });
    // Bravo's are its own.
    const bravo = await call("GET", "/app/call_settings.json", b.headers);
    expect(bravo.json()).toEqual({ recording_enabled: false, fallback_number: null });
  });
});

describe("the phones module's public face", () => {
  it("finds an active number by the number called, whatever the company", async () => {
    const number = await buy("+14155550198", b.headers, { ai_employee_id: b.aiEmployee.id });
    expect(await findActiveNumberByE164(t.db, "+14155550198")).toMatchObject({
      id: number.id,
      companyId: b.companyId,
      aiEmployeeId: b.aiEmployee.id,
      status: "active",
    });
    expect(await findActiveNumberByE164(t.db, "+14155550197")).toBeNull();
    expect(await findPhoneNumber(t.db, a.companyId, number.id)).toBeNull();
  });

  it("lists every number active at some moment of a period, for billing", async () => {
    const [company] = await rows(t.db, sql`select id from companies where id = ${a.companyId}`);
    const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
    const insert = (e164: string, purchased: string, released: string | null) =>
      t.db.execute(sql`insert into phone_numbers (company_id, provider, provider_sid, e164, country_code, name, capabilities,
        status, monthly_cost_cents, purchased_at, released_at)
        values (${company!.id}, 'simulated', ${`PN${e164.slice(1).padEnd(32, "0")}`}, ${e164}, 'US', ${e164}, '{"voice":true,"sms":true,"mms":true}',
        ${released ? "released" : "active"}, 300, ${purchased}, ${released})`);
    await insert("+19995550101", "2020-01-10T12:00:00Z", "2020-02-05T09:00:00Z");
    await insert("+19995550102", "2020-02-20T12:00:00Z", null);
    await insert("+19995550103", "2019-05-01T00:00:00Z", "2019-06-01T00:00:00Z");
    const february = await listNumbersForBilling(t.db, a.companyId, day("2020-02-01"), day("2020-02-29"));
    expect(february.map((n) => n.e164)).toEqual(["+19995550101", "+19995550102"]);
    expect(february[0]).toEqual({
      id: expect.any(String),
      e164: "+19995550101",
      name: "+19995550101",
      purchasedAt: new Date("2020-01-10T12:00:00Z"),
      releasedAt: new Date("2020-02-05T09:00:00Z"),
    });
    const january = await listNumbersForBilling(t.db, a.companyId, day("2020-01-01"), day("2020-01-31"));
    expect(january.map((n) => n.e164)).toEqual(["+19995550101"]);
  });
});
