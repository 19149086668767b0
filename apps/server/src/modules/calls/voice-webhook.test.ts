import { randomBytes } from "node:crypto";
import { spokenText } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quotes } from "#server/db/schema/index.ts";
import { rateLimitBucketOf } from "#server/lib/rate-limit-buckets.ts";
import type { ModelProvider } from "#server/modules/agents/index.ts";
import { BuiltinProvider } from "#server/modules/agents/providers/builtin-provider.ts";
import { customerOfVerifiedIdentity } from "#server/modules/channels/index.ts";
import { simulatedRecordingUrl, twilioSignature } from "#server/modules/telephony/index.ts";
import {
  CALLS_PUBLIC_URL,
  type CallsWorld,
  callsWorld,
  freshNumber,
  insertPhoneNumber,
  setCallSettings,
} from "#server/test/calls-setup.ts";

// The provider's side of a call, as Twilio plays it: signed form posts to the voice webhooks, and the
// TwiML they answer read back. The AI employee is the built-in engine, through the same pipeline as
// chat.

/** The built-in engine behind a gate: open, it answers at once; closed, its runs wait (a slow model). */
const gate = { wait: Promise.resolve(), open: () => {} };
function closeGate() {
  gate.wait = new Promise<void>((resolve) => {
    gate.open = resolve;
  });
}
class GatedProvider implements ModelProvider {
  readonly name = "builtin";
  readonly model = "foreman-builtin-1";
  readonly #inner = new BuiltinProvider();
  async complete(request: Parameters<ModelProvider["complete"]>[0]) {
    await gate.wait;
    return this.#inner.complete(request);
  }
}

let w: CallsWorld;
beforeAll(async () => {
  w = await callsWorld({ modelProvider: new GatedProvider() });
});
afterAll(() => w.t.close());

const sid = () => `CA${randomBytes(16).toString("hex")}`;

type CallRowOut = {
  id: string;
  display_id: number;
  status: string;
  duration_seconds: number | null;
  outcome: string | null;
  conversation_id: string | null;
  customer_id: string | null;
  answered_at: Date | null;
  ended_at: Date | null;
};
const callBySid = async (callSid: string) =>
  (await w.rows<CallRowOut>(sql`select * from calls where provider_sid = ${callSid}`))[0];
const turnsOf = (callId: string) =>
  w.rows<{ speaker: string; text: string; answer_ms: number | null; agent_run_id: string | null }>(
    sql`select speaker, text, answer_ms, agent_run_id from call_turns where call_id = ${callId} order by seq`,
  );
const counts = async () =>
  (
    await w.rows<Record<string, number>>(
      sql`select (select count(*)::int from calls) as calls, (select count(*)::int from call_turns) as turns,
                 (select count(*)::int from messages) as messages, (select count(*)::int from conversations) as conversations,
                 (select count(*)::int from customers) as customers, (select count(*)::int from tasks) as tasks`,
    )
  )[0]!;

/** Rings in on company A's number; answers the call's id and the first turn's path. */
async function ringIn(callSid: string, from: string, to = w.numberA.e164) {
  const answer = await w.twiml("incoming", {
    CallSid: callSid,
    From: from,
    To: to,
    CallStatus: "ringing",
    Direction: "inbound",
  });
  const call = await callBySid(callSid);
  return { answer, call: call!, turn: answer.gather! };
}

/** Says `words` on the turn at `path` (the previous answer's <Gather> action). */
const speak = (callSid: string, path: string, words: string, from = "+15550100777") =>
  w.twiml(path, { CallSid: callSid, From: from, To: w.numberA.e164, SpeechResult: words, Confidence: "0.92" });

