import { randomBytes } from "node:crypto";
import {
  CALL_ENDED,
  CALL_NOT_TEST,
  NUMBER_HAS_NO_EMPLOYEE,
  PHONE_REPLY_REFUSED,
  TEST_CALLS_SIMULATED_ONLY,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimulatedProvider } from "#server/modules/telephony/index.ts";
import { INSTANT_TIMINGS } from "#server/modules/telephony/simulated-calls.ts";
import {
  CALLS_PUBLIC_URL,
  type CallsWorld,
  callsWorld,
  freshNumber,
  insertPhoneNumber,
  insertSampleCall,
  setCallSettings,
} from "#server/test/calls-setup.ts";
import { type FakeTwilio, fakeTwilioEnv, startFakeTwilio } from "#server/test/fake-twilio.ts";
import { endOrphanedSimulatedCalls } from "./orphaned-simulated-calls.ts";

// The calls staff see and make (`/app/calls*`): the list and a call's detail, a test call on the
// simulated provider spoken to by typing, and calls placed through Twilio's REST API (a fake of it on
// 127.0.0.1).

type WireCall = { id: string; number: number; status: string; is_test: boolean; duration_seconds: number | null };
type WireTurn = { seq: number; speaker: string; text: string; answer_ms: number | null };
type WireDetail = WireCall & { turns: WireTurn[]; conversation_id: string | null; agent_run_ids: string[] };

const sid = () => `CA${randomBytes(16).toString("hex")}`;

