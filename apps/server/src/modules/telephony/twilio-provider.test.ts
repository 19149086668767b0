import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { FAKE_ACCOUNT_SID, FAKE_AUTH_TOKEN, startFakeTwilio } from "#server/test/fake-twilio.ts";
import { TelephonyError } from "./telephony-provider.ts";
import { TwilioProvider } from "./twilio-provider.ts";

// The Twilio provider against a fake Twilio on 127.0.0.1 speaking its REST API.

const fake = await startFakeTwilio();
afterAll(() => fake.close());
const twilio = new TwilioProvider({ accountSid: FAKE_ACCOUNT_SID, authToken: FAKE_AUTH_TOKEN, apiUrl: fake.url });
const basic = `Basic ${Buffer.from(`${FAKE_ACCOUNT_SID}:${FAKE_AUTH_TOKEN}`).toString("base64")}`;
const hooks = {
  voiceUrl: "https://foreman.example/webhooks/twilio/voice/incoming",
  statusCallbackUrl: "https://foreman.example/webhooks/twilio/voice/status",
};

beforeEach(() => {
  fake.requests.length = 0;
});

/** The refusal a call ends in. */
async function refusal(call: Promise<unknown>): Promise<TelephonyError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TelephonyError);
  return error as TelephonyError;
}