describe("an inbound call answered by the AI employee", () => {
  it("greets, answers three speech turns with TwiML whose <Say> carries the AI's replies, and stores the conversation, transcript and duration", async () => {
    const callSid = sid();
    const caller = freshNumber();
    const { answer, call, turn } = await ringIn(callSid, caller);
    expect(answer.says).toEqual([`Hi, this is ${w.a.employee.name} from Acme. How can I help?`]);
    expect(answer.gatherAttributes).toMatchObject({
      input: "speech",
      method: "POST",
      language: "en-US",
      speechTimeout: "auto",
      actionOnEmptyResult: "true",
    });
    expect(turn).toBe(`/webhooks/twilio/voice/turn?call=${call.id}&n=1`);
    expect(call).toMatchObject({ status: "in_progress", display_id: 1 });
    expect(call.answered_at).not.toBeNull();

    const lines = ["Hi, do you sell wooden pallets?", "I need 40 wooden pallets", "Can you send me the quote?"];
    let path = turn;
    const spoken: string[] = [];
    for (const [index, line] of lines.entries()) {
      const reply = await speak(callSid, path, line, caller);
      expect(reply.says).toHaveLength(1);
      expect(reply.hangup).toBe(false);
      expect(reply.gather).toBe(`/webhooks/twilio/voice/turn?call=${call.id}&n=${index + 2}`);
      spoken.push(reply.says[0]!);
      path = reply.gather!;
    }
    await w.voice("status", { CallSid: callSid, CallStatus: "completed", CallDuration: "95", To: w.numberA.e164 });

    const stored = (await callBySid(callSid))!;
    expect(stored).toMatchObject({ status: "completed", duration_seconds: 95, outcome: "answered" });
    expect(stored.conversation_id).not.toBeNull();
    expect(stored.customer_id).not.toBeNull();
    const turns = await turnsOf(call.id);
    expect(turns.map((t) => t.speaker)).toEqual(["ai", "caller", "ai", "caller", "ai", "caller", "ai"]);
    expect(turns.filter((t) => t.speaker === "caller").map((t) => t.text)).toEqual(lines);
    expect(
      turns
        .slice(2)
        .filter((t) => t.speaker === "ai")
        .map((t) => t.text),
    ).toEqual(spoken);
    for (const aiTurn of turns.slice(1).filter((t) => t.speaker === "ai")) {
      expect(aiTurn.agent_run_id).not.toBeNull();
      expect(aiTurn.answer_ms).toBeGreaterThanOrEqual(0);
    }
    // The conversation: a phone one on this number, the caller's words and the AI's replies as written.
    const [conversation] = await w.rows<{ channel: string; phone_number_id: string; customer_id: string }>(
      sql`select channel, phone_number_id, customer_id from conversations where id = ${stored.conversation_id}`,
    );
    expect(conversation).toEqual({ channel: "phone", phone_number_id: w.numberA.id, customer_id: stored.customer_id });
    const messages = await w.rows<{ sender_type: string; content: string }>(
      sql`select sender_type, content from messages where conversation_id = ${stored.conversation_id} order by created_at, id`,
    );
    expect(messages.filter((m) => m.sender_type === "customer").map((m) => m.content)).toEqual(lines);
    expect(messages.filter((m) => m.sender_type === "ai").map((m) => spokenText(m.content))).toEqual(spoken);
    // The caller is a customer by their number, a verified phone identity; the lead comes from the phone.
    const [identity] = await w.rows<{ kind: string; value: string }>(
      sql`select kind, value from customer_identities where customer_id = ${stored.customer_id}`,
    );
    expect(identity).toEqual({ kind: "phone", value: caller });
    const [lead] = await w.rows<{ channel: string; source: string }>(
      sql`select channel, source from leads where conversation_id = ${stored.conversation_id}`,
    );
    expect(lead).toEqual({ channel: "phone", source: "Phone" });

    // The company's API shows the call as the provider ended it.
    const listed = await w.t.app.inject({ method: "GET", url: `/app/calls/${call.id}.json`, headers: w.a.headers });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({
      number: 1,
      direction: "inbound",
      from: caller,
      to: w.numberA.e164,
      status: "completed",
      duration_seconds: 95,
      outcome: "answered",
      conversation_id: stored.conversation_id,
      ai_employee: { id: w.a.employee.id, name: w.a.employee.name },
    });
    expect(listed.json().turns).toHaveLength(7);
    expect(listed.json().agent_run_ids).toHaveLength(3);
  });

  it("goes on in the caller's open conversation when they call again", async () => {
    const caller = freshNumber();
    const firstSid = sid();
    const first = await ringIn(firstSid, caller);
    await speak(firstSid, first.turn, "Hello there", caller);
    await w.voice("status", { CallSid: firstSid, CallStatus: "completed", CallDuration: "20" });
    const secondSid = sid();
    const second = await ringIn(secondSid, caller);
    await speak(secondSid, second.turn, "Hello again", caller);
    const [one, two] = [await callBySid(firstSid), await callBySid(secondSid)];
    expect(two!.display_id).toBe(one!.display_id + 1);
    expect(two!.conversation_id).toBe(one!.conversation_id);
    expect(two!.customer_id).toBe(one!.customer_id);
  });

  it("answers an order-status question from the caller's own orders only", async () => {
    const caller = freshNumber();
    const mine = await customerOfVerifiedIdentity(
      w.t.db,
      { companyId: w.a.companyId, kind: "phone", value: caller },
      { fullName: "Olga Owner", phone: caller },
    );
    const someoneElse = await customerOfVerifiedIdentity(
      w.t.db,
      { companyId: w.a.companyId, kind: "phone", value: freshNumber() },
      { fullName: "Sam Stranger" },
    );
    const order = (number: number, customerId: string, totalCents: number) => ({
      companyId: w.a.companyId,
      number,
      state: "confirmed" as const,
      currency: "USD",
      subtotalCents: totalCents,
      totalCents,
      customerId,
    });
    await w.t.db.insert(quotes).values([order(5001, mine, 9_000), order(5002, someoneElse, 77_700)]);

    const callSid = sid();
    const { turn } = await ringIn(callSid, caller);
    const asked = await speak(callSid, turn, "What is the status of order 5002?", caller);
    expect(asked.says[0]).toContain("can't find order 5002");
    expect(asked.says.join(" ")).not.toContain("777");
    const mineAsked = await speak(callSid, asked.gather!, "Where is my order?", caller);
    expect(mineAsked.says[0]).toContain("#5001");
    expect(mineAsked.says[0]).toContain("$90.00");
    expect(mineAsked.says[0]).not.toContain("5002");
    // What the tool itself read: only the caller's order, whatever the number asked.
    const steps = await w.rows<{
      steps: { kind: string; tool?: string; result?: { orders?: { number: number }[] } }[];
    }>(
      sql`select r.steps from agent_runs r join calls c on c.conversation_id = r.conversation_id
          where c.provider_sid = ${callSid} order by r.started_at`,
    );
    const seen = steps.flatMap((run) =>
      run.steps.filter((step) => step.tool === "find_orders").flatMap((step) => step.result?.orders ?? []),
    );
    expect(seen.map((o) => o.number)).toEqual([5001]);
  });

  it("asks once more after silence, then says goodbye and hangs up", async () => {
    const callSid = sid();
    const { call, turn } = await ringIn(callSid, freshNumber());
    const again = await w.twiml(turn, { CallSid: callSid, SpeechResult: "" });
    expect(again.says).toEqual(["Sorry, I didn't catch that. How can I help?"]);
    expect(again.gather).toBe(`/webhooks/twilio/voice/turn?call=${call.id}&n=1&retry=1`);
    const bye = await w.twiml(again.gather!, { CallSid: callSid });
    expect(bye.says[0]).toContain("I can't hear you");
    expect(bye.hangup).toBe(true);
    expect(bye.gather).toBeNull();
    expect((await turnsOf(call.id)).map((t) => t.speaker)).toEqual(["ai", "system"]);
    const [stored] = await w.rows<{ n: number }>(
      sql`select count(*)::int as n from messages m join calls c on c.conversation_id = m.conversation_id where c.id = ${call.id}`,
    );
    expect(stored?.n ?? 0).toBe(0);
  });

  it("stores a turn the provider delivers twice once, and answers both with the same reply", async () => {
    const callSid = sid();
    const caller = freshNumber();
    const { call, turn } = await ringIn(callSid, caller);
    const first = await speak(callSid, turn, "Do you sell corrugated boxes?", caller);
    const again = await speak(callSid, turn, "Do you sell corrugated boxes?", caller);
    expect(again.says).toEqual(first.says);
    expect(again.gather).toBe(first.gather);
    expect((await turnsOf(call.id)).map((t) => t.speaker)).toEqual(["ai", "caller", "ai"]);
    const conversationId = (await callBySid(callSid))!.conversation_id;
    const [messages] = await w.rows<{ n: number }>(
      sql`select count(*)::int as n from messages where conversation_id = ${conversationId}`,
    );
    expect(messages!.n).toBe(2);
  });

  it("tells a caller of a number nobody answers that it is not in service, storing nothing", async () => {
    const unassigned = await insertPhoneNumber(w.t.db, w.a.companyId, { aiEmployeeId: null });
    const before = await counts();
    for (const to of [unassigned.e164, "+19995550123"]) {
      const answer = await w.twiml("incoming", { CallSid: sid(), From: freshNumber(), To: to });
      expect(answer.says).toEqual(["The number you called is not in service. Goodbye."]);
      expect(answer.hangup).toBe(true);
    }
    expect(await counts()).toEqual(before);
  });
});

