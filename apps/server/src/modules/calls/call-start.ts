import { CALL_LANGUAGE_TAGS, CALL_PHRASES, callLanguageOf, callStatusFromTwilio } from "@foreman/contract";
import { findActiveNumberByE164, readCallSettings } from "../phones/index.ts";
import { advanceCall, recordRecording } from "./call-transitions.ts";
import { isLive, secondsIn, speechOf, type VoiceParams } from "./call-webhook-call.ts";
import { appendTurn, type CallRow, findCallBySid, findGreeter, insertCall, listTurns } from "./calls.repository.ts";
import { gatherSpeech, hangup, say, startRecording, twiml } from "./twiml.ts";
import type { CallDeps } from "./voice-deps.ts";

// How calls begin and what the provider tells us of them afterwards: an inbound call rings in on a
// number, an outbound one is answered; status and recording callbacks follow.

/** A call to a number nobody answers (not ours, released, or with no AI employee): told so, then ended. */
const notInService = () => twiml(say(CALL_PHRASES.en.notInService, CALL_LANGUAGE_TAGS.en), hangup());

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * A call ringing in on one of the companies' numbers: answered at once by the number's AI employee
 * with its greeting (and, when the company records calls, the notice and the recording), then the
 * first <Gather>. A retried webhook for the same call answers the same, writing nothing twice.
 */
export async function answerIncoming(deps: CallDeps, params: VoiceParams): Promise<string> {
  const sid = (params.CallSid ?? "").trim();
  const to = (params.To ?? "").trim();
  const from = (params.From ?? "").trim();
  if (!sid || sid.length > 64 || !E164.test(to)) return notInService();
  const number = await findActiveNumberByE164(deps.db, to);
  if (!number?.aiEmployeeId) return notInService();
  const greeter = await findGreeter(deps.db, number.companyId, number.aiEmployeeId);
  if (!greeter) return notInService();
  const language = callLanguageOf(greeter.answerLanguages);
  const tag = CALL_LANGUAGE_TAGS[language];
  const phrases = CALL_PHRASES[language];
  const settings = await readCallSettings(deps.db, number.companyId);
  const greeting = phrases.greeting(greeter.employeeName, greeter.companyName);
  const now = new Date();
  const call = await deps.db.transaction(async (tx) => {
    const row = await insertCall(tx, {
      companyId: number.companyId,
      phoneNumberId: number.id,
      provider: deps.telephony.kind,
      providerSid: sid,
      direction: "inbound",
      // A withheld caller id comes as "anonymous" or the like: kept as given, it finds no customer.
      fromNumber: from.slice(0, 32) || "anonymous",
      toNumber: to,
      status: "in_progress",
      aiEmployeeId: number.aiEmployeeId,
      language: tag,
      answeredAt: now,
      startedAt: now,
    });
    await greetOnce(tx, row, settings.recordingEnabled ? phrases.recorded : null, greeting);
    return row;
  });
  if (!isLive(call)) return twiml(hangup());
  return twiml(
    settings.recordingEnabled ? say(phrases.recorded, tag) : null,
    settings.recordingEnabled ? startRecording(deps.urls.recording(call.id)) : null,
    gatherSpeech({ action: deps.urls.turn(call.id, 1), language: tag, prompt: say(greeting, tag) }),
  );
}

/** An outbound call the callee answered: the AI employee introduces itself and listens. */
export async function answerOutbound(deps: CallDeps, call: CallRow | null): Promise<string> {
  if (!isLive(call) || !call.aiEmployeeId) return twiml(hangup());
  const greeter = await findGreeter(deps.db, call.companyId, call.aiEmployeeId);
  if (!greeter) return twiml(hangup());
  const { phrases, tag } = speechOf(call);
  const settings = await readCallSettings(deps.db, call.companyId);
  const greeting = phrases.greeting(greeter.employeeName, greeter.companyName);
  await deps.db.transaction(async (tx) => {
    await advanceCall(tx, call.id, "in_progress");
    await greetOnce(tx, call, settings.recordingEnabled ? phrases.recorded : null, greeting);
  });
  // An outbound call is recorded by the provider from the start (placeCall's `record`): only the notice here.
  return twiml(
    settings.recordingEnabled ? say(phrases.recorded, tag) : null,
    gatherSpeech({ action: deps.urls.turn(call.id, 1), language: tag, prompt: say(greeting, tag) }),
  );
}

/** The transcript's first lines, written once however often the call is announced. */
async function greetOnce(tx: Parameters<typeof appendTurn>[0], call: CallRow, notice: string | null, greeting: string) {
  if ((await listTurns(tx, call.companyId, call.id)).length > 0) return;
  if (notice) await appendTurn(tx, { companyId: call.companyId, callId: call.id, speaker: "system", text: notice });
  await appendTurn(tx, { companyId: call.companyId, callId: call.id, speaker: "ai", text: greeting });
}

/**
 * A status callback: the call moves forward only (repeated and out-of-order callbacks change nothing),
 * and its end stamps the time, the duration and the outcome. A callback for a call we do not know is
 * ignored (a number's calls that never reached us, another server's).
 */
export async function applyStatusCallback(deps: CallDeps, call: CallRow | null, params: VoiceParams): Promise<void> {
  const status = callStatusFromTwilio(params.CallStatus ?? "");
  const known = call ?? (params.CallSid ? await findCallBySid(deps.db, deps.telephony.kind, params.CallSid) : null);
  if (!known || !status) return;
  await deps.db.transaction((tx) =>
    advanceCall(tx, known.id, status, { durationSeconds: secondsIn(params.CallDuration) }),
  );
}

/** A recording the provider finished: where it is and how long, for the call's detail to play. */
export async function applyRecordingCallback(deps: CallDeps, call: CallRow | null, params: VoiceParams): Promise<void> {
  const known = call ?? (params.CallSid ? await findCallBySid(deps.db, deps.telephony.kind, params.CallSid) : null);
  if (!known) return;
  const state = (params.RecordingStatus ?? "completed").trim().toLowerCase();
  const sid = (params.RecordingSid ?? "").trim();
  const url = (params.RecordingUrl ?? "").trim();
  if (state !== "completed" || !sid || sid.length > 64 || !isHttpUrl(url)) return;
  await recordRecording(deps.db, known.id, { sid, url, durationSeconds: secondsIn(params.RecordingDuration) });
}

function isHttpUrl(value: string): boolean {
  if (value.length > 2000) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
  } catch {
    return false;
  }
}
