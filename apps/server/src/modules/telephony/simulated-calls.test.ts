import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { INSTANT_TIMINGS, type SimulatorRequest } from "./simulated-calls.ts";
import { SimulatedProvider } from "./simulated-provider.ts";
import { TelephonyError } from "./telephony-provider.ts";
import { isTwilioSignatureValid } from "./twilio-signature.ts";

// The call simulator against a tiny TwiML responder (a transport answering by path), so it is tested
// without the calls module: what it sends, in what order, signed how, and what it does with the TwiML.

const APP = "https://app.example";
const OUR_NUMBER = "+15555550100";
const WAIT = { timeout: 10_000, interval: 5 };

type Received = SimulatorRequest & { path: string; signedRight: boolean };
type Responder = Record<string, (request: Received) => string | { status: number; body: string }>;

function world(routes: Responder, timings = INSTANT_TIMINGS) {
  const received: Received[] = [];
  const provider: SimulatedProvider = new SimulatedProvider({
    authToken: "simulated-token-for-tests",
    numbersInUse: async (e164s) => new Set(e164s.filter((e164) => e164 === OUR_NUMBER)),
    transport: async (request) => {
      const url = new URL(request.url);
      const path = url.pathname;
      const signedRight = isTwilioSignatureValid(provider.authToken, request.signature, request.url, request.params);
      const one = { ...request, path, signedRight };
      received.push(one);
      const answer = routes[path]?.(one) ?? "<Response/>";
      return typeof answer === "string" ? { status: 200, body: answer } : answer;
    },
    log: pino({ level: "silent" }) as FastifyBaseLogger,
    timings,
  });
  const place = (test: boolean, record = false) =>
    provider.placeCall({
      from: OUR_NUMBER,
      to: "+15550100999",
      url: `${APP}/voice/answer`,
      statusCallbackUrl: `${APP}/voice/status`,
      record,
      recordingStatusCallbackUrl: `${APP}/voice/recording`,
      test,
    });
  const state = (sid: string) => provider.simulator.callState(sid)!;
  const statuses = () => received.filter((request) => request.path === "/voice/status");
  return { provider, received, place, state, statuses };
}

const worlds: SimulatedProvider[] = [];
afterEach(async () => {
  for (const provider of worlds.splice(0)) await provider.simulator.close();
});
function track<T extends { provider: SimulatedProvider }>(w: T): T {
  worlds.push(w.provider);
  return w;
}

const gather = (n: number, say = "") =>
  `<Response>${say ? `<Say>${say}</Say>` : ""}<Gather input="speech" action="/voice/turn?n=${n}" method="POST" actionOnEmptyResult="true"/></Response>`;