describe("status callbacks", () => {
  it("never move a call backwards, and an ended call stays ended", async () => {
    const callSid = sid();
    const { call } = await ringIn(callSid, freshNumber());
    // A late "ringing" after the answer changes nothing.
    await w.voice("status", { CallSid: callSid, CallStatus: "ringing", SequenceNumber: "0" });
    expect((await callBySid(callSid))!.status).toBe("in_progress");
    await w.voice("status", { CallSid: callSid, CallStatus: "completed", CallDuration: "42", SequenceNumber: "3" });
    const ended = (await callBySid(callSid))!;
    expect(ended).toMatchObject({ status: "completed", duration_seconds: 42, outcome: "answered" });
    for (const CallStatus of ["in-progress", "ringing", "queued", "busy", "no-answer", "completed"]) {
      const response = await w.voice("status", { CallSid: callSid, CallStatus, CallDuration: "42" });
      expect(response.statusCode).toBe(200);
    }
    const after = (await callBySid(callSid))!;
    expect(after).toMatchObject({ status: "completed", duration_seconds: 42, outcome: "answered" });
    expect(after.ended_at).toEqual(ended.ended_at);
    // A turn of an ended call is answered with a hang-up and stores nothing.
    const late = await w.twiml(`turn?call=${call.id}&n=1`, { CallSid: callSid, SpeechResult: "Hello?" });
    expect(late.hangup).toBe(true);
    expect((await turnsOf(call.id)).map((t) => t.speaker)).toEqual(["ai"]);
  });

  it("mark a call nobody answered as missed, and ignore calls they do not know", async () => {
    const callSid = sid();
    await ringIn(callSid, freshNumber());
    await w.voice("status", { CallSid: callSid, CallStatus: "failed" });
    expect(await callBySid(callSid)).toMatchObject({ status: "failed", outcome: "missed" });
    const before = await counts();
    const unknown = await w.voice("status", { CallSid: sid(), CallStatus: "completed", CallDuration: "3" });
    expect(unknown.statusCode).toBe(200);
    expect(await counts()).toEqual(before);
  });
});