describe("calls on the simulated provider", () => {
  let w: CallsWorld;
  beforeAll(async () => {
    w = await callsWorld();
    (w.t.app.telephony as SimulatedProvider).simulator.timings = INSTANT_TIMINGS;
  });
  afterAll(() => w.t.close());

  const api = (method: "GET" | "POST", url: string, payload?: unknown, headers = w.a.headers) =>
    w.t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const detailOf = async (id: string, headers = w.a.headers) => {
    const response = await api("GET", `/app/calls/${id}.json`, undefined, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as WireDetail;
  };

  it("lists the company's calls newest first with their total, filtered, and keeps other companies' out", async () => {
    const older = await insertSampleCall(w.t.db, w.a.companyId);
    const newer = await insertSampleCall(w.t.db, w.a.companyId);
    const foreign = await insertSampleCall(w.t.db, w.b.companyId);
    await w.t.db.execute(sql`update calls set started_at = started_at + interval '1 minute' where id = ${newer.id}`);
    const page = await api("GET", "/app/calls.json?per_page=1");
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ total: 2, calls: [{ id: newer.id, number: newer.displayId }] });
    const second = await api("GET", "/app/calls.json?per_page=1&page=2");
    expect(second.json().calls.map((c: WireCall) => c.id)).toEqual([older.id]);
    expect((await api("GET", "/app/calls.json?direction=outbound")).json()).toEqual({ calls: [], total: 0 });
    expect((await api("GET", "/app/calls.json?status=completed")).json().total).toBe(2);
    expect((await api("GET", "/app/calls.json?per_page=101")).statusCode).toBe(400);
    for (const id of [foreign.id, "not-a-uuid", "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d"]) {
      for (const url of [`/app/calls/${id}.json`, `/app/calls/${id}/recording`]) {
        const response = await api("GET", url);
        expect(response.statusCode, url).toBe(404);
      }
      expect((await api("POST", `/app/calls/${id}/hangup.json`)).statusCode).toBe(404);
      expect((await api("POST", `/app/calls/${id}/say.json`, { text: "hi" })).statusCode).toBe(404);
    }
    const detail = await detailOf(older.id);
    expect(detail).toMatchObject({ status: "completed", duration_seconds: 61, is_test: false });
    expect(detail.turns).toEqual([expect.objectContaining({ seq: 1, speaker: "ai" })]);
    // Only a test call takes typed words.
    const refused = await api("POST", `/app/calls/${older.id}/say.json`, { text: "Hello" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: "call_not_test", error_description: CALL_NOT_TEST });
  });

  it("places a test call that staff speak to by typing, through the same turns as spoken words", async () => {
    const placed = await api("POST", "/app/calls.json", {
      phone_number_id: w.numberA.id,
      to: "+15550100999",
      test: true,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const call = placed.json() as WireCall;
    expect(call).toMatchObject({ is_test: true, from: w.numberA.e164, to: "+15550100999", direction: "outbound" });
    await expect.poll(async () => (await detailOf(call.id)).turns.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const greeted = await detailOf(call.id);
    expect(greeted.status).toBe("in_progress");
    expect(greeted.turns.map((t) => t.text)).toEqual([`Hi, this is ${w.a.employee.name} from Acme. How can I help?`]);

    const said = await api("POST", `/app/calls/${call.id}/say.json`, { text: "How much is a wooden pallet?" });
    expect(said.statusCode, said.body).toBe(200);
    const after = said.json() as WireDetail;
    expect(after.turns.map((t) => t.speaker)).toEqual(["ai", "caller", "ai"]);
    expect(after.turns[1]!.text).toBe("How much is a wooden pallet?");
    expect(after.turns[2]!.text).toContain("$18.00");
    expect(after.agent_run_ids).toHaveLength(1);
    const again = await api("POST", `/app/calls/${call.id}/say.json`, { text: "I'll take 10 of them" });
    expect((again.json() as WireDetail).turns.map((t) => t.speaker)).toEqual(["ai", "caller", "ai", "caller", "ai"]);

    // A test conversation: no customer, left out of the inbox.
    const [conversation] = await w.rows<{ is_test: boolean; customer_id: string | null; channel: string }>(
      sql`select is_test, customer_id, channel from conversations where id = ${after.conversation_id}`,
    );
    expect(conversation).toEqual({ is_test: true, customer_id: null, channel: "phone" });

    const ended = await api("POST", `/app/calls/${call.id}/hangup.json`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ status: "completed", outcome: "answered" });
    expect(ended.json().duration_seconds).toBeGreaterThanOrEqual(0);
    const late = await api("POST", `/app/calls/${call.id}/say.json`, { text: "Are you there?" });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: "call_ended", error_description: CALL_ENDED });
    // Hanging up an ended call answers it as it is.
    const twice = await api("POST", `/app/calls/${call.id}/hangup.json`);
    expect(twice.json()).toMatchObject({ status: "completed" });
  });

  it("refuses a staff member's written reply in a phone conversation", async () => {
    const callSid = sid();
    await w.twiml("incoming", { CallSid: callSid, From: freshNumber(), To: w.numberA.e164 });
    const [call] = await w.rows<{ id: string }>(sql`select id from calls where provider_sid = ${callSid}`);
    await w.twiml(`turn?call=${call!.id}&n=1`, { CallSid: callSid, SpeechResult: "Hello" });
    const [row] = await w.rows<{ conversation_id: string }>(
      sql`select conversation_id from calls where id = ${call!.id}`,
    );
    const before = await w.rows<{ n: number }>(
      sql`select count(*)::int as n from messages where conversation_id = ${row!.conversation_id}`,
    );
    const reply = await api("POST", `/app/conversations/${row!.conversation_id}/messages.json`, { content: "Hi!" });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ error: "phone_conversation", error_description: PHONE_REPLY_REFUSED });
    const after = await w.rows<{ n: number }>(
      sql`select count(*)::int as n from messages where conversation_id = ${row!.conversation_id}`,
    );
    expect(after).toEqual(before);
  });

  it("records a test call when the company records calls, and hands it to a person as any call", async () => {
    await setCallSettings(w.t.db, w.a.companyId, { recordingEnabled: true });
    try {
      const placed = await api("POST", "/app/calls.json", {
        phone_number_id: w.numberA.id,
        to: "+15550100998",
        test: true,
      });
      const call = placed.json() as WireCall;
      await expect.poll(async () => (await detailOf(call.id)).turns.length, { timeout: 15_000 }).toBe(2);
      expect((await detailOf(call.id)).turns.map((t) => t.text)).toEqual([
        "This call is recorded.",
        `Hi, this is ${w.a.employee.name} from Acme. How can I help?`,
      ]);
      // No fallback number: asking for a person leads to a message, then the simulated line hangs up.
      const handed = await api("POST", `/app/calls/${call.id}/say.json`, { text: "I want to speak to a person" });
      expect((handed.json() as WireDetail).turns.at(-1)!.text).toContain("leave your name and a short message");
      const left = await api("POST", `/app/calls/${call.id}/say.json`, { text: "Please call me back" });
      expect(left.statusCode, left.body).toBe(200);
      expect(left.json()).toMatchObject({ outcome: "message_taken" });
      await expect.poll(async () => (await detailOf(call.id)).status, { timeout: 15_000 }).toBe("completed");
      await expect
        .poll(async () => ((await detailOf(call.id)) as unknown as { recording: unknown }).recording, {
          timeout: 15_000,
        })
        .toEqual({ url: `/app/calls/${call.id}/recording`, duration_seconds: expect.any(Number) });
      const audio = await api("GET", `/app/calls/${call.id}/recording`);
      expect(audio.statusCode).toBe(200);
      expect(audio.headers["content-type"]).toBe("audio/wav");
      // A test call's action item says it came from a test.
      const [task] = await w.rows<{ tags: string[] }>(
        sql`select t.tags from tasks t join calls c on c.conversation_id = t.conversation_id where c.id = ${call.id}`,
      );
      expect(task!.tags).toEqual(["call_back", "playground"]);
    } finally {
      await setCallSettings(w.t.db, w.a.companyId, { recordingEnabled: false });
    }
  });

  it("checks what a call is placed from and with", async () => {
    const unassigned = await insertPhoneNumber(w.t.db, w.a.companyId, { aiEmployeeId: null });
    const noEmployee = await api("POST", "/app/calls.json", { phone_number_id: unassigned.id, to: "+15550100999" });
    expect(noEmployee.statusCode).toBe(422);
    expect(noEmployee.json().details).toEqual([{ field: "ai_employee_id", message: NUMBER_HAS_NO_EMPLOYEE }]);
    const foreignNumber = await api("POST", "/app/calls.json", { phone_number_id: w.numberB.id, to: "+15550100999" });
    expect(foreignNumber.statusCode).toBe(404);
    const foreignEmployee = await api("POST", "/app/calls.json", {
      phone_number_id: w.numberA.id,
      to: "+15550100999",
      ai_employee_id: w.b.employee.id,
    });
    expect(foreignEmployee.statusCode).toBe(422);
    const badTo = await api("POST", "/app/calls.json", { phone_number_id: w.numberA.id, to: "555-0100" });
    expect(badTo.statusCode).toBe(400);
    expect(badTo.json().details[0].field).toBe("to");
    const [count] = await w.rows<{ n: number }>(
      sql`select count(*)::int as n from calls where phone_number_id = ${unassigned.id} or phone_number_id = ${w.numberB.id}`,
    );
    expect(count!.n).toBe(0);
  });
});

