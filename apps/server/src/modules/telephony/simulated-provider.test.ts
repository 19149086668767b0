import type { FastifyInstance, FastifyRequest } from "fastify";
import { afterAll, describe, expect, it, vi } from "vitest";
import { phoneNumbers } from "#server/db/schema/index.ts";
import { createTestApp } from "#server/test/app.ts";
import { createMember } from "#server/test/fixtures.ts";
import { instantCalls } from "#server/test/simulated-telephony.ts";
import { SimulatedProvider } from "./simulated-provider.ts";
import { isTwilioSignatureValid } from "./twilio-signature.ts";

// The simulated provider inside the app: it is the default, it reads which numbers companies hold from
// the database, and its webhooks reach the app in-process (app.inject), signed for the app's address.
// A tiny TwiML responder registered for the test stands in for the calls module.

type Hit = { path: string; params: Record<string, string>; signedRight: boolean };
const hits: Hit[] = [];

function responder(app: FastifyInstance) {
  const record = (request: FastifyRequest) => {
    const params = request.body as Record<string, string>;
    const signedRight = isTwilioSignatureValid(
      app.telephony.authToken,
      request.headers["x-twilio-signature"] as string | undefined,
      `${app.config.appUrl}${request.url}`,
      params,
    );
    hits.push({ path: request.url.split("?")[0]!, params, signedRight });
    return signedRight;
  };
  const twiml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><Response>${body}</Response>`;
  app.register(async (scope) => {
    scope.addHook("preHandler", async (request, reply) => {
      if (!record(request)) return reply.code(403).send({ error: "forbidden" });
    });
    const xml = { config: { keepWireCase: true } };
    scope.post("/test-voice/answer", xml, async (_request, reply) =>
      reply
        .type("text/xml")
        .send(twiml('<Say>Hello from the test.</Say><Gather input="speech" action="/test-voice/turn"/>')),
    );
    scope.post("/test-voice/turn", xml, async (request, reply) => {
      const { SpeechResult } = request.body as { SpeechResult: string };
      return reply.type("text/xml").send(twiml(`<Say>Heard ${SpeechResult}</Say><Hangup/>`));
    });
    scope.post("/test-voice/status", xml, async (_request, reply) => reply.code(204).send());
  });
}

const t = await createTestApp({ beforeReady: responder });
afterAll(() => t.close());
const { company } = await createMember(t.db);
const OURS = "+15555550100";
await t.db.insert(phoneNumbers).values({
  companyId: company.id,
  provider: "simulated",
  providerSid: `PN${"a".repeat(32)}`,
  e164: OURS,
  countryCode: "US",
  name: "Support line",
  capabilities: { voice: true, sms: true, mms: true },
  monthlyCostCents: 300,
});
const provider = instantCalls(t.app);

describe("the simulated provider in the app", () => {
  it("is the provider without Twilio credentials, signing with a token of its own", () => {
    expect(t.app.telephony).toBeInstanceOf(SimulatedProvider);
    expect(t.app.telephony.kind).toBe("simulated");
    expect(t.app.telephony.authToken).toMatch(/^[0-9a-f]{32}$/);
  });

  it("neither offers nor sells a number a company holds", async () => {
    const offered = await t.app.telephony.searchAvailable({ countryCode: "US" });
    expect(offered.map((number) => number.phoneNumber)).not.toContain(OURS);
    expect(offered[0]!.phoneNumber).toBe("+15555550101");
    await expect(
      t.app.telephony.purchase({ phoneNumber: OURS, friendlyName: "x", voiceUrl: "", statusCallbackUrl: "" }),
    ).rejects.toMatchObject({
      code: 21422,
    });
    const bought = await t.app.telephony.purchase({
      phoneNumber: "+15555550101",
      friendlyName: "x",
      voiceUrl: "",
      statusCallbackUrl: "",
    });
    expect(bought).toMatchObject({ sid: expect.stringMatching(/^PN[0-9a-f]{32}$/), phoneNumber: "+15555550101" });
  });

  it("plays a test call through the app's own routes, every webhook signed for the app's address", async () => {
    hits.length = 0;
    const base = t.config.appUrl;
    const { sid } = await t.app.telephony.placeCall({
      from: OURS,
      to: "+15550100999",
      url: `${base}/test-voice/answer`,
      statusCallbackUrl: `${base}/test-voice/status`,
      record: false,
      recordingStatusCallbackUrl: `${base}/test-voice/recording`,
      test: true,
    });
    await vi.waitFor(() => expect(provider.simulator.callState(sid)?.listening).toBe(true), { timeout: 10_000 });
    await t.app.telephony.say!(sid, "testing one two");
    await provider.simulator.settled(sid);
    expect(provider.simulator.callState(sid)).toMatchObject({
      status: "completed",
      spoken: ["Hello from the test.", "Heard testing one two"],
    });
    expect(hits.map((hit) => hit.path)).toEqual([
      "/test-voice/status",
      "/test-voice/status",
      "/test-voice/status",
      "/test-voice/answer",
      "/test-voice/turn",
      "/test-voice/status",
    ]);
    expect(hits.every((hit) => hit.signedRight)).toBe(true);
    expect(hits.at(-1)!.params).toMatchObject({ CallSid: sid, CallStatus: "completed", From: OURS });
  });

  it("reaches only the app itself: a call whose TwiML lives elsewhere ends at once", async () => {
    hits.length = 0;
    const base = t.config.appUrl;
    const { sid } = await t.app.telephony.placeCall({
      from: OURS,
      to: "+15550100999",
      url: "https://elsewhere.example/twiml",
      statusCallbackUrl: `${base}/test-voice/status`,
      record: false,
      recordingStatusCallbackUrl: `${base}/test-voice/recording`,
      test: true,
    });
    await vi.waitFor(() => expect(provider.simulator.callState(sid)?.status).toBe("completed"), { timeout: 10_000 });
    await provider.simulator.settled(sid);
    expect(hits.map((hit) => hit.params.CallStatus)).toEqual(["queued", "ringing", "in-progress", "completed"]);
  });
});
