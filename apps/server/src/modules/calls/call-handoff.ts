import { CALL_NO_MESSAGE } from "@foreman/contract";
import { receiveCallerWords } from "../channels/index.ts";
import { readCallSettings } from "../phones/index.ts";
import { raiseCallBackItem } from "../tasks/index.ts";
import { decideOutcome, linkConversation } from "./call-transitions.ts";
import {
  isLive,
  ourNumber,
  speechIn,
  speechOf,
  theirNumber,
  turnMessageId,
  type VoiceParams,
} from "./call-webhook-call.ts";
import { appendTurn, type CallRow } from "./calls.repository.ts";
import { dial, gatherSpeech, hangup, say, twiml } from "./twiml.ts";
import type { CallDeps } from "./voice-deps.ts";

// A person takes the call: the company's fallback number is dialled with our number as the caller id;
// with none, or when nobody answers it, the caller leaves a message, which becomes an action item for
// staff to call back.

/** How long the fallback number rings before the caller is asked for a message instead. */
export const DIAL_TIMEOUT_SECONDS = 20;

/** Hands the call to a person, after `preface` (the AI employee's last words) when there is one. */
export async function handOff(deps: CallDeps, call: CallRow, preface: string | null): Promise<string> {
  const { phrases, tag } = speechOf(call);
  const settings = await readCallSettings(deps.db, call.companyId);
  if (!settings.fallbackNumber) return takeMessage(deps, call, preface);
  await appendTurn(deps.db, {
    companyId: call.companyId,
    callId: call.id,
    speaker: "system",
    text: phrases.connecting,
  });
  return twiml(
    preface ? say(preface, tag) : null,
    say(phrases.connecting, tag),
    dial({
      number: settings.fallbackNumber,
      callerId: ourNumber(call),
      action: deps.urls.dialResult(call.id),
      timeoutSeconds: DIAL_TIMEOUT_SECONDS,
    }),
  );
}

/** Asks the caller for a message, heard by the next <Gather> and posted to `/message`. */
async function takeMessage(deps: CallDeps, call: CallRow, preface: string | null): Promise<string> {
  const { phrases, tag } = speechOf(call);
  await appendTurn(deps.db, {
    companyId: call.companyId,
    callId: call.id,
    speaker: "system",
    text: phrases.leaveMessage,
  });
  return twiml(
    preface ? say(preface, tag) : null,
    gatherSpeech({ action: deps.urls.message(call.id), language: tag, prompt: say(phrases.leaveMessage, tag) }),
  );
}

/** The fallback number's answer: a call staff took ends with them; otherwise a message is taken. */
export async function answerDialResult(deps: CallDeps, call: CallRow | null, params: VoiceParams): Promise<string> {
  if (!isLive(call)) return twiml(hangup());
  const status = (params.DialCallStatus ?? "").trim().toLowerCase();
  if (status === "completed" || status === "answered") {
    await decideOutcome(deps.db, call.id, "transferred");
    return twiml(hangup());
  }
  return takeMessage(deps, call, null);
}

/**
 * The caller's message for staff: stored in the conversation (held for staff, not answered by the AI)
 * with an action item to call them back, once however often the provider delivers it; then goodbye.
 */
export async function answerMessage(deps: CallDeps, call: CallRow | null, params: VoiceParams): Promise<string> {
  if (!isLive(call)) return twiml(hangup());
  const { phrases, tag } = speechOf(call);
  const speech = speechIn(params);
  const caller = theirNumber(call);
  const raised: string[] = [];
  const received = await receiveCallerWords(deps, {
    companyId: call.companyId,
    phoneNumberId: call.phoneNumberId,
    aiEmployeeId: call.aiEmployeeId,
    callerNumber: caller,
    customerId: call.customerId,
    conversationId: call.conversationId,
    isTest: call.isTest,
    externalId: turnMessageId(call, "message"),
    senderName: (params.CallerName ?? "").trim().slice(0, 100) || caller,
    text: speech || CALL_NO_MESSAGE,
    answer: "hold",
    withMessage: async (tx, message, customerId) => {
      if (speech)
        await appendTurn(tx, {
          companyId: call.companyId,
          callId: call.id,
          speaker: "caller",
          text: speech,
          messageId: message.id,
        });
      await linkConversation(tx, call.id, { conversationId: message.conversationId, customerId });
      await decideOutcome(tx, call.id, "message_taken");
      const item = await raiseCallBackItem(tx, deps.notify, {
        companyId: call.companyId,
        conversationId: message.conversationId,
        aiEmployeeId: call.aiEmployeeId,
        sourceMessageId: message.id,
        title: `Call back ${caller} (call ${call.displayId})`,
        question: speech
          ? `${caller} called ${ourNumber(call)} and left a message: "${speech}"`
          : `${caller} called ${ourNumber(call)} and asked for a person, but left no message.`,
        isTest: call.isTest,
      });
      if (item.raised) raised.push(item.taskId);
    },
  });
  for (const taskId of raised)
    await deps.events.publish(call.companyId, { type: "task.created", taskId, state: "to_do" });
  if (!received.duplicate)
    await appendTurn(deps.db, {
      companyId: call.companyId,
      callId: call.id,
      speaker: "system",
      text: phrases.messageTaken,
    });
  return twiml(say(phrases.messageTaken, tag), hangup());
}
