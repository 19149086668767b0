import { randomUUID } from "node:crypto";
import {
  CALL_ENDED,
  CALL_HAS_NO_RECORDING,
  CALL_LANGUAGE_TAGS,
  CALL_NOT_ANSWERED,
  CALL_NOT_TEST,
  CALL_REFUSED_BY_PROVIDER,
  type Call,
  type CallDetail,
  type Calls,
  type CallsQuery,
  callLanguageOf,
  NUMBER_HAS_NO_EMPLOYEE,
  type PlaceCall,
  TELEPHONY_UNREACHABLE,
  TEST_CALLS_SIMULATED_ONLY,
} from "@foreman/contract";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { findPhoneNumber, readCallSettings } from "../phones/index.ts";
import { TelephonyError } from "../telephony/index.ts";
import { adoptProviderSid, advanceCall, isFinal, PENDING_SID_PREFIX } from "./call-transitions.ts";
import { toCall, toCallDetail } from "./call-view.ts";
import {
  agentRunIdsOf,
  type CallRow,
  findCallResults,
  findCompanyCall,
  findCompanyCustomer,
  findCompanyEmployee,
  findGreeter,
  findListedCall,
  insertCall,
  listCalls,
  listTurns,
} from "./calls.repository.ts";
import type { CallDeps } from "./voice-deps.ts";

// The calls staff see and make: the list, a call's detail, placing and ending calls, typing a test
// caller's words, and the recordings.

export const callNotFound = () => httpError(404, "not_found", "Call not found");

/** How long typed words on a test call wait for the AI employee's spoken answer to be stored. */
const SAY_WAIT_MS = 20_000;
const SAY_POLL_MS = 25;

export async function listCallsPage(deps: CallDeps, companyId: string, query: CallsQuery): Promise<Calls> {
  const { rows, total } = await listCalls(deps.db, companyId, query);
  return { calls: rows.map(toCall), total };
}

async function companyCall(deps: CallDeps, companyId: string, id: string): Promise<CallRow> {
  const call = isUuid(id) ? await findCompanyCall(deps.db, companyId, id) : null;
  if (!call) throw callNotFound();
  return call;
}

async function viewOf(deps: CallDeps, companyId: string, id: string): Promise<Call> {
  const listed = await findListedCall(deps.db, companyId, id);
  if (!listed) throw callNotFound();
  return toCall(listed);
}

export async function getCallDetail(deps: CallDeps, companyId: string, id: string): Promise<CallDetail> {
  const listed = isUuid(id) ? await findListedCall(deps.db, companyId, id) : null;
  if (!listed) throw callNotFound();
  const [turns, results, runIds] = await Promise.all([
    listTurns(deps.db, companyId, id),
    findCallResults(deps.db, listed.call),
    agentRunIdsOf(deps.db, companyId, id),
  ]);
  return toCallDetail(listed, turns, results, runIds);
}

const refuse = (field: string, message: string) =>
  httpError(422, "validation_failed", "Request validation failed", [{ field, message }]);

/** A provider's refusal or silence as what the caller of our API can act on. */
function providerFailure(error: TelephonyError) {
  if (error.code === null || error.status >= 500)
    return httpError(502, "telephony_unavailable", `${TELEPHONY_UNREACHABLE} (${error.message})`);
  return httpError(422, "call_refused", `${CALL_REFUSED_BY_PROVIDER}: ${error.message}`);
}

/**
 * Places a call from one of the company's active numbers, answered by the AI employee named or the
 * number's. The call is stored first (queued) so the provider's callbacks find it; a provider that
 * refuses leaves it failed, with the reason in the answer. A test call (simulated provider only) is
 * answered at once and spoken to by typing (`sayOnCall`).
 */
