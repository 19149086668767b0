import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { TelephonyError } from "./telephony-provider.ts";
import { twilioSignature } from "./twilio-signature.ts";
import { childrenNamed, parseTwiml, type TwimlVerb } from "./twiml-parser.ts";

// The simulated provider's side of a call: it plays Twilio. Each call is a small state machine
// (queued → ringing → in-progress → an end) that sends the SAME signed webhooks Twilio would: status
// callbacks to the call's StatusCallback, a request for TwiML on answer, and <Gather>/<Record>/<Dial>
// actions; it reads the TwiML it gets back and does what it says. A test call's caller is a staff
// member typing (`say`); any other call's callee is a short script. State lives in this process's
// memory: a restart drops the simulated calls in progress (their rows stay as they were).

export type TwilioCallStatus =
  | "queued"
  | "ringing"
  | "in-progress"
  | "completed"
  | "busy"
  | "no-answer"
  | "canceled"
  | "failed";

/** One webhook the simulator sends: form parameters POSTed (or, for GET, in the query) to a URL. */
export type SimulatorRequest = {
  method: "POST" | "GET";
  url: string;
  params: Record<string, string>;
  /** X-Twilio-Signature, made with the provider's auth token over the URL as given. */
  signature: string;
};
export type SimulatorResponse = { status: number; body: string };
/** How webhooks reach the app: in-process (`app.inject`) in the product, anything in tests. */
export type SimulatorTransport = (request: SimulatorRequest) => Promise<SimulatorResponse>;

export type SimulationTimings = {
  /** How long a call (not a test call) rings before it is answered. */
  ringMs: number;
  /** How long the scripted callee takes to say each line. */
  calleeMs: number;
  /** How long a test call's <Gather> waits for typed words before the call ends. */
  testListenMs: number;
};
export const DEFAULT_TIMINGS: SimulationTimings = { ringMs: 2000, calleeMs: 1500, testListenMs: 5 * 60_000 };
/** What tests use: nothing waits but a test call for its typist. */
export const INSTANT_TIMINGS: SimulationTimings = { ringMs: 0, calleeMs: 0, testListenMs: 5 * 60_000 };

/** What the callee of a simulated call (not a test call) says, one line a <Gather>; then it hangs up. */
const CALLEE_MIDDLE_LINES = [
  "Yes, I wanted to ask about my last order.",
  "Sure, I have a minute. What is it about?",
  "Oh right, I was going to call you about the quote.",
  "Can you tell me when the delivery arrives?",
];
export const CALLEE_FIRST_LINE = "Hello?";
export const CALLEE_LAST_LINE = "Thanks, bye.";
/** How long typed words wait for a call still being answered to listen. */
const SAY_WAIT_MS = 30_000;
/** How sure the simulated speech recogniser is of every caller's words. */
const CONFIDENCE = "0.9";
/** Ended calls kept for `callState` (tests, the demo's recordings) before the oldest are forgotten. */
const KEPT_CALLS = 500;
const KEPT_RECORDINGS = 2000;

export type SimulatedCallInput = {
  from: string;
  to: string;
  url: string;
  statusCallbackUrl: string;
  record: boolean;
  recordingStatusCallbackUrl: string;
  test: boolean;
};

/** What tests and the provider may read of a call. */
export type SimulatedCallState = {
  sid: string;
  status: TwilioCallStatus;
  test: boolean;
  /** The CallStatus of each status callback sent, in order. */
  statusCallbacks: TwilioCallStatus[];
  /** What the call heard from our side (<Say> text), in order. */
  spoken: string[];
  /** What the caller or callee said, in order. */
  heard: string[];
  /** Waiting for the caller's words (a <Gather> or <Record>). */
  listening: boolean;
  recordingSid: string | null;
  durationSeconds: number | null;
};

type Listening = {
  verb: TwimlVerb;
  /** Where the words go (the verb's action, else the document's URL, as Twilio does). */
  action: string;
  method: "POST" | "GET";
  timer: NodeJS.Timeout | null;
};

type Recording = { sid: string; startedAt: number; callbackUrl: string | null };

type SimCall = SimulatedCallInput & {
  sid: string;
  status: TwilioCallStatus;
  sequence: number;
  answeredAt: number | null;
  endedAt: number | null;
  listening: Listening | null;
  calleeLines: string[];
  recording: Recording | null;
  timers: Set<NodeJS.Timeout>;
  /** Typed words waiting for the call to listen. */
  waiters: Set<() => void>;
  /** The call's webhooks, one at a time and in order. */
  chain: Promise<void>;
  state: SimulatedCallState;
};