describe("the Twilio provider", () => {
  it("searches local voice numbers with the account's credentials and reads Twilio's fields", async () => {
    const numbers = await twilio.searchAvailable({ countryCode: "US", areaCode: "415", contains: "01*5" });
    const [request] = fake.requests;
    expect(request!.path).toBe(`/2010-04-01/Accounts/${FAKE_ACCOUNT_SID}/AvailablePhoneNumbers/US/Local.json`);
    expect(Object.fromEntries(request!.query)).toEqual({
      AreaCode: "415",
      Contains: "01*5",
      VoiceEnabled: "true",
      PageSize: "20",
    });
    expect(request!.authorization).toBe(basic);
    expect(numbers.map((number) => number.phoneNumber)).toEqual([
      "+14155550105",
      "+14155550115",
      "+14155550125",
      "+14155550135",
      "+14155550145",
      "+14155550155",
      "+14155550165",
      "+14155550175",
      "+14155550185",
      "+14155550195",
    ]);
    expect(numbers[0]).toEqual({
      phoneNumber: "+14155550105",
      friendlyName: "(415) 555-0105",
      locality: "San Francisco",
      region: "CA",
      countryCode: "US",
      capabilities: { voice: true, sms: true, mms: true },
      monthlyCostCents: 300,
      currency: "USD",
      addressRequired: false,
    });
  });

  it("asks other countries' areas as digits to contain, and says when an address is required", async () => {
    const numbers = await twilio.searchAvailable({ countryCode: "GB", areaCode: "20" });
    expect(Object.fromEntries(fake.requests[0]!.query)).toEqual({
      Contains: "4420",
      VoiceEnabled: "true",
      PageSize: "20",
    });
    expect(numbers[0]).toMatchObject({ countryCode: "GB", addressRequired: true, capabilities: { mms: false } });
    expect(await twilio.searchAvailable({ countryCode: "US", areaCode: "533" })).toEqual([]);
  });

  it("buys a number pointing its voice and status webhooks at us, and releases it", async () => {
    const bought = await twilio.purchase({ phoneNumber: "+14155550123", friendlyName: "Support line", ...hooks });
    expect(bought).toEqual({
      sid: expect.stringMatching(/^PN[0-9a-f]{32}$/),
      phoneNumber: "+14155550123",
      capabilities: { voice: true, sms: true, mms: true },
      locality: null,
    });
    expect(fake.purchases.at(-1)).toEqual({
      PhoneNumber: "+14155550123",
      FriendlyName: "Support line",
      VoiceUrl: hooks.voiceUrl,
      VoiceMethod: "POST",
      StatusCallback: hooks.statusCallbackUrl,
      StatusCallbackMethod: "POST",
    });
    await twilio.release(bought.sid);
    expect(fake.releases).toContain(bought.sid);
    expect(fake.requests.at(-1)).toMatchObject({ method: "DELETE", authorization: basic });
    // Released twice (or at Twilio's console): gone either way.
    await expect(twilio.release(bought.sid)).resolves.toBeUndefined();
  });

  it("turns Twilio's refusals into errors with Twilio's code", async () => {
    expect(await refusal(twilio.purchase({ phoneNumber: "+15005550000", friendlyName: "x", ...hooks }))).toMatchObject({
      code: 21422,
      status: 400,
      message: "PhoneNumber is not available",
    });
    expect(await refusal(twilio.purchase({ phoneNumber: "+15005550001", friendlyName: "x", ...hooks }))).toMatchObject({
      code: 21421,
    });
    expect(await refusal(twilio.purchase({ phoneNumber: "+15335550100", friendlyName: "x", ...hooks }))).toMatchObject({
      code: 21452,
    });
    fake.failNext(null, 503);
    expect(await refusal(twilio.searchAvailable({ countryCode: "US" }))).toMatchObject({ code: null, status: 503 });
    expect(fake.purchases.map((form) => form.PhoneNumber)).not.toContain("+15005550000");
  });

  it("is refused with wrong credentials", async () => {
    const stranger = new TwilioProvider({ accountSid: FAKE_ACCOUNT_SID, authToken: "x".repeat(32), apiUrl: fake.url });
    expect(await refusal(stranger.searchAvailable({ countryCode: "US" }))).toMatchObject({ code: 20003, status: 401 });
  });

  it("places a call with its webhooks and every progress event, and hangs it up", async () => {
    const { sid: from } = await twilio.purchase({ phoneNumber: "+14155550150", friendlyName: "Sales", ...hooks });
    expect(from).toMatch(/^PN/);
    const placed = await twilio.placeCall({
      from: "+14155550150",
      to: "+15550100999",
      url: "https://foreman.example/webhooks/twilio/voice/outbound?call=1",
      statusCallbackUrl: hooks.statusCallbackUrl,
      record: true,
      recordingStatusCallbackUrl: "https://foreman.example/webhooks/twilio/voice/recording?call=1",
      test: false,
    });
    expect(placed).toEqual({ sid: expect.stringMatching(/^CA[0-9a-f]{32}$/), status: "queued" });
    expect(fake.calls.get(placed.sid)!.form).toEqual({
      To: "+15550100999",
      From: "+14155550150",
      Url: "https://foreman.example/webhooks/twilio/voice/outbound?call=1",
      Method: "POST",
      StatusCallback: hooks.statusCallbackUrl,
      StatusCallbackEvent: ["initiated", "ringing", "answered", "completed"],
      StatusCallbackMethod: "POST",
      Record: "true",
      RecordingStatusCallback: "https://foreman.example/webhooks/twilio/voice/recording?call=1",
      RecordingStatusCallbackMethod: "POST",
    });
    await twilio.hangup(placed.sid, "completed");
    expect(fake.callUpdates.at(-1)).toEqual({ sid: placed.sid, form: { Status: "completed" } });
    expect(fake.calls.get(placed.sid)!.status).toBe("completed");
  });

  it("refuses calls Twilio refuses, and test calls, which only the simulated provider makes", async () => {
    const call = {
      from: "+15550100111",
      to: "+15550100999",
      url: "https://foreman.example/x",
      statusCallbackUrl: hooks.statusCallbackUrl,
      record: false,
      recordingStatusCallbackUrl: "https://foreman.example/y",
      test: false,
    };
    expect(await refusal(twilio.placeCall(call))).toMatchObject({ code: 21210 });
    expect(await refusal(twilio.placeCall({ ...call, from: "+15005550006", to: "+15005550004" }))).toMatchObject({
      code: 21216,
    });
    const before = fake.requests.length;
    expect(await refusal(twilio.placeCall({ ...call, test: true }))).toMatchObject({ code: null, status: 422 });
    expect(fake.requests.length).toBe(before);
    expect(await refusal(twilio.hangup(`CA${"0".repeat(32)}`, "canceled"))).toMatchObject({ code: 20404, status: 404 });
  });

  it("fetches a recording's MP3 with the credentials, only from Twilio's own host", async () => {
    const sid = `RE${"1".repeat(32)}`;
    fake.recordings.set(sid, Buffer.from("ID3 fake mp3"));
    const url = `${fake.url}/2010-04-01/Accounts/${FAKE_ACCOUNT_SID}/Recordings/${sid}`;
    const recording = await twilio.fetchRecording(url);
    expect(recording).toEqual({ body: Buffer.from("ID3 fake mp3"), contentType: "audio/mpeg" });
    expect(fake.requests.at(-1)).toMatchObject({ path: expect.stringMatching(/\.mp3$/), authorization: basic });
    const count = fake.requests.length;
    expect(await refusal(twilio.fetchRecording(`https://evil.example/Recordings/${sid}`))).toMatchObject({
      status: 400,
    });
    expect(await refusal(twilio.fetchRecording("not a url"))).toMatchObject({ status: 400 });
    expect(fake.requests.length).toBe(count);
  });

  it("says the provider is unreachable when nothing answers or the answer takes too long", async () => {
    const closed = await startFakeTwilio();
    await closed.close();
    const gone = new TwilioProvider({ accountSid: FAKE_ACCOUNT_SID, authToken: FAKE_AUTH_TOKEN, apiUrl: closed.url });
    expect(await refusal(gone.searchAvailable({ countryCode: "US" }))).toMatchObject({ code: null, status: 502 });

    // A server that accepts and never answers; the provider's time limit is shortened for the test.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const slow = new TwilioProvider({
      accountSid: FAKE_ACCOUNT_SID,
      authToken: FAKE_AUTH_TOKEN,
      apiUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      timeoutMs: 200,
    });
    const error = await refusal(slow.searchAvailable({ countryCode: "US" }));
    expect(error).toMatchObject({ code: null, status: 502, message: "Twilio did not answer in time" });
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });
});
