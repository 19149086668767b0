import { randomBytes } from "node:crypto";
import { PHONE_NUMBER_MONTHLY_CENTS } from "@foreman/contract";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { Db } from "#server/db/client.ts";
import { callSettings, calls, callTurns, phoneNumbers } from "#server/db/schema/index.ts";
import { simulatedRecordingUrl, twilioSignature } from "#server/modules/telephony/index.ts";
import { parseTwiml, type TwimlVerb } from "#server/modules/telephony/twiml-parser.ts";
import { type AgentWorld, agentWorld } from "./agents-setup.ts";
import type { TestAppOptions } from "./app.ts";

// Test support for calls: the agent world's two companies, each with a simulated number answered by
// its AI employee, and the provider's side of a call: signed form posts to the voice webhooks, and
// the TwiML they answer read back.

export const CALLS_PUBLIC_URL = "https://foreman.example.com";

let numberSequence = 0;
/** A fresh number in the fictional 555-01xx range. */
export const freshNumber = () => `+1415555${String(1000 + (++numberSequence % 9000)).padStart(4, "0")}`;

/** A company's active number, bought straight into the table (the phones module's routes are not under test here). */
export async function insertPhoneNumber(
  db: Db,
  companyId: string,
  values: { e164?: string; aiEmployeeId?: string | null; provider?: "simulated" | "twilio" } = {},
) {
  const [row] = await db
    .insert(phoneNumbers)
    .values({
      companyId,
      provider: values.provider ?? "simulated",
      providerSid: `PN${randomBytes(16).toString("hex")}`,
      e164: values.e164 ?? freshNumber(),
      countryCode: "US",
      name: "Main line",
      capabilities: { voice: true, sms: true, mms: true },
      aiEmployeeId: values.aiEmployeeId ?? null,
      monthlyCostCents: PHONE_NUMBER_MONTHLY_CENTS,
    })
    .returning();
  return row!;
}

export async function setCallSettings(
  db: Db,
  companyId: string,
  settings: { recordingEnabled?: boolean; fallbackNumber?: string | null },
) {
  const values = {
    recordingEnabled: settings.recordingEnabled ?? false,
    fallbackNumber: settings.fallbackNumber ?? null,
  };
  await db
    .insert(callSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: callSettings.companyId, set: values });
}

/**
 * A finished inbound call of the company with one turn and a recording on the simulated provider,
 * written straight into the tables (the isolation walks).
 */
export async function insertSampleCall(db: Db, companyId: string) {
  const [count] = (
    (await db.execute(sql`select count(*)::int as n from calls where company_id = ${companyId}`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  const startedAt = new Date(Date.now() - 10 * 60_000);
  const [call] = await db
    .insert(calls)
    .values({
      companyId,
      displayId: (count?.n ?? 0) + 1,
      provider: "simulated",
      providerSid: `CA${randomBytes(16).toString("hex")}`,
      direction: "inbound",
      fromNumber: "+15550100777",
      toNumber: "+14155550100",
      status: "completed",
      outcome: "answered",
      startedAt,
      answeredAt: startedAt,
      endedAt: new Date(startedAt.getTime() + 61_000),
      durationSeconds: 61,
      recordingSid: `RE${"c".repeat(32)}`,
      recordingUrl: simulatedRecordingUrl(`RE${"c".repeat(32)}`),
      recordingDurationSeconds: 61,
    })
    .returning();
  await db
    .insert(callTurns)
    .values({ companyId, callId: call!.id, seq: 1, speaker: "ai", text: "Hi, this is Ava. How can I help?" });
  return call!;
}

/** What a TwiML document says and does, for assertions. */
export type ReadTwiml = {
  verbs: TwimlVerb[];
  /** Every <Say>'s words, nested ones included, in order. */
  says: string[];
  /** The <Gather>'s action as a path on our server (its query included), if the document listens. */
  gather: string | null;
  gatherAttributes: Record<string, string> | null;
  redirect: string | null;
  dial: { number: string; attributes: Record<string, string> } | null;
  hangup: boolean;
  recordingCallback: string | null;
};

const local = (url: string | undefined) => (url ? url.replace(CALLS_PUBLIC_URL, "") : null);

export function readTwiml(body: string): ReadTwiml {
  const verbs = parseTwiml(body);
  const says: string[] = [];
  const walk = (list: TwimlVerb[]) => {
    for (const verb of list) {
      if (verb.name === "Say") says.push(verb.text);
      walk(verb.children);
    }
  };
  walk(verbs);
  const find = (name: string) => verbs.find((verb) => verb.name === name);
  const gather = find("Gather");
  const dial = find("Dial");
  const start = find("Start");
  return {
    verbs,
    says,
    gather: local(gather?.attributes.action),
    gatherAttributes: gather?.attributes ?? null,
    redirect: local(find("Redirect")?.text),
    dial: dial
      ? { number: dial.children.find((c) => c.name === "Number")?.text ?? "", attributes: dial.attributes }
      : null,
    hangup: verbs.some((verb) => verb.name === "Hangup"),
    recordingCallback: local(start?.children.find((c) => c.name === "Recording")?.attributes.recordingStatusCallback),
  };
}

export type CallsWorld = AgentWorld & {
  numberA: typeof phoneNumbers.$inferSelect;
  numberB: typeof phoneNumbers.$inferSelect;
  /**
   * Posts a voice webhook as the provider does: form-encoded, signed with the provider's token over the
   * public URL (or with another token, or not at all). `path` is relative to the server, query included.
   */
  voice(
    path: string,
    params: Record<string, string>,
    signature?: "valid" | "bad" | "none",
  ): Promise<LightMyRequestResponse>;
  /** The same, answered as TwiML read back (the answer must be a 200 in text/xml). */
  twiml(path: string, params: Record<string, string>): Promise<ReadTwiml>;
};

export async function callsWorld(options: TestAppOptions = {}): Promise<CallsWorld> {
  const world = await agentWorld({ ...options, env: { PUBLIC_URL: CALLS_PUBLIC_URL, ...options.env } });
  const numberA = await insertPhoneNumber(world.t.db, world.a.companyId, { aiEmployeeId: world.a.employee.id });
  const numberB = await insertPhoneNumber(world.t.db, world.b.companyId, { aiEmployeeId: world.b.employee.id });
  const voice: CallsWorld["voice"] = (path, params, signature = "valid") => {
    const url = path.startsWith("/webhooks/") ? path : `/webhooks/twilio/voice/${path}`;
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    const token = world.t.app.telephony.authToken;
    if (signature === "valid")
      headers["x-twilio-signature"] = twilioSignature(token, `${CALLS_PUBLIC_URL}${url}`, params);
    if (signature === "bad")
      headers["x-twilio-signature"] = twilioSignature(`${token}-other`, `${CALLS_PUBLIC_URL}${url}`, params);
    return world.t.app.inject({ method: "POST", url, headers, payload: new URLSearchParams(params).toString() });
  };
  return {
    ...world,
    numberA,
    numberB,
    voice,
    async twiml(path, params) {
      const response = await voice(path, params);
      if (response.statusCode !== 200 || !String(response.headers["content-type"]).startsWith("text/xml"))
        throw new Error(
          `${path} answered ${response.statusCode} ${response.headers["content-type"]}: ${response.body}`,
        );
      return readTwiml(response.body);
    },
  };
}