describe("signatures", () => {
  it("refuse a bad, missing or misplaced X-Twilio-Signature with 403, storing nothing", async () => {
    const callSid = sid();
    const caller = freshNumber();
    const { call } = await ringIn(callSid, caller);
    const before = await counts();
    const requests: [string, Record<string, string>][] = [
      ["incoming", { CallSid: sid(), From: caller, To: w.numberA.e164 }],
      [`turn?call=${call.id}&n=1`, { CallSid: callSid, SpeechResult: "Where is my order?" }],
      ["status", { CallSid: callSid, CallStatus: "completed", CallDuration: "10" }],
      [
        `recording?call=${call.id}`,
        { CallSid: callSid, RecordingSid: `RE${"a".repeat(32)}`, RecordingUrl: "https://api.twilio.com/x" },
      ],
      [`dial-result?call=${call.id}`, { CallSid: callSid, DialCallStatus: "completed" }],
      [`message?call=${call.id}`, { CallSid: callSid, SpeechResult: "Call me back" }],
      [`outbound?call=${call.id}`, { CallSid: callSid }],
    ];
    for (const [path, params] of requests) {
      for (const signature of ["bad", "none"] as const) {
        const response = await w.voice(path, params, signature);
        expect(response.statusCode, `${path} ${signature}`).toBe(403);
        expect(response.json()).toMatchObject({ error: "forbidden" });
      }
      // Signed for other parameters, or for another address (another turn), it is not the provider's.
      const token = w.t.app.telephony.authToken;
      const url = `/webhooks/twilio/voice/${path}`;
      const tampered = await w.t.app.inject({
        method: "POST",
        url,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": twilioSignature(token, `${CALLS_PUBLIC_URL}${url}`, { ...params, Extra: "1" }),
        },
        payload: new URLSearchParams(params).toString(),
      });
      expect(tampered.statusCode, `${path} tampered`).toBe(403);
      const elsewhere = await w.t.app.inject({
        method: "POST",
        url,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": twilioSignature(token, `https://attacker.example${url}`, params),
        },
        payload: new URLSearchParams(params).toString(),
      });
      expect(elsewhere.statusCode, `${path} signed for another host`).toBe(403);
    }
    expect(await counts()).toEqual(before);
    expect((await callBySid(callSid))!.status).toBe("in_progress");
  });

  it("count against the webhooks' own rate limit, as the provider calls every company's calls back", () => {
    for (const path of ["incoming", "outbound", "turn", "status", "recording", "dial-result", "message"])
      expect(rateLimitBucketOf("POST", `/webhooks/twilio/voice/${path}`)).toBe("webhooks");
  });

  it("refuse a body that is not a provider's form, or too large", async () => {
    const json = await w.t.app.inject({
      method: "POST",
      url: "/webhooks/twilio/voice/incoming",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ CallSid: sid(), To: w.numberA.e164 }),
    });
    expect(json.statusCode).toBe(415);
    const large = await w.voice("incoming", { CallSid: sid(), To: w.numberA.e164, Padding: "x".repeat(20_000) });
    expect(large.statusCode).toBe(413);
  });
});

