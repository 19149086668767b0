import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { friendlyPhoneNumber } from "@foreman/contract";
import { MAGIC_CALL_TARGETS, type TwilioErrorCode, twilioErrorBody } from "#server/modules/telephony/twilio-errors.ts";

// Twilio's REST API on 127.0.0.1 at a random port (tests only): the endpoints Foreman calls — number
// search, purchase and release, calls placed and updated, recordings' media — with HTTP Basic checked,
// Twilio's magic numbers and error bodies `{code, message, more_info, status}`, and every request
// recorded. Tests point TWILIO_API_URL at it (see `fakeTwilioEnv`).

export const FAKE_ACCOUNT_SID = `AC${"f".repeat(32)}`;
export const FAKE_AUTH_TOKEN = "fake-twilio-auth-token-0123456789";

/** Twilio's test number that is always valid, and its area code with no numbers. */
const MAGIC_VALID = "+15005550006";
const EMPTY_AREA_CODE = "533";

export type FakeTwilioForm = Record<string, string | string[]>;

export type FakeTwilioRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  form: FakeTwilioForm;
  authorization: string | undefined;
};

export type FakeIncomingNumber = {
  sid: string;
  phoneNumber: string;
  friendlyName: string;
  voiceUrl: string | undefined;
  statusCallback: string | undefined;
};

export type FakeCall = { sid: string; status: string; form: FakeTwilioForm };

export type FakeTwilio = {
  /** TWILIO_API_URL for the app. */
  url: string;
  requests: FakeTwilioRequest[];
  /** The numbers bought and not released, by SID. */
  numbers: Map<string, FakeIncomingNumber>;
  /** The purchase requests that succeeded (their form). */
  purchases: FakeTwilioForm[];
  /** The number SIDs released. */
  releases: string[];
  /** Calls created, by SID, with the form they were created with and their status. */
  calls: Map<string, FakeCall>;
  /** Updates to calls (`Status=canceled|completed`), in order. */
  callUpdates: { sid: string; form: FakeTwilioForm }[];
  /** Media served at …/Recordings/{RE}.mp3. */
  recordings: Map<string, Buffer>;
  /** The next request is answered with this status and Twilio error, whatever it asked. */
  failNext(code: TwilioErrorCode | null, status: number): void;
  close(): Promise<void>;
};

/** The environment that points the app at the fake. */
export function fakeTwilioEnv(fake: FakeTwilio): Record<string, string> {
  return { TWILIO_ACCOUNT_SID: FAKE_ACCOUNT_SID, TWILIO_AUTH_TOKEN: FAKE_AUTH_TOKEN, TWILIO_API_URL: fake.url };
}

async function readForm(request: IncomingMessage): Promise<FakeTwilioForm> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const form: FakeTwilioForm = {};
  for (const [name, value] of new URLSearchParams(Buffer.concat(chunks).toString("utf8"))) {
    const previous = form[name];
    form[name] = previous === undefined ? value : [...[previous].flat(), value];
  }
  return form;
}

const one = (form: FakeTwilioForm, name: string) => {
  const value = form[name];
  return Array.isArray(value) ? value[0] : value;
};
const hex32 = () => randomBytes(16).toString("hex");