describe("a simulated test call", () => {
  it("is answered at once, hears typed words as speech and plays the answers, every webhook signed", async () => {
    const w = track(
      world({
        "/voice/answer": () => gather(1, "Hi, this is Ana from Acme. How can I help?"),
        "/voice/turn": (request) =>
          request.params.SpeechResult === "Bye"
            ? "<Response><Say>Goodbye!</Say><Hangup/></Response>"
            : gather(
                Number(new URL(request.url).searchParams.get("n")) + 1,
                `You said: ${request.params.SpeechResult}`,
              ),
      }),
    );
    const placed = await w.place(true);
    expect(placed).toEqual({ sid: expect.stringMatching(/^CA[0-9a-f]{32}$/), status: "queued" });
    await vi.waitFor(() => expect(w.state(placed.sid).listening).toBe(true), WAIT);
    expect(w.state(placed.sid).spoken).toEqual(["Hi, this is Ana from Acme. How can I help?"]);

    await w.provider.say!(placed.sid, "Where is my order?");
    // say resolves once the answer has been played: the next <Gather> is listening.
    expect(w.state(placed.sid)).toMatchObject({
      status: "in-progress",
      listening: true,
      heard: ["Where is my order?"],
      spoken: ["Hi, this is Ana from Acme. How can I help?", "You said: Where is my order?"],
    });
    const turn = w.received.find((request) => request.path === "/voice/turn")!;
    expect(turn.url).toBe(`${APP}/voice/turn?n=1`);
    expect(turn.params).toMatchObject({
      CallSid: placed.sid,
      SpeechResult: "Where is my order?",
      Confidence: "0.9",
      From: OUR_NUMBER,
      To: "+15550100999",
      Direction: "outbound-api",
      CallStatus: "in-progress",
      AccountSid: w.provider.accountSid,
    });

    await w.provider.say!(placed.sid, "Bye");
    await w.provider.simulator.settled(placed.sid);
    expect(w.state(placed.sid)).toMatchObject({ status: "completed", listening: false });
    expect(w.state(placed.sid).spoken.at(-1)).toBe("Goodbye!");
    expect(w.statuses().map((request) => [request.params.CallStatus, request.params.SequenceNumber])).toEqual([
      ["queued", "0"],
      ["ringing", "1"],
      ["in-progress", "2"],
      ["completed", "3"],
    ]);
    expect(w.statuses().at(-1)!.params).toMatchObject({
      CallDuration: expect.stringMatching(/^\d+$/),
      CallSid: placed.sid,
    });
    expect(w.received.every((request) => request.signedRight)).toBe(true);
    expect(w.received.map((request) => request.path)).toEqual([
      "/voice/status",
      "/voice/status",
      "/voice/status",
      "/voice/answer",
      "/voice/turn",
      "/voice/turn",
      "/voice/status",
    ]);

    const late = await w.provider.say!(placed.sid, "Hello?").catch((error: unknown) => error);
    expect(late).toBeInstanceOf(TelephonyError);
    expect(late).toMatchObject({ code: 21220, status: 409 });
  });

  it("keeps words typed while the call is still being answered until it listens", async () => {
    const w = track(
      world({
        "/voice/answer": () => gather(1, "Hello?"),
        "/voice/turn": (request) => gather(2, `Heard ${request.params.SpeechResult}`),
      }),
    );
    const { sid } = await w.place(true);
    expect(w.state(sid).listening).toBe(false);
    await w.provider.say!(sid, "Straight away");
    expect(w.state(sid)).toMatchObject({ heard: ["Straight away"], spoken: ["Hello?", "Heard Straight away"] });
  });

  it("dials staff who do not answer, records a message with its transcript, and serves the recording", async () => {
    const w = track(
      world({
        "/voice/answer": () => gather(1),
        "/voice/turn": () =>
          '<Response><Say>Connecting you now.</Say><Dial action="/voice/dial-result" timeout="20"><Number>+15550100500</Number></Dial></Response>',
        "/voice/dial-result": () =>
          '<Response><Say>Nobody is free. Leave a message.</Say><Record action="/voice/message" maxLength="60" transcribeCallback="/voice/transcript"/></Response>',
        "/voice/message": () => "<Response><Say>Thanks, we will call you back.</Say><Hangup/></Response>",
      }),
    );
    const { sid } = await w.place(true);
    await vi.waitFor(() => expect(w.state(sid).listening).toBe(true), WAIT);
    await w.provider.say!(sid, "I want to talk to a person");
    const dial = w.received.find((request) => request.path === "/voice/dial-result")!;
    expect(dial.params).toMatchObject({ DialCallStatus: "no-answer", DialCallDuration: "0" });
    expect(w.state(sid).listening).toBe(true);

    await w.provider.say!(sid, "Please call me back about invoice 42");
    await w.provider.simulator.settled(sid);
    const transcript = w.received.find((request) => request.path === "/voice/transcript")!;
    const message = w.received.find((request) => request.path === "/voice/message")!;
    expect(transcript.params).toMatchObject({
      TranscriptionText: "Please call me back about invoice 42",
      TranscriptionStatus: "completed",
      RecordingSid: message.params.RecordingSid,
    });
    expect(message.params).toMatchObject({ RecordingUrl: expect.any(String), RecordingDuration: "3" });
    expect(w.state(sid)).toMatchObject({ status: "completed" });
    expect(w.received.every((request) => request.signedRight)).toBe(true);

    const audio = await w.provider.fetchRecording(message.params.RecordingUrl!);
    expect(audio.contentType).toBe("audio/wav");
    expect(audio.body.subarray(0, 4).toString("ascii")).toBe("RIFF");
    expect(audio.body.readUInt32LE(40)).toBe(3 * 8000);
    await expect(w.provider.fetchRecording("https://evil.example/Recordings/RE1")).rejects.toMatchObject({
      status: 400,
    });
  });

  it("records the call when <Start><Recording> says so, and posts the recording when it ends", async () => {
    const w = track(
      world({
        "/voice/answer": () =>
          '<Response><Say>This call is recorded.</Say><Start><Recording recordingStatusCallback="/voice/recording?call=7"/></Start><Redirect method="POST">/voice/greeting</Redirect></Response>',
        "/voice/greeting": () => gather(1, "How can I help?"),
      }),
    );
    const { sid } = await w.place(true);
    await vi.waitFor(() => expect(w.state(sid).listening).toBe(true), WAIT);
    expect(w.state(sid).spoken).toEqual(["This call is recorded.", "How can I help?"]);
    await w.provider.hangup(sid, "completed");
    await vi.waitFor(() => expect(w.received.some((request) => request.path === "/voice/recording")).toBe(true), WAIT);
    const recording = w.received.find((request) => request.path === "/voice/recording")!;
    expect(recording.url).toBe(`${APP}/voice/recording?call=7`);
    expect(recording.params).toMatchObject({
      CallSid: sid,
      RecordingSid: w.state(sid).recordingSid,
      RecordingStatus: "completed",
      RecordingDuration: expect.stringMatching(/^\d+$/),
    });
    expect(recording.signedRight).toBe(true);
    expect(w.statuses().at(-1)!.params.CallStatus).toBe("completed");
    const audio = await w.provider.fetchRecording(`${recording.params.RecordingUrl}.wav`);
    expect(audio.body.subarray(8, 12).toString("ascii")).toBe("WAVE");
  });

  it("ends when nobody types for a long while", async () => {
    const w = track(world({ "/voice/answer": () => gather(1, "Hello?") }, { ...INSTANT_TIMINGS, testListenMs: 20 }));
    const { sid } = await w.place(true);
    await vi.waitFor(() => expect(w.state(sid).status).toBe("completed"), WAIT);
    await w.provider.simulator.settled(sid);
    expect(w.statuses().map((request) => request.params.CallStatus)).toEqual([
      "queued",
      "ringing",
      "in-progress",
      "completed",
    ]);
    expect(w.received.some((request) => request.path === "/voice/turn")).toBe(false);
  });

  it("ends with an application error when the TwiML cannot be used", async () => {
    const w = track(world({ "/voice/answer": () => ({ status: 500, body: "oops" }) }));
    const { sid } = await w.place(true);
    await vi.waitFor(() => expect(w.state(sid).status).toBe("completed"), WAIT);
    const bad = track(world({ "/voice/answer": () => "<Response><Say>unclosed</Response>" }));
    const other = await bad.place(true);
    await vi.waitFor(() => expect(bad.state(other.sid).status).toBe("completed"), WAIT);
  });

  it("asks with GET when the TwiML says so, signing the URL with its query", async () => {
    const w = track(
      world({
        "/voice/answer": () => '<Response><Gather input="speech" action="/voice/turn?n=1" method="GET"/></Response>',
        "/voice/turn": () => "<Response><Hangup/></Response>",
      }),
    );
    const { sid } = await w.place(true);
    await vi.waitFor(() => expect(w.state(sid).listening).toBe(true), WAIT);
    await w.provider.say!(sid, "Hi there");
    const turn = w.received.find((request) => request.path === "/voice/turn")!;
    expect(turn.method).toBe("GET");
    expect(turn.params).toEqual({});
    expect(new URL(turn.url).searchParams.get("SpeechResult")).toBe("Hi there");
    expect(new URL(turn.url).searchParams.get("n")).toBe("1");
    expect(turn.signedRight).toBe(true);
  });
});