describe("calls through Twilio's REST API", () => {
  let fake: FakeTwilio;
  let w: CallsWorld;
  let twilioNumber: Awaited<ReturnType<typeof insertPhoneNumber>>;
  beforeAll(async () => {
    fake = await startFakeTwilio();
    w = await callsWorld({ env: fakeTwilioEnv(fake) });
    // Twilio's test number that may always call out (the fake's, as Twilio's test credentials allow).
    twilioNumber = await insertPhoneNumber(w.t.db, w.a.companyId, {
      e164: "+15005550006",
      provider: "twilio",
      aiEmployeeId: w.a.employee.id,
    });
  });
  afterAll(async () => {
    await w.t.close();
    await fake.close();
  });

  const place = (body: Record<string, unknown>) =>
    w.t.app.inject({
      method: "POST",
      url: "/app/calls.json",
      headers: w.a.headers,
      payload: { phone_number_id: twilioNumber.id, ...body },
    });

  it("places the call with our webhooks, greets the callee when they answer, and ends with the provider's figures", async () => {
    const placed = await place({ to: "+15550100123" });
    expect(placed.statusCode, placed.body).toBe(201);
    const call = placed.json() as WireCall;
    expect(call).toMatchObject({ status: "queued", is_test: false, direction: "outbound" });
    expect(fake.calls.size).toBe(1);
    const [twilioCall] = [...fake.calls.values()];
    expect(twilioCall!.form).toMatchObject({
      To: "+15550100123",
      From: "+15005550006",
      Url: `${CALLS_PUBLIC_URL}/webhooks/twilio/voice/outbound?call=${call.id}`,
      StatusCallback: `${CALLS_PUBLIC_URL}/webhooks/twilio/voice/status?call=${call.id}`,
    });
    const [row] = await w.rows<{ provider: string; provider_sid: string }>(
      sql`select provider, provider_sid from calls where id = ${call.id}`,
    );
    expect(row).toEqual({ provider: "twilio", provider_sid: twilioCall!.sid });

    // Twilio's side, signed with the account's auth token.
    await w.voice(`status?call=${call.id}`, { CallSid: twilioCall!.sid, CallStatus: "ringing" });
    const greeting = await w.twiml(`outbound?call=${call.id}`, { CallSid: twilioCall!.sid, CallStatus: "in-progress" });
    expect(greeting.says).toEqual([`Hi, this is ${w.a.employee.name} from Acme. How can I help?`]);
    expect(greeting.gather).toBe(`/webhooks/twilio/voice/turn?call=${call.id}&n=1`);
    const reply = await w.twiml(greeting.gather!, { CallSid: twilioCall!.sid, SpeechResult: "Do you have boxes?" });
    expect(reply.says[0]).toContain("Corrugated box");
    await w.voice(`status?call=${call.id}`, { CallSid: twilioCall!.sid, CallStatus: "completed", CallDuration: "37" });
    const ended = await w.t.app.inject({ method: "GET", url: `/app/calls/${call.id}.json`, headers: w.a.headers });
    expect(ended.json()).toMatchObject({ status: "completed", duration_seconds: 37, outcome: "answered" });
    // The callee is a customer by the number we called.
    const [identity] = await w.rows<{ value: string }>(
      sql`select i.value from customer_identities i join calls c on c.customer_id = i.customer_id where c.id = ${call.id}`,
    );
    expect(identity!.value).toBe("+15550100123");
  });

  it("cancels a ringing call at the provider", async () => {
    const placed = await place({ to: "+15550100124" });
    const call = placed.json() as WireCall;
    const hung = await w.t.app.inject({
      method: "POST",
      url: `/app/calls/${call.id}/hangup.json`,
      headers: w.a.headers,
    });
    expect(hung.statusCode, hung.body).toBe(200);
    expect(hung.json()).toMatchObject({ status: "canceled", outcome: "missed" });
    expect(fake.callUpdates.at(-1)!.form).toMatchObject({ Status: "canceled" });
  });

  it("tells what the provider refused, and keeps the call as failed", async () => {
    const blocked = await place({ to: "+15005550004" });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json()).toMatchObject({ error: "call_refused" });
    expect(blocked.json().error_description).toContain("Account not allowed to call this number");
    fake.failNext(null, 503);
    const down = await place({ to: "+15550100125" });
    expect(down.statusCode).toBe(502);
    const failed = await w.rows<{ to_number: string; status: string; outcome: string }>(
      sql`select to_number, status, outcome from calls where to_number in ('+15005550004', '+15550100125') order by display_id`,
    );
    expect(failed).toEqual([
      { to_number: "+15005550004", status: "failed", outcome: "missed" },
      { to_number: "+15550100125", status: "failed", outcome: "missed" },
    ]);
    const test = await place({ to: "+15550100126", test: true });
    expect(test.statusCode).toBe(422);
    expect(test.json().details).toEqual([{ field: "test", message: TEST_CALLS_SIMULATED_ONLY }]);
  });
});

