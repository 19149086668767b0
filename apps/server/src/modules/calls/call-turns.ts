import { spokenText } from "@foreman/contract";
import { findRunOfMessage, listPendingReplies } from "../agents/index.ts";
import { receiveCallerWords } from "../channels/index.ts";
import { handOff } from "./call-handoff.ts";
import { linkConversation } from "./call-transitions.ts";
import {
  confidenceIn,
  isLive,
  speechIn,
  speechOf,
  theirNumber,
  turnMessageId,
  type VoiceParams,
} from "./call-webhook-call.ts";
import {
  appendTurn,
  type CallRow,
  conversationHandler,
  findCallerMessage,
  findCompanyCustomer,
  findReplyTo,
  findTurnOfMessage,
} from "./calls.repository.ts";
import { gatherSpeech, hangup, redirect, say, twiml } from "./twiml.ts";
import type { CallDeps } from "./voice-deps.ts";

// One turn of a call: the caller's recognised words go in through the phone channel like any customer
// message, the AI employee's run answers them as in chat (same tools, same rules), and the reply is
// spoken back with the next <Gather>. Nothing here knows the model: it waits for the run like the
// playground does.

/**
 * How often a turn looks for the run's answer while it waits, when no live event wakes it first: the
 * run's reply is announced on the event bus (on every instance), so the turn looks at once then.
 */
const POLL_MS = 100;
/** "One moment"s a turn may say before it gives the caller to staff. */
const MAX_WAITS = 3;

export type TurnQuery = { n: number; retry: boolean; wait: number };

/** The caller's name for their messages: the customer's when known, else what the provider says, else the number. */
async function callerName(deps: CallDeps, call: CallRow, params: VoiceParams): Promise<string> {
  if (call.customerId) {
    const customer = await findCompanyCustomer(deps.db, call.companyId, call.customerId);
    if (customer) return customer.name;
  }
  const given = (params.CallerName ?? "").trim().slice(0, 100);
  return given || theirNumber(call);
}

/** The next listen: the caller's turn `n`, with `words` spoken first (they may talk over them). */
function listen(deps: CallDeps, call: CallRow, n: number, words: string, extra: { retry?: boolean } = {}) {
  const { tag } = speechOf(call);
  return gatherSpeech({ action: deps.urls.turn(call.id, n, extra), language: tag, prompt: say(words, tag) });
}

/** Answers the caller's words of turn `n` (or, after "One moment", picks the answer up). */
export async function answerTurn(
  deps: CallDeps,
  call: CallRow | null,
  query: TurnQuery,
  params: VoiceParams,
  receivedAt: number,
): Promise<string> {
  if (!isLive(call)) return twiml(hangup());
  const { phrases, tag } = speechOf(call);
  if (query.wait > 0) {
    const words = await findCallerMessage(deps.db, call.companyId, turnMessageId(call, query.n));
    if (!words) return twiml(listen(deps, call, query.n, phrases.reprompt));
    return answerWords(deps, call, query, words, words.createdAt.getTime());
  }
  const speech = speechIn(params);
  if (!speech) {
    // Silence (or nothing the recogniser understood): asked once more, then the call ends.
    if (!query.retry) return twiml(listen(deps, call, query.n, phrases.reprompt, { retry: true }));
    await appendTurn(deps.db, {
      companyId: call.companyId,
      callId: call.id,
      speaker: "system",
      text: phrases.goodbyeSilent,
    });
    return twiml(say(phrases.goodbyeSilent, tag), hangup());
  }
  const received = await receiveCallerWords(deps, {
    companyId: call.companyId,
    phoneNumberId: call.phoneNumberId,
    aiEmployeeId: call.aiEmployeeId,
    callerNumber: theirNumber(call),
    customerId: call.customerId,
    conversationId: call.conversationId,
    isTest: call.isTest,
    externalId: turnMessageId(call, query.n),
    senderName: await callerName(deps, call, params),
    text: speech,
    withMessage: async (tx, message, customerId) => {
      await appendTurn(tx, {
        companyId: call.companyId,
        callId: call.id,
        speaker: "caller",
        text: speech,
        confidence: confidenceIn(params),
        messageId: message.id,
      });
      await linkConversation(tx, call.id, { conversationId: message.conversationId, customerId });
    },
  });
  // A retried webhook: the first delivery's words are answered (their answer may be stored already).
  const startedAt = received.duplicate ? Date.parse(received.message.createdAt ?? "") || receivedAt : receivedAt;
  return answerWords(deps, call, query, received.message, startedAt);
}

/** Waits for the run that answers the caller's message, then speaks its reply or hands the call on. */
async function answerWords(
  deps: CallDeps,
  call: CallRow,
  query: TurnQuery,
  words: { id: string; conversationId: string },
  startedAt: number,
): Promise<string> {
  const { phrases, tag } = speechOf(call);
  const messageId = words.id;
  const { run, failed } = await waitForRun(deps, call.companyId, words);
  if (!run) {
    if (failed || query.wait >= MAX_WAITS) return handOff(deps, call, phrases.cannotAnswer);
    return twiml(say(phrases.oneMoment, tag), redirect(deps.urls.turn(call.id, query.n, { wait: query.wait + 1 })));
  }
  const reply = await findReplyTo(deps.db, call.companyId, messageId);
  const spoken = reply ? spokenText(reply.content) : "";
  if (reply && spoken && !(await findTurnOfMessage(deps.db, call.id, reply.id)))
    await appendTurn(deps.db, {
      companyId: call.companyId,
      callId: call.id,
      speaker: "ai",
      text: spoken,
      messageId: reply.id,
      agentRunId: run.id,
      answerMs: Math.max(0, Date.now() - startedAt),
    });
  // The run handed the conversation to staff (the caller asked for a person, or it could not help), or
  // staff had taken it over: a person takes the call.
  const toStaff = (await conversationHandler(deps.db, call.companyId, words.conversationId)) === "staff";
  if (toStaff || !spoken)
    return handOff(deps, call, spoken || (run.outcome === "failed" ? phrases.cannotAnswer : null));
  return twiml(listen(deps, call, query.n + 1, spoken));
}

/** How often, while waiting, a turn checks whether the run's job failed for good. */
const FAILED_CHECK_MS = 250;

/**
 * The run that answered the caller's message, once it finished; no run when it is still going after the
 * turn's wait, or when its job failed for good (no answer is coming: the caller is not kept waiting).
 */
async function waitForRun(deps: CallDeps, companyId: string, words: { id: string; conversationId: string }) {
  const deadline = Date.now() + deps.turnWaitMs;
  let nextFailedCheck = Date.now() + FAILED_CHECK_MS;
  // Set by the reply's live events (message.created, conversation.updated); the poll is the fallback.
  let woken = false;
  let wake = () => {};
  const unsubscribe = deps.events.subscribe(companyId, (event) => {
    if ("conversationId" in event && event.conversationId === words.conversationId) {
      woken = true;
      wake();
    }
  });
  try {
    for (;;) {
      woken = false;
      const run = await findRunOfMessage(deps.db, companyId, words.id);
      if (run || Date.now() >= deadline) return { run, failed: false };
      if (Date.now() >= nextFailedCheck) {
        const [pending] = await listPendingReplies(deps.db, companyId, words.conversationId, words.id);
        if (pending?.state === "failed") return { run: null, failed: true };
        nextFailedCheck = Date.now() + FAILED_CHECK_MS;
      }
      // An event that came while the queries ran counts: look again at once.
      if (woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = () => {};
    }
  } finally {
    unsubscribe();
  }
}
