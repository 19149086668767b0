import { CALL_LANGUAGE_TAGS, CALL_PHRASES, type CallPhrases, callLanguageOfTag } from "@foreman/contract";
import { isUuid } from "#server/lib/uuid.ts";
import { adoptProviderSid, isFinal, PENDING_SID_PREFIX } from "./call-transitions.ts";
import { type CallRow, findCallById } from "./calls.repository.ts";
import type { CallDeps } from "./voice-deps.ts";

/** A provider's form parameters, one value each (a repeated one keeps its first). */
export type VoiceParams = Record<string, string>;

/**
 * The call a signed webhook's URL names (`?call=`), checked against the CallSid it carries: the sid of a
 * call we created before the provider named it is taken from its first callback; any other mismatch
 * answers null, as does an unknown call.
 */
export async function callOfWebhook(deps: CallDeps, callId: string | undefined, sid: string | undefined) {
  if (!callId || !isUuid(callId)) return null;
  let call = await findCallById(deps.db, callId);
  if (!call) return null;
  if (call.providerSid.startsWith(PENDING_SID_PREFIX)) {
    if (!sid) return null;
    call = (await adoptProviderSid(deps.db, call.id, sid)) ?? (await findCallById(deps.db, call.id));
    if (!call) return null;
  }
  if (sid && call.providerSid !== sid) return null;
  return call;
}

/** A call still going on: a turn for an ended one is answered with a hang-up. */
export const isLive = (call: CallRow | null): call is CallRow => call !== null && !isFinal(call.status);

/** The words the call is spoken with, and the tag its `<Say>` and `<Gather>` take. */
export function speechOf(call: Pick<CallRow, "language">): { phrases: CallPhrases; tag: string } {
  const language = callLanguageOfTag(call.language);
  return { phrases: CALL_PHRASES[language], tag: call.language || CALL_LANGUAGE_TAGS[language] };
}

/** Our number on the call: the one called (inbound) or called from (outbound). */
export const ourNumber = (call: CallRow) => (call.direction === "inbound" ? call.toNumber : call.fromNumber);

/** The other party's number: the caller (inbound) or the one we called (outbound). */
export const theirNumber = (call: CallRow) => (call.direction === "inbound" ? call.fromNumber : call.toNumber);

/** The id a turn's words are stored under in the conversation: unique per call and turn. */
export const turnMessageId = (call: CallRow, turn: number | "message") => `${call.providerSid}:${turn}`;

/** At most this much of what a caller said is taken (the recogniser's text of one turn). */
export const SPEECH_MAX_CHARS = 2000;

/** The recognised speech of a turn, trimmed and bounded; empty when the caller said nothing understood. */
export function speechIn(params: VoiceParams): string {
  return (params.SpeechResult ?? "").replace(/\s+/g, " ").trim().slice(0, SPEECH_MAX_CHARS);
}

/** The recogniser's confidence, 0–1, or null when it gave none. */
export function confidenceIn(params: VoiceParams): number | null {
  const value = Number.parseFloat(params.Confidence ?? "");
  return Number.isFinite(value) && value >= 0 && value <= 1 ? value : null;
}

/** A whole number of seconds the provider reported, or null. */
export function secondsIn(value: string | undefined): number | null {
  if (!value || !/^\d{1,7}$/.test(value.trim())) return null;
  return Number.parseInt(value, 10);
}