describe("a slow answer", () => {
  it("says 'One moment', redirects, and speaks the reply when the redirect picks it up", async () => {
    const callSid = sid();
    const caller = freshNumber();
    const { call, turn } = await ringIn(callSid, caller);
    closeGate();
    w.t.app.calls.turnWaitMs = 50;
    try {
      const waiting = await speak(callSid, turn, "Do you sell pallet jacks?", caller);
      expect(waiting.says).toEqual(["One moment."]);
      expect(waiting.redirect).toBe(`/webhooks/twilio/voice/turn?call=${call.id}&n=1&wait=1`);
      expect(waiting.gather).toBeNull();
      gate.open();
      w.t.app.calls.turnWaitMs = 8_000;
      // Twilio's <Redirect> posts the call's parameters again, without the words.
      const answered = await w.twiml(waiting.redirect!, { CallSid: callSid, From: caller, To: w.numberA.e164 });
      expect(answered.says).toHaveLength(1);
      expect(answered.says[0]).toContain("Pallet jack");
      expect(answered.gather).toBe(`/webhooks/twilio/voice/turn?call=${call.id}&n=2`);
      const turns = await turnsOf(call.id);
      expect(turns.map((t) => t.speaker)).toEqual(["ai", "caller", "ai"]);
      expect(turns[2]!.answer_ms).toBeGreaterThan(0);
    } finally {
      gate.open();
      w.t.app.calls.turnWaitMs = 8_000;
    }
  });
});

