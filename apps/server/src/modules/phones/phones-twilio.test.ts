import { NO_NUMBERS_FOUND, NUMBER_INVALID, NUMBER_UNAVAILABLE, TELEPHONY_UNREACHABLE } from "@foreman/contract";
import { sql } from "drizzle-orm";
import type { HTTPMethods } from "fastify";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { snapshotChanges, snapshotTables } from "#server/test/database-snapshot.ts";
import { FAKE_ACCOUNT_SID, FAKE_AUTH_TOKEN, fakeTwilioEnv, startFakeTwilio } from "#server/test/fake-twilio.ts";
import { rows, type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";

// Phone numbers on Twilio: the app configured with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and
// TWILIO_API_URL pointing at a fake Twilio on 127.0.0.1, and PUBLIC_URL for the webhooks it is given.

const fake = await startFakeTwilio();
const w: TasksWorld = await tasksWorld({ env: { ...fakeTwilioEnv(fake), PUBLIC_URL: "https://foreman.example" } });
const { t, a } = w;
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const call = (method: HTTPMethods, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: a.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const basic = `Basic ${Buffer.from(`${FAKE_ACCOUNT_SID}:${FAKE_AUTH_TOKEN}`).toString("base64")}`;

async function unchangedBy(request: () => Promise<unknown>): Promise<string[]> {
  const before = await snapshotTables(t.db, ["phone_numbers"]);
  const purchases = fake.purchases.length;
  await request();
  const changes = snapshotChanges(before, await snapshotTables(t.db, ["phone_numbers"]));
  return fake.purchases.length === purchases ? changes : [...changes, "bought at Twilio"];
}

describe("phone numbers on Twilio", () => {
  it("says Twilio is the provider and searches its inventory with the account's credentials", async () => {
    const list = await call("GET", "/app/phone_numbers.json");
    expect(list.json()).toEqual({ phone_numbers: [], total: 0, provider: "twilio" });
    const search = await call("GET", "/app/phone_numbers/available.json?country_code=US&area_code=212");
    expect(search.statusCode).toBe(200);
    expect(search.json().available_numbers).toHaveLength(20);
    expect(search.json().available_numbers[0]).toMatchObject({ phone_number: "+12125550100", monthly_cost_cents: 300 });
    expect(fake.requests[0]).toMatchObject({
      method: "GET",
      path: `/2010-04-01/Accounts/${FAKE_ACCOUNT_SID}/AvailablePhoneNumbers/US/Local.json`,
      authorization: basic,
    });
  });

  it("buys a number with its voice and status webhooks on PUBLIC_URL, and releases it at Twilio", async () => {
    const response = await call("POST", "/app/phone_numbers.json", {
      phone_number: "+12125550123",
      name: "New York line",
      ai_employee_id: a.aiEmployee.id,
    });
    expect(response.statusCode).toBe(201);
    const number = response.json();
    expect(number).toMatchObject({ phone_number: "+12125550123", name: "New York line", provider: "twilio" });
    expect(fake.purchases.at(-1)).toEqual({
      PhoneNumber: "+12125550123",
      FriendlyName: "New York line",
      VoiceUrl: "https://foreman.example/webhooks/twilio/voice/incoming",
      VoiceMethod: "POST",
      StatusCallback: "https://foreman.example/webhooks/twilio/voice/status",
      StatusCallbackMethod: "POST",
    });
    const sid = [...fake.numbers.values()].find((one) => one.phoneNumber === "+12125550123")!.sid;
    const [row] = await rows(t.db, sql`select provider, provider_sid from phone_numbers where id = ${number.id}`);
    expect(row).toEqual({ provider: "twilio", provider_sid: sid });

    const released = await call("DELETE", `/app/phone_numbers/${number.id}.json`);
    expect(released.statusCode).toBe(200);
    expect(released.json()).toMatchObject({ status: "released" });
    expect(fake.releases).toContain(sid);
    expect(fake.requests.at(-1)).toMatchObject({ method: "DELETE", authorization: basic });
  });

  it.each([
    ["+15005550000", 409, "number_unavailable", NUMBER_UNAVAILABLE],
    ["+15005550001", 422, "number_invalid", NUMBER_INVALID],
    ["+15335550100", 404, "no_numbers_found", NO_NUMBERS_FOUND],
  ])(
    "answers Twilio's refusal of %s with the contract's message, storing nothing",
    async (number, status, error, text) => {
      let response: Awaited<ReturnType<typeof call>> | undefined;
      expect(
        await unchangedBy(async () => {
          response = await call("POST", "/app/phone_numbers.json", { phone_number: number });
        }),
      ).toEqual([]);
      expect(response!.statusCode).toBe(status);
      expect(response!.json()).toEqual({ error, error_description: text });
    },
  );

  it("answers 502 when Twilio does not answer properly, storing nothing and keeping the number", async () => {
    let response: Awaited<ReturnType<typeof call>> | undefined;
    fake.failNext(null, 503);
    expect(
      await unchangedBy(async () => {
        response = await call("POST", "/app/phone_numbers.json", { phone_number: "+12125550130" });
      }),
    ).toEqual([]);
    expect(response!.statusCode).toBe(502);
    expect(response!.json()).toEqual({ error: "telephony_unreachable", error_description: TELEPHONY_UNREACHABLE });

    fake.failNext(null, 500);
    const search = await call("GET", "/app/phone_numbers/available.json");
    expect(search.statusCode).toBe(502);

    const kept = await call("POST", "/app/phone_numbers.json", { phone_number: "+12125550131" });
    fake.failNext(null, 500);
    const release = await call("DELETE", `/app/phone_numbers/${kept.json().id}.json`);
    expect(release.statusCode).toBe(502);
    const list = await call("GET", "/app/phone_numbers.json");
    expect(list.json().phone_numbers.map((one: { id: string }) => one.id)).toContain(kept.json().id);
  });
});