describe("simulated calls after a restart", () => {
  let w: CallsWorld;
  beforeAll(async () => {
    w = await callsWorld();
  });
  afterAll(() => w.t.close());
  const detail = async (id: string) =>
    (await w.t.app.inject({ method: "GET", url: `/app/calls/${id}.json`, headers: w.a.headers })).json() as WireDetail;

  it("ends the simulated calls a restart left unfinished: answered ones at their last turn", async () => {
    const answered = await insertSampleCall(w.t.db, w.a.companyId);
    const ringing = await insertSampleCall(w.t.db, w.a.companyId);
    // Answered ten minutes ago, last spoken to 2 minutes in; the other never answered.
    await w.t.db.execute(
      sql`update calls set status = 'in_progress', ended_at = null, duration_seconds = null, outcome = null where id = ${answered.id}`,
    );
    await w.t.db.execute(
      sql`update call_turns set created_at = ${answered.answeredAt!.toISOString()}::timestamptz + interval '2 minutes' where call_id = ${answered.id}`,
    );
    await w.t.db.execute(
      sql`update calls set status = 'ringing', answered_at = null, ended_at = null, duration_seconds = null, outcome = null where id = ${ringing.id}`,
    );
    // On PostgreSQL another instance may still drive a recent one: only older calls are taken then.
    expect(await endOrphanedSimulatedCalls(w.t.db, { onlyOlder: true })).toBe(0);
    expect(await endOrphanedSimulatedCalls(w.t.db, { onlyOlder: false })).toBe(2);
    expect(await detail(answered.id)).toMatchObject({ status: "completed", duration_seconds: 120 });
    expect(await detail(ringing.id)).toMatchObject({ status: "failed", duration_seconds: 0, outcome: "missed" });
  });
});