function send(response: ServerResponse, status: number, body?: unknown) {
  if (body === undefined) {
    response.writeHead(status);
    response.end();
    return;
  }
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

const fail = (response: ServerResponse, code: TwilioErrorCode, status = 400) =>
  send(response, status, twilioErrorBody(code, status));

/** The fake's inventory: `+1 {area} 555 01xx`, 20 a page, with Twilio's fields. */
function inventory(country: string, query: URLSearchParams) {
  const area = query.get("AreaCode") ?? "415";
  if (area === EMPTY_AREA_CODE) return [];
  const contains = query.get("Contains");
  const pattern = contains ? new RegExp(contains.replaceAll("*", "\\d")) : null;
  const northAmerica = country === "US" || country === "CA";
  const numbers = [];
  for (let last = 0; last < 100 && numbers.length < Number(query.get("PageSize") ?? 50); last++) {
    const phoneNumber = northAmerica
      ? `+1${area}55501${String(last).padStart(2, "0")}`
      : `+4420755501${String(last).padStart(2, "0")}`;
    if (pattern && !pattern.test(phoneNumber.slice(1))) continue;
    numbers.push({
      friendly_name: friendlyPhoneNumber(phoneNumber),
      phone_number: phoneNumber,
      lata: null,
      locality: northAmerica ? "San Francisco" : "London",
      rate_center: null,
      latitude: null,
      longitude: null,
      region: northAmerica ? "CA" : null,
      postal_code: null,
      iso_country: country,
      address_requirements: northAmerica ? "none" : "any",
      beta: false,
      capabilities: { voice: true, SMS: true, MMS: northAmerica, fax: false },
    });
  }
  return numbers;
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const requests: FakeTwilioRequest[] = [];
  const numbers = new Map<string, FakeIncomingNumber>();
  const purchases: FakeTwilioForm[] = [];
  const releases: string[] = [];
  const calls = new Map<string, FakeCall>();
  const callUpdates: { sid: string; form: FakeTwilioForm }[] = [];
  const recordings = new Map<string, Buffer>();
  let forcedFailure: { code: TwilioErrorCode | null; status: number } | null = null;
  const expectedAuthorization = `Basic ${Buffer.from(`${FAKE_ACCOUNT_SID}:${FAKE_AUTH_TOKEN}`).toString("base64")}`;

  const numberJson = (number: FakeIncomingNumber) => ({
    sid: number.sid,
    account_sid: FAKE_ACCOUNT_SID,
    friendly_name: number.friendlyName,
    phone_number: number.phoneNumber,
    voice_url: number.voiceUrl ?? null,
    voice_method: "POST",
    status_callback: number.statusCallback ?? null,
    status_callback_method: "POST",
    capabilities: { voice: true, sms: true, mms: true, fax: false },
    status: "in-use",
    address_requirements: "none",
  });
  const callJson = (call: FakeCall) => ({
    sid: call.sid,
    account_sid: FAKE_ACCOUNT_SID,
    to: one(call.form, "To"),
    from: one(call.form, "From"),
    status: call.status,
    direction: "outbound-api",
    api_version: "2010-04-01",
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://fake");
    const form = request.method === "POST" ? await readForm(request) : {};
    requests.push({
      method: request.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      form,
      authorization: request.headers.authorization,
    });
    if (request.headers.authorization !== expectedAuthorization) return fail(response, 20003, 401);
    if (forcedFailure) {
      const { code, status } = forcedFailure;
      forcedFailure = null;
      return code === null ? send(response, status, { message: "Internal error" }) : fail(response, code, status);
    }
    const prefix = `/2010-04-01/Accounts/${FAKE_ACCOUNT_SID}/`;
    if (!url.pathname.startsWith(prefix)) return fail(response, 20404, 404);
    const path = url.pathname.slice(prefix.length);
    const on = (method: string, pattern: RegExp) => (request.method === method ? pattern.exec(path) : null);

    const search = on("GET", /^AvailablePhoneNumbers\/([A-Z]{2})\/Local\.json$/);
    if (search) {
      return send(response, 200, {
        available_phone_numbers: inventory(search[1]!, url.searchParams),
        uri: url.pathname,
      });
    }
    if (request.method === "POST" && path === "IncomingPhoneNumbers.json") {
      const phoneNumber = one(form, "PhoneNumber") ?? "";
      if (phoneNumber === "+15005550000") return fail(response, 21422);
      if (phoneNumber === "+15005550001" || !/^\+[1-9]\d{6,14}$/.test(phoneNumber)) return fail(response, 21421);
      if (phoneNumber.startsWith(`+1${EMPTY_AREA_CODE}`)) return fail(response, 21452);
      if ([...numbers.values()].some((number) => number.phoneNumber === phoneNumber)) return fail(response, 21422);
      const number: FakeIncomingNumber = {
        sid: `PN${hex32()}`,
        phoneNumber,
        friendlyName: one(form, "FriendlyName") ?? friendlyPhoneNumber(phoneNumber),
        voiceUrl: one(form, "VoiceUrl"),
        statusCallback: one(form, "StatusCallback"),
      };
      numbers.set(number.sid, number);
      purchases.push(form);
      return send(response, 201, numberJson(number));
    }
    const release = on("DELETE", /^IncomingPhoneNumbers\/(PN[0-9a-f]{32})\.json$/);
    if (release) {
      if (!numbers.delete(release[1]!)) return fail(response, 20404, 404);
      releases.push(release[1]!);
      return send(response, 204);
    }
    if (request.method === "POST" && path === "Calls.json") {
      const to = one(form, "To") ?? "";
      const from = one(form, "From") ?? "";
      if (!/^\+[1-9]\d{6,14}$/.test(to)) return fail(response, 21211);
      const magic = MAGIC_CALL_TARGETS[to];
      if (magic) return fail(response, magic);
      const ours = from === MAGIC_VALID || [...numbers.values()].some((number) => number.phoneNumber === from);
      if (!ours) return fail(response, 21210);
      const call: FakeCall = { sid: `CA${hex32()}`, status: "queued", form };
      calls.set(call.sid, call);
      return send(response, 201, callJson(call));
    }
    const update = on("POST", /^Calls\/(CA[0-9a-f]{32})\.json$/);
    if (update) {
      const call = calls.get(update[1]!);
      if (!call) return fail(response, 20404, 404);
      callUpdates.push({ sid: call.sid, form });
      const status = one(form, "Status");
      if (status === "canceled" || status === "completed") call.status = status;
      return send(response, 200, callJson(call));
    }
    const media = on("GET", /^Recordings\/(RE[0-9a-f]{32})\.(mp3|wav)$/);
    if (media) {
      const audio = recordings.get(media[1]!);
      if (!audio) return fail(response, 20404, 404);
      response.writeHead(200, { "content-type": media[2] === "mp3" ? "audio/mpeg" : "audio/x-wav" });
      response.end(audio);
      return;
    }
    return fail(response, 20404, 404);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, { message: "fake Twilio failed" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    numbers,
    purchases,
    releases,
    calls,
    callUpdates,
    recordings,
    failNext(code, status) {
      forcedFailure = { code, status };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