describe("a hand-off to a person", () => {
  it("dials the company's fallback number with our number as the caller id; staff taking it is a transfer", async () => {
    await setCallSettings(w.t.db, w.b.companyId, { fallbackNumber: "+15550100999" });
    const callSid = sid();
    const caller = freshNumber();
    await w.twiml("incoming", { CallSid: callSid, From: caller, To: w.numberB.e164 });
    const call = (await callBySid(callSid))!;
    const handed = await w.twiml(`turn?call=${call.id}&n=1`, {
      CallSid: callSid,
      SpeechResult: "I want to talk to a real person please",
    });
    expect(handed.says.at(-1)).toBe("Connecting you now.");
    expect(handed.says[0]).toContain("colleague");
    expect(handed.dial).toEqual({
      number: "+15550100999",
      attributes: expect.objectContaining({
        callerId: w.numberB.e164,
        action: `${CALLS_PUBLIC_URL}/webhooks/twilio/voice/dial-result?call=${call.id}`,
        timeout: "20",
      }),
    });
    const [conversation] = await w.rows<{ handled_by: string }>(
      sql`select cv.handled_by from conversations cv join calls c on c.conversation_id = cv.id where c.id = ${call.id}`,
    );
    expect(conversation!.handled_by).toBe("staff");
    const done = await w.twiml(`dial-result?call=${call.id}`, { CallSid: callSid, DialCallStatus: "completed" });
    expect(done.hangup).toBe(true);
    await w.voice("status", { CallSid: callSid, CallStatus: "completed", CallDuration: "300" });
    expect(await callBySid(callSid)).toMatchObject({ status: "completed", outcome: "transferred" });
  });

  it("takes a message when nobody answers the fallback number", async () => {
    const callSid = sid();
    await w.twiml("incoming", { CallSid: callSid, From: freshNumber(), To: w.numberB.e164 });
    const call = (await callBySid(callSid))!;
    await w.twiml(`turn?call=${call.id}&n=1`, { CallSid: callSid, SpeechResult: "Can I speak to a human?" });
    const prompt = await w.twiml(`dial-result?call=${call.id}`, { CallSid: callSid, DialCallStatus: "no-answer" });
    expect(prompt.says[0]).toContain("leave your name and a short message");
    expect(prompt.gather).toBe(`/webhooks/twilio/voice/message?call=${call.id}`);
  });

  it("without a fallback number, takes a message and opens an action item to call back, once", async () => {
    const callSid = sid();
    const caller = freshNumber();
    const { call, turn } = await ringIn(callSid, caller);
    const handed = await speak(callSid, turn, "Let me talk to a person", caller);
    expect(handed.dial).toBeNull();
    expect(handed.says.at(-1)).toContain("leave your name and a short message");
    expect(handed.gather).toBe(`/webhooks/twilio/voice/message?call=${call.id}`);
    const before = await counts();
    const message = { CallSid: callSid, SpeechResult: "This is Olga, please call me back about my invoice" };
    const bye = await w.twiml(handed.gather!, message);
    expect(bye.says).toEqual(["Thank you. Someone will call you back soon. Goodbye."]);
    expect(bye.hangup).toBe(true);
    // The provider delivering it again raises nothing more.
    await w.twiml(handed.gather!, message);
    const after = await counts();
    expect(after.tasks).toBe(before.tasks! + 1);
    expect(after.messages).toBe(before.messages! + 1);
    const stored = (await callBySid(callSid))!;
    const [task] = await w.rows<{
      action_type: string;
      title: string;
      question: string;
      tags: string[];
      state: string;
    }>(
      sql`select action_type, title, question, tags, state from tasks where conversation_id = ${stored.conversation_id}`,
    );
    expect(task).toMatchObject({ action_type: "question", state: "to_do", tags: ["call_back"] });
    expect(task!.title).toBe(`Call back ${caller} (call ${stored.display_id})`);
    expect(task!.question).toContain("please call me back about my invoice");
    expect(stored.outcome).toBe("message_taken");
    await w.voice("status", { CallSid: callSid, CallStatus: "completed", CallDuration: "50" });
    expect(await callBySid(callSid)).toMatchObject({ status: "completed", outcome: "message_taken" });
    // The action items list shows it to staff.
    const items = await w.t.app.inject({ method: "GET", url: "/app/tasks.json?state=to_do", headers: w.a.headers });
    expect(items.body).toContain("please call me back about my invoice");
  });
});