export async function placeCall(
  deps: CallDeps,
  scope: { companyId: string; userId: string },
  input: PlaceCall,
): Promise<Call> {
  const { companyId } = scope;
  const number = await findPhoneNumber(deps.db, companyId, input.phoneNumberId);
  if (number?.status !== "active") throw httpError(404, "not_found", "Phone number not found");
  const employeeId = input.aiEmployeeId ?? number.aiEmployeeId;
  if (!employeeId) throw refuse("aiEmployeeId", NUMBER_HAS_NO_EMPLOYEE);
  if (!(await findCompanyEmployee(deps.db, companyId, employeeId)))
    throw refuse("aiEmployeeId", "Choose an AI employee of this company");
  if (input.customerId && !(await findCompanyCustomer(deps.db, companyId, input.customerId)))
    throw refuse("customerId", "Choose a customer of this company");
  const test = input.test ?? false;
  if (test && deps.telephony.kind !== "simulated") throw refuse("test", TEST_CALLS_SIMULATED_ONLY);
  const greeter = await findGreeter(deps.db, companyId, employeeId);
  const settings = await readCallSettings(deps.db, companyId);
  const call = await deps.db.transaction((tx) =>
    insertCall(tx, {
      companyId,
      phoneNumberId: number.id,
      provider: deps.telephony.kind,
      providerSid: `${PENDING_SID_PREFIX}${randomUUID()}`,
      direction: "outbound",
      fromNumber: number.e164,
      toNumber: input.to,
      status: "queued",
      aiEmployeeId: employeeId,
      customerId: input.customerId ?? null,
      placedBy: scope.userId,
      isTest: test,
      language: CALL_LANGUAGE_TAGS[callLanguageOf(greeter?.answerLanguages ?? [])],
    }),
  );
  try {
    const placed = await deps.telephony.placeCall({
      from: number.e164,
      to: input.to,
      url: deps.urls.outbound(call.id),
      statusCallbackUrl: deps.urls.status(call.id),
      record: settings.recordingEnabled,
      recordingStatusCallbackUrl: deps.urls.recording(call.id),
      test,
    });
    // The provider's callbacks may have named the call already (the simulated provider calls back at once).
    await adoptProviderSid(deps.db, call.id, placed.sid);
    if (placed.status === "ringing") await deps.db.transaction((tx) => advanceCall(tx, call.id, "ringing"));
  } catch (error) {
    await deps.db.transaction((tx) => advanceCall(tx, call.id, "failed"));
    if (error instanceof TelephonyError) throw providerFailure(error);
    throw error;
  }
  return viewOf(deps, companyId, call.id);
}

/** Ends a call: cancelled while it rings, completed once answered; an ended call is answered as it is. */
export async function hangUpCall(deps: CallDeps, companyId: string, id: string): Promise<Call> {
  const call = await companyCall(deps, companyId, id);
  if (isFinal(call.status)) return viewOf(deps, companyId, id);
  const end = call.status === "in_progress" ? "completed" : "canceled";
  if (!call.providerSid.startsWith(PENDING_SID_PREFIX)) {
    try {
      await deps.telephony.hangup(call.providerSid, end);
    } catch (error) {
      // The provider answered that it cannot (the call ended there already): it ends here too. No answer
      // at all leaves the call as it is, to try again.
      if (!(error instanceof TelephonyError) || error.code === null || error.status >= 500)
        throw error instanceof TelephonyError ? providerFailure(error) : error;
    }
  }
  await deps.db.transaction((tx) => advanceCall(tx, call.id, end));
  return viewOf(deps, companyId, id);
}

/**
 * A test call's caller speaking, typed by staff: the words reach the call's pending <Gather> through the
 * simulated provider, exactly as spoken words would, and this answers once the AI employee's answer to
 * them is in the transcript.
 */
export async function sayOnCall(deps: CallDeps, companyId: string, id: string, text: string): Promise<CallDetail> {
  const call = await companyCall(deps, companyId, id);
  const say = deps.telephony.say;
  if (!call.isTest || !say) throw httpError(409, "call_not_test", CALL_NOT_TEST);
  if (isFinal(call.status)) throw httpError(409, "call_ended", CALL_ENDED);
  if (call.status !== "in_progress") throw httpError(409, "call_not_answered", CALL_NOT_ANSWERED);
  const before = (await listTurns(deps.db, companyId, id)).length;
  try {
    await say.call(deps.telephony, call.providerSid, text);
  } catch (error) {
    if (!(error instanceof TelephonyError)) throw error;
    const now = await companyCall(deps, companyId, id);
    if (isFinal(now.status)) throw httpError(409, "call_ended", CALL_ENDED);
    throw httpError(409, "call_not_listening", `The call is not listening right now: ${error.message}`);
  }
  await answeredSince(deps, companyId, id, before);
  return getCallDetail(deps, companyId, id);
}

/** Waits (bounded) until something was said after the caller's new words, or the call ended. */
async function answeredSince(deps: CallDeps, companyId: string, id: string, before: number): Promise<void> {
  const deadline = Date.now() + SAY_WAIT_MS;
  while (Date.now() < deadline) {
    const turns = await listTurns(deps.db, companyId, id);
    const fresh = turns.slice(before);
    const heard = fresh.findIndex((turn) => turn.speaker === "caller");
    if (heard >= 0 && fresh.slice(heard + 1).some((turn) => turn.speaker !== "caller")) return;
    const call = await findCompanyCall(deps.db, companyId, id);
    if (!call || isFinal(call.status)) return;
    await new Promise((resolve) => setTimeout(resolve, SAY_POLL_MS));
  }
}

/** The call's recording, fetched from the provider with its credentials. */
export async function fetchCallRecording(deps: CallDeps, companyId: string, id: string) {
  const call = await companyCall(deps, companyId, id);
  if (!call.recordingUrl) throw httpError(404, "not_found", CALL_HAS_NO_RECORDING);
  try {
    return await deps.telephony.fetchRecording(call.recordingUrl);
  } catch (error) {
    if (error instanceof TelephonyError) throw providerFailure(error);
    throw error;
  }
}