describe("a simulated call to a customer", () => {
  it("rings, is answered, and a scripted callee talks for three turns and hangs up", async () => {
    const w = track(
      world({
        "/voice/answer": () => gather(1, "Hi, this is Ana from Acme."),
        "/voice/turn": (request) => gather(2, `Answer to: ${request.params.SpeechResult}`),
      }),
    );
    const { sid } = await w.place(false);
    await vi.waitFor(() => expect(w.state(sid).status).toBe("completed"), WAIT);
    await w.provider.simulator.settled(sid);
    const state = w.state(sid);
    expect(state.heard).toHaveLength(3);
    expect(state.heard[0]).toBe("Hello?");
    expect(state.heard[2]).toBe("Thanks, bye.");
    expect(state.spoken).toEqual(["Hi, this is Ana from Acme.", ...state.heard.map((line) => `Answer to: ${line}`)]);
    expect(w.statuses().map((request) => request.params.CallStatus)).toEqual([
      "queued",
      "ringing",
      "in-progress",
      "completed",
    ]);
    expect(w.received.every((request) => request.signedRight)).toBe(true);
    // Typed words are for test calls only.
    await expect(w.provider.say!(sid, "Hello")).rejects.toMatchObject({ status: 409 });
  });

  it("records the whole call when asked to, and is cancelled when hung up while ringing", async () => {
    const recorded = track(world({ "/voice/answer": () => "<Response><Say>Hello</Say></Response>" }));
    const { sid } = await recorded.place(false, true);
    await vi.waitFor(
      () => expect(recorded.received.some((request) => request.path === "/voice/recording")).toBe(true),
      WAIT,
    );
    expect(recorded.received.find((request) => request.path === "/voice/recording")!.params).toMatchObject({
      CallSid: sid,
      RecordingSource: "OutboundAPI",
    });

    const ringing = track(world({}, { ...INSTANT_TIMINGS, ringMs: 60 * 60_000 }));
    const call = await ringing.place(false);
    await vi.waitFor(() => expect(ringing.state(call.sid).statusCallbacks).toEqual(["queued", "ringing"]), WAIT);
    await ringing.provider.hangup(call.sid, "canceled");
    await vi.waitFor(() => expect(ringing.state(call.sid).status).toBe("canceled"), WAIT);
    await ringing.provider.simulator.settled(call.sid);
    expect(ringing.statuses().map((request) => [request.params.CallStatus, request.params.CallDuration])).toEqual([
      ["queued", undefined],
      ["ringing", undefined],
      ["canceled", "0"],
    ]);
    expect(ringing.received.some((request) => request.path === "/voice/answer")).toBe(false);
  });

  it("is refused as Twilio refuses: a number not ours, an invalid or blocked callee, an unknown call", async () => {
    const w = track(world({}));
    const call = {
      from: OUR_NUMBER,
      to: "+15550100999",
      url: `${APP}/voice/answer`,
      statusCallbackUrl: `${APP}/voice/status`,
      record: false,
      recordingStatusCallbackUrl: `${APP}/voice/recording`,
      test: false,
    };
    await expect(w.provider.placeCall({ ...call, from: "+15555550199" })).rejects.toMatchObject({ code: 21210 });
    await expect(w.provider.placeCall({ ...call, to: "555" })).rejects.toMatchObject({ code: 21211 });
    await expect(w.provider.placeCall({ ...call, to: "+15005550004" })).rejects.toMatchObject({ code: 21216 });
    await expect(w.provider.hangup(`CA${"0".repeat(32)}`, "completed")).rejects.toMatchObject({ code: 20404 });
    await expect(w.provider.say!(`CA${"0".repeat(32)}`, "hi")).rejects.toMatchObject({ code: 20404 });
    expect(w.received).toEqual([]);
  });
});