describe("what a call leads to", () => {
  it("names the call on a ticket the AI employee opens during it", async () => {
    const caller = freshNumber();
    const customerId = await customerOfVerifiedIdentity(
      w.t.db,
      { companyId: w.a.companyId, kind: "phone", value: caller },
      { fullName: "Dana Damaged", phone: caller },
    );
    await w.t.db.insert(quotes).values({
      companyId: w.a.companyId,
      number: 6001,
      state: "completed",
      currency: "USD",
      subtotalCents: 4_800,
      totalCents: 4_800,
      customerId,
    });
    const callSid = sid();
    const { call, turn } = await ringIn(callSid, caller);
    const answer = await speak(callSid, turn, "My order 6001 arrived damaged, the boxes are broken", caller);
    expect(answer.says[0]).toMatch(/T-\d+/);
    const [ticket] = await w.rows<{ id: string; number: number; source: string }>(
      sql`select id, number, source from tickets where customer_id = ${customerId}`,
    );
    expect(ticket!.source).toBe("phone");
    const activities = await w.t.app.inject({
      method: "GET",
      url: `/app/tickets/${ticket!.id}/activities.json`,
      headers: w.a.headers,
    });
    expect(activities.statusCode, activities.body).toBe(200);
    const opened = (
      activities.json() as { activities: { kind: string; call_number: string | null }[] }
    ).activities.find((entry) => entry.kind === "ticket.created");
    expect(opened!.call_number).toBe(String(call.display_id));
    const detail = await w.t.app.inject({ method: "GET", url: `/app/calls/${call.id}.json`, headers: w.a.headers });
    expect(detail.json().tickets).toEqual([{ id: ticket!.id, number: ticket!.number, subject: expect.any(String) }]);
  });
});

describe("a recorded call", () => {
  it("tells the caller, starts the recording, and plays it back to the company only", async () => {
    await setCallSettings(w.t.db, w.b.companyId, { recordingEnabled: true, fallbackNumber: "+15550100999" });
    const callSid = sid();
    const answer = await w.twiml("incoming", { CallSid: callSid, From: freshNumber(), To: w.numberB.e164 });
    const call = (await callBySid(callSid))!;
    expect(answer.says[0]).toBe("This call is recorded.");
    expect(answer.recordingCallback).toBe(`/webhooks/twilio/voice/recording?call=${call.id}`);
    expect(answer.verbs.map((verb) => verb.name)).toEqual(["Say", "Start", "Gather"]);
    const recordingSid = `RE${"b".repeat(32)}`;
    await w.voice(answer.recordingCallback!, {
      CallSid: callSid,
      RecordingSid: recordingSid,
      RecordingUrl: simulatedRecordingUrl(recordingSid),
      RecordingStatus: "completed",
      RecordingDuration: "12",
    });
    const detail = await w.t.app.inject({ method: "GET", url: `/app/calls/${call.id}.json`, headers: w.b.headers });
    expect(detail.json().recording).toEqual({ url: `/app/calls/${call.id}/recording`, duration_seconds: 12 });
    const audio = await w.t.app.inject({ method: "GET", url: `/app/calls/${call.id}/recording`, headers: w.b.headers });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers["content-type"]).toBe("audio/wav");
    expect(audio.rawPayload.subarray(0, 4).toString()).toBe("RIFF");
    const foreign = await w.t.app.inject({
      method: "GET",
      url: `/app/calls/${call.id}/recording`,
      headers: w.a.headers,
    });
    expect(foreign.statusCode).toBe(404);
    await setCallSettings(w.t.db, w.b.companyId, { recordingEnabled: false, fallbackNumber: "+15550100999" });
  });

  it("greets in the company's language", async () => {
    await w.t.db.execute(sql`update companies set answer_languages = '{es,en}' where id = ${w.b.companyId}`);
    try {
      const answer = await w.twiml("incoming", { CallSid: sid(), From: freshNumber(), To: w.numberB.e164 });
      expect(answer.says).toEqual([`Hola, le habla ${w.b.employee.name} de Globex. ¿En qué puedo ayudarle?`]);
      expect(answer.gatherAttributes!.language).toBe("es-ES");
    } finally {
      await w.t.db.execute(sql`update companies set answer_languages = '{en}' where id = ${w.b.companyId}`);
    }
  });
});