const hex32 = () => randomBytes(16).toString("hex");
const method = (value: string | undefined): "POST" | "GET" => (value?.toUpperCase() === "GET" ? "GET" : "POST");
/** Twilio's Timestamp: RFC 2822, as its callbacks write it. */
const rfc2822 = (date: Date) => date.toUTCString().replace("GMT", "+0000");

export class CallSimulator {
  readonly #calls = new Map<string, SimCall>();
  /** Recording SID → its length in seconds, for the generated audio. */
  readonly #recordings = new Map<string, number>();
  #closed = false;
  timings: SimulationTimings;

  constructor(
    private readonly options: {
      accountSid: string;
      authToken: string;
      /** The recordings' address prefix (…/Recordings/RE…), served by the provider's fetchRecording. */
      recordingBaseUrl: string;
      transport: SimulatorTransport;
      log: FastifyBaseLogger;
      timings?: SimulationTimings;
    },
  ) {
    this.timings = options.timings ?? DEFAULT_TIMINGS;
  }

  /** Starts a call: answers its SID at once, as Twilio does; the callbacks follow. */
  place(input: SimulatedCallInput): { sid: string; status: "queued" } {
    if (this.#closed) throw new TelephonyError("The simulated phone network is shutting down", null, 503);
    const sid = `CA${hex32()}`;
    const middle = CALLEE_MIDDLE_LINES[Number.parseInt(sid.slice(-2), 16) % CALLEE_MIDDLE_LINES.length]!;
    const call: SimCall = {
      ...input,
      sid,
      status: "queued",
      sequence: 0,
      answeredAt: null,
      endedAt: null,
      listening: null,
      calleeLines: [CALLEE_FIRST_LINE, middle, CALLEE_LAST_LINE],
      recording: null,
      timers: new Set(),
      waiters: new Set(),
      chain: Promise.resolve(),
      state: {
        sid,
        status: "queued",
        test: input.test,
        statusCallbacks: [],
        spoken: [],
        heard: [],
        listening: false,
        recordingSid: null,
        durationSeconds: null,
      },
    };
    this.#remember(call);
    this.#later(call, 0, () => this.#dial(call));
    return { sid, status: "queued" };
  }

  /**
   * A test call's caller speaking: the words go to the pending <Gather>, and the answer is played. Words
   * typed before the call listens (it is still being answered) wait for it, up to SAY_WAIT_MS.
   */
  async say(sid: string, text: string): Promise<void> {
    const call = this.#find(sid);
    if (!call.test) throw new TelephonyError("Only a test call takes typed words", null, 409);
    await this.#untilListening(call);
    return this.#run(call, async () => {
      if (call.endedAt !== null) throw new TelephonyError("The call has ended", 21220, 409);
      if (!call.listening) throw new TelephonyError("The call is not listening for words right now", 21220, 409);
      await this.#heard(call, call.listening, text);
    });
  }

  /**
   * Ends a call now: `canceled` before it was answered, `completed` after. The final status callback
   * follows, as Twilio's does (this never waits on a webhook, so a webhook may hang up its own call).
   */
  hangup(sid: string): void {
    const call = this.#find(sid);
    if (!this.#finish(call, call.answeredAt === null ? "canceled" : "completed")) return;
    this.#run(call, () => this.#sendEnd(call)).catch(() => {});
  }

  /** A call's state, while the process remembers it. */
  callState(sid: string): SimulatedCallState | null {
    const call = this.#calls.get(sid);
    return call ? { ...call.state, statusCallbacks: [...call.state.statusCallbacks] } : null;
  }

  /** Resolves when the call's webhooks sent so far have been answered (tests). */
  async settled(sid: string): Promise<void> {
    const call = this.#find(sid);
    for (let seen: Promise<void> | null = null; seen !== call.chain; ) {
      seen = call.chain;
      await seen;
    }
  }

  /** A recording's length in seconds (null when this process never made it). */
  recordingSeconds(recordingSid: string): number | null {
    return this.#recordings.get(recordingSid) ?? null;
  }

  /** Stops every call's timers and waits for the webhooks under way; nothing is sent after. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const call of this.#calls.values()) {
      for (const timer of call.timers) clearTimeout(timer);
      this.#wakeWaiters(call);
    }
    await Promise.allSettled([...this.#calls.values()].map((call) => call.chain));
  }

  /** Resolves once the call listens or has ended, or after SAY_WAIT_MS (the caller then hears why). */
  async #untilListening(call: SimCall): Promise<void> {
    if (call.listening || call.endedAt !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, SAY_WAIT_MS);
      timer.unref();
      function done() {
        clearTimeout(timer);
        call.waiters.delete(done);
        resolve();
      }
      call.waiters.add(done);
    });
  }

  #wakeWaiters(call: SimCall) {
    for (const waiter of [...call.waiters]) waiter();
  }

  // ------------------------------------------------------------------------------------------------
  // The state machine.

  async #dial(call: SimCall) {
    if (call.endedAt !== null) return;
    await this.#sendStatus(call, "queued");
    if (call.endedAt !== null) return;
    this.#move(call, "ringing");
    await this.#sendStatus(call, "ringing");
    // A test call is answered at once: the staff member placing it is the one on the line.
    if (call.test) await this.#answer(call);
    else this.#later(call, this.timings.ringMs, () => this.#answer(call));
  }

  async #answer(call: SimCall) {
    if (call.endedAt !== null) return;
    this.#move(call, "in-progress");
    call.answeredAt = Date.now();
    if (call.record) this.#startRecording(call, call.recordingStatusCallbackUrl);
    await this.#sendStatus(call, "in-progress");
    await this.#fetchAndExecute(call, call.url, "POST", {});
  }

  /** Asks for TwiML and plays it; an unusable answer ends the call (Twilio's "application error"). */
  async #fetchAndExecute(call: SimCall, url: string, how: "POST" | "GET", extra: Record<string, string>) {
    if (call.endedAt !== null) return;
    const answer = await this.#send(call, how, url, { ...this.#callParams(call), ...extra });
    if (call.endedAt !== null) return;
    let verbs: TwimlVerb[];
    try {
      if (!answer || answer.status < 200 || answer.status >= 300)
        throw new Error(`answered ${answer?.status ?? "nothing"}`);
      verbs = parseTwiml(answer.body);
    } catch (error) {
      this.options.log.warn({ callSid: call.sid, url, err: error }, "simulated call: the TwiML could not be used");
      this.#finish(call, "completed");
      await this.#sendEnd(call);
      return;
    }
    await this.#execute(call, verbs, url);
  }

  async #execute(call: SimCall, verbs: TwimlVerb[], documentUrl: string) {
    for (const verb of verbs) {
      if (call.endedAt !== null) return;
      const resolve = (target: string | undefined) => (target ? new URL(target, documentUrl).toString() : documentUrl);
      switch (verb.name) {
        case "Say":
          if (verb.text) call.state.spoken.push(verb.text);
          break;
        case "Gather":
        case "Record":
          for (const say of childrenNamed(verb, "Say")) if (say.text) call.state.spoken.push(say.text);
          this.#listen(call, { verb, action: resolve(verb.attributes.action), method: method(verb.attributes.method) });
          // Twilio goes on with the verbs after a <Gather> only when it hears nothing; this caller always speaks.
          return;
        case "Redirect":
          await this.#fetchAndExecute(call, resolve(verb.text), method(verb.attributes.method), {});
          return;
        case "Dial": {
          // The simulated staff line never answers: the action hears no-answer, or the document goes on.
          if (!verb.attributes.action) break;
          const dialed = { DialCallStatus: "no-answer", DialCallSid: `CA${hex32()}`, DialCallDuration: "0" };
          await this.#fetchAndExecute(call, resolve(verb.attributes.action), method(verb.attributes.method), dialed);
          return;
        }
        case "Start":
          for (const recording of childrenNamed(verb, "Recording"))
            this.#startRecording(
              call,
              recording.attributes.recordingStatusCallback
                ? resolve(recording.attributes.recordingStatusCallback)
                : null,
            );
          break;
        case "Hangup":
        case "Reject":
          this.#finish(call, "completed");
          await this.#sendEnd(call);
          return;
        default:
          // <Play>, <Pause>, <Stop>, … take no part in what the simulation shows.
          break;
      }
    }
    // No verbs left: Twilio hangs up.
    if (this.#finish(call, "completed")) await this.#sendEnd(call);
  }

  #listen(call: SimCall, listening: Omit<Listening, "timer">) {
    const waiting: Listening = { ...listening, timer: null };
    call.listening = waiting;
    call.state.listening = true;
    this.#wakeWaiters(call);
    if (call.test) {
      // Nobody typed for a long while: the call ends, as a silent line would.
      waiting.timer = this.#later(call, this.timings.testListenMs, async () => {
        if (call.listening !== waiting) return;
        if (this.#finish(call, "completed")) await this.#sendEnd(call);
      });
    } else {
      waiting.timer = this.#later(call, this.timings.calleeMs, async () => {
        if (call.listening !== waiting) return;
        const line = call.calleeLines.shift();
        if (line === undefined) {
          if (this.#finish(call, "completed")) await this.#sendEnd(call);
        } else await this.#heard(call, waiting, line);
      });
    }
  }

  /** The caller's words reach what was listening: a <Gather>'s SpeechResult, or a <Record>ed message. */
  async #heard(call: SimCall, listening: Listening, text: string) {
    if (listening.timer) this.#cancel(call, listening.timer);
    call.listening = null;
    call.state.listening = false;
    call.state.heard.push(text);
    if (listening.verb.name === "Gather") {
      await this.#fetchAndExecute(call, listening.action, listening.method, {
        SpeechResult: text,
        Confidence: CONFIDENCE,
      });
      return;
    }
    // <Record>: a recording as long as the words take to say (about 2.5 words a second).
    const maxLength = Number(listening.verb.attributes.maxLength ?? 3600) || 3600;
    const seconds = Math.min(maxLength, Math.max(1, Math.ceil(text.split(/\s+/).length / 2.5)));
    const recordingSid = this.#newRecording(seconds);
    const recordingUrl = `${this.options.recordingBaseUrl}/${recordingSid}`;
    const base = { RecordingSid: recordingSid, RecordingUrl: recordingUrl };
    const transcribe = listening.verb.attributes.transcribeCallback;
    if (transcribe) {
      await this.#send(call, "POST", new URL(transcribe, listening.action).toString(), {
        ...this.#callParams(call),
        ...base,
        TranscriptionSid: `TR${hex32()}`,
        TranscriptionText: text,
        TranscriptionStatus: "completed",
      });
    }
    const statusCallback = listening.verb.attributes.recordingStatusCallback;
    if (statusCallback) {
      await this.#send(call, "POST", new URL(statusCallback, listening.action).toString(), {
        AccountSid: this.options.accountSid,
        CallSid: call.sid,
        ...base,
        RecordingStatus: "completed",
        RecordingDuration: String(seconds),
        RecordingChannels: "1",
        RecordingSource: "RecordVerb",
      });
    }
    await this.#fetchAndExecute(call, listening.action, listening.method, {
      ...base,
      RecordingDuration: String(seconds),
      Digits: "hangup",
    });
  }

  #startRecording(call: SimCall, callbackUrl: string | null) {
    if (call.recording || call.answeredAt === null) return;
    call.recording = { sid: `RE${hex32()}`, startedAt: Date.now(), callbackUrl };
    call.state.recordingSid = call.recording.sid;
  }

  #move(call: SimCall, status: TwilioCallStatus) {
    call.status = status;
    call.state.status = status;
  }

  /** Marks the call ended (once): its timers stop and nothing it was listening for can arrive. */
  #finish(call: SimCall, status: TwilioCallStatus): boolean {
    if (call.endedAt !== null) return false;
    call.endedAt = Date.now();
    this.#move(call, status);
    call.listening = null;
    call.state.listening = false;
    for (const timer of call.timers) clearTimeout(timer);
    call.timers.clear();
    call.state.durationSeconds = this.#duration(call);
    this.#wakeWaiters(call);
    return true;
  }

  /** The final status callback, then the call recording's (Twilio sends it once the audio is ready). */
  async #sendEnd(call: SimCall) {
    await this.#sendStatus(call, call.status);
    const recording = call.recording;
    if (!recording?.callbackUrl) return;
    const seconds = Math.max(0, Math.round(((call.endedAt ?? Date.now()) - recording.startedAt) / 1000));
    this.#recordings.set(recording.sid, seconds);
    this.#trim(this.#recordings, KEPT_RECORDINGS);
    await this.#send(call, "POST", recording.callbackUrl, {
      AccountSid: this.options.accountSid,
      CallSid: call.sid,
      RecordingSid: recording.sid,
      RecordingUrl: `${this.options.recordingBaseUrl}/${recording.sid}`,
      RecordingStatus: "completed",
      RecordingDuration: String(seconds),
      RecordingChannels: "2",
      RecordingSource: call.record ? "OutboundAPI" : "StartCallRecordingAPI",
      RecordingStartTime: rfc2822(new Date(recording.startedAt)),
    });
  }

  #newRecording(seconds: number): string {
    const sid = `RE${hex32()}`;
    this.#recordings.set(sid, seconds);
    this.#trim(this.#recordings, KEPT_RECORDINGS);
    return sid;
  }

  #duration(call: SimCall): number {
    if (call.answeredAt === null) return 0;
    return Math.max(0, Math.round(((call.endedAt ?? Date.now()) - call.answeredAt) / 1000));
  }

  // ------------------------------------------------------------------------------------------------
  // Webhooks.

  #callParams(call: SimCall): Record<string, string> {
    return {
      AccountSid: this.options.accountSid,
      ApiVersion: "2010-04-01",
      CallSid: call.sid,
      CallStatus: call.status,
      Called: call.to,
      Caller: call.from,
      Direction: "outbound-api",
      From: call.from,
      To: call.to,
    };
  }

  async #sendStatus(call: SimCall, status: TwilioCallStatus) {
    call.state.statusCallbacks.push(status);
    const ended = call.endedAt !== null;
    await this.#send(call, "POST", call.statusCallbackUrl, {
      ...this.#callParams(call),
      CallStatus: status,
      CallbackSource: "call-progress-events",
      SequenceNumber: String(call.sequence++),
      Timestamp: rfc2822(new Date()),
      ...(ended
        ? { CallDuration: String(this.#duration(call)), Duration: String(Math.ceil(this.#duration(call) / 60)) }
        : {}),
    });
  }

  /** One signed webhook; a failure is logged (Twilio does not retry these either) and answers null. */
  async #send(
    call: SimCall,
    how: "POST" | "GET",
    url: string,
    params: Record<string, string>,
  ): Promise<SimulatorResponse | null> {
    if (this.#closed) return null;
    let target = url;
    let signed = params;
    if (how === "GET") {
      const withQuery = new URL(url);
      for (const [name, value] of Object.entries(params)) withQuery.searchParams.set(name, value);
      target = withQuery.toString();
      signed = {};
    }
    try {
      return await this.options.transport({
        method: how,
        url: target,
        params: signed,
        signature: twilioSignature(this.options.authToken, target, signed),
      });
    } catch (error) {
      this.options.log.warn({ callSid: call.sid, url, err: error }, "simulated call: a webhook could not be delivered");
      return null;
    }
  }

  // ------------------------------------------------------------------------------------------------
  // Bookkeeping.

  #find(sid: string): SimCall {
    const call = this.#calls.get(sid);
    if (!call) throw new TelephonyError(`The requested resource /Calls/${sid} was not found`, 20404, 404);
    return call;
  }

  /** Runs `step` after the call's webhooks under way; a failure is logged, never thrown at a timer. */
  #run(call: SimCall, step: () => Promise<void>): Promise<void> {
    const run = call.chain.then(step);
    call.chain = run.catch((error) => {
      if (!(error instanceof TelephonyError))
        this.options.log.error({ callSid: call.sid, err: error }, "simulated call: a step failed");
    });
    return run;
  }

  #later(call: SimCall, ms: number, step: () => Promise<void>): NodeJS.Timeout {
    const timer = setTimeout(() => {
      call.timers.delete(timer);
      if (!this.#closed) void this.#run(call, step).catch(() => {});
    }, ms);
    // A call waiting for its typist never keeps the process alive.
    timer.unref();
    call.timers.add(timer);
    return timer;
  }

  #cancel(call: SimCall, timer: NodeJS.Timeout) {
    clearTimeout(timer);
    call.timers.delete(timer);
  }

  #remember(call: SimCall) {
    this.#calls.set(call.sid, call);
    if (this.#calls.size <= KEPT_CALLS) return;
    for (const [sid, old] of this.#calls) {
      if (this.#calls.size <= KEPT_CALLS) break;
      if (old.endedAt !== null) this.#calls.delete(sid);
    }
  }

  #trim(map: Map<string, unknown>, max: number) {
    for (const key of map.keys()) {
      if (map.size <= max) break;
      map.delete(key);
    }
  }
}
