import { createHash } from "node:crypto";
import { CALL_LANGUAGE_TAGS, CALL_PHRASES, type CompanyLanguage } from "@foreman/contract";
import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { customers, phoneNumbers } from "#server/db/schema/index.ts";
import { advanceCall, decideOutcome } from "#server/modules/calls/call-transitions.ts";
import { appendTurn, findGreeter, insertCall } from "#server/modules/calls/calls.repository.ts";
import { CALL_SCRIPTS, type CallScript } from "./call-scripts.ts";

// Each demo company's past calls on its demo numbers (seed-phones.ts), so the calls list and a call's
// transcript have something to show: a dozen over the last five weeks, inbound mostly, some outbound,
// answered by the line's AI employee in 2–3 exchanges, one the team took over, one where the caller
// left a message, one nobody answered. Written through the calls module's own writers (the number, the
// transcript, the status machine), with the seed's clock: deterministic for a clock day.

const DAY = 86_400_000;
/** Seconds between a line and the next one said on a call. */
const SECONDS_A_TURN = [7, 11, 9, 13, 8, 10];

/** A caller's number in the fictional 555-01xx range of the company's country. */
const callerNumber = (language: CompanyLanguage, index: number) =>
  language === "en" ? `+1415555${String(170 + index).padStart(4, "0")}` : `+569555${String(50170 + index)}`;

export async function seedCalls(
  tx: Executor,
  company: { id: string; language: CompanyLanguage; now: Date },
): Promise<void> {
  const lines = await tx
    .select({ id: phoneNumbers.id, e164: phoneNumbers.e164, aiEmployeeId: phoneNumbers.aiEmployeeId })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.companyId, company.id), eq(phoneNumbers.status, "active")))
    .orderBy(asc(phoneNumbers.purchasedAt), asc(phoneNumbers.id));
  // The oldest line is the support line, the newer one the sales line (seed-phones.ts).
  const support = lines[0];
  if (!support) return;
  const sales = lines[1] ?? support;
  const known = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.companyId, company.id))
    .orderBy(asc(customers.fullName), asc(customers.id))
    .limit(CALL_SCRIPTS[company.language].length);
  // Oldest first, so the call numbers run in time order.
  const scripts = [...CALL_SCRIPTS[company.language].entries()].sort(([, a], [, b]) => b.daysAgo - a.daysAgo);
  for (const [index, script] of scripts) {
    const line = script.line === "support" ? support : sales;
    // Every third caller is not (yet) a customer on file.
    const customerId = index % 3 === 2 ? null : (known[index]?.id ?? null);
    await seedCall(tx, company, script, index, line, customerId);
  }
}

async function seedCall(
  tx: Executor,
  company: { id: string; language: CompanyLanguage; now: Date },
  script: CallScript,
  index: number,
  line: { id: string; e164: string; aiEmployeeId: string | null },
  customerId: string | null,
) {
  const phrases = CALL_PHRASES[company.language];
  const theirs = callerNumber(company.language, index);
  const day = new Date(company.now.getTime() - script.daysAgo * DAY);
  // Business hours, UTC, a different minute each call.
  const startedAt = new Date(
    Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 14 + (index % 5), (index * 17) % 60),
  );
  const inbound = script.direction === "inbound";
  const call = await insertCall(tx, {
    companyId: company.id,
    phoneNumberId: line.id,
    provider: "simulated",
    // Deterministic, like the rest of the demo: the same call has the same SID on every seed.
    providerSid: `CA${createHash("sha256").update(`demo call ${company.id} ${index}`).digest("hex").slice(0, 32)}`,
    direction: script.direction,
    fromNumber: inbound ? theirs : line.e164,
    toNumber: inbound ? line.e164 : theirs,
    status: inbound ? "in_progress" : "queued",
    aiEmployeeId: line.aiEmployeeId,
    customerId,
    language: CALL_LANGUAGE_TAGS[company.language],
    answeredAt: inbound ? startedAt : null,
    startedAt,
  });
  let at = startedAt.getTime();
  if (script.ending === "no_answer") {
    await advanceCall(tx, call.id, "ringing", { at: new Date(at + 1_000) });
    await advanceCall(tx, call.id, "no_answer", { at: new Date(at + 30_000), durationSeconds: 0 });
    return;
  }
  if (!inbound) {
    at += 6_000;
    await advanceCall(tx, call.id, "ringing", { at: new Date(startedAt.getTime() + 1_000) });
    await advanceCall(tx, call.id, "in_progress", { at: new Date(at) });
  }
  const answeredAt = at;
  let said = 0;
  const say = async (speaker: "caller" | "ai" | "system", text: string, answerMs: number | null = null) => {
    await appendTurn(tx, { companyId: company.id, callId: call.id, speaker, text, answerMs, at: new Date(at) });
    at += SECONDS_A_TURN[(index + said++) % SECONDS_A_TURN.length]! * 1000;
  };
  const greeter = line.aiEmployeeId ? await findGreeter(tx, company.id, line.aiEmployeeId) : null;
  if (greeter) await say("ai", phrases.greeting(greeter.employeeName, greeter.companyName));
  const spoken = script.ending === "message_taken" ? script.turns.slice(0, -1) : script.turns;
  for (const [turn, text] of spoken.entries()) {
    // On an outbound call the callee speaks first after the greeting, like any caller.
    const speaker = turn % 2 === 0 ? "caller" : "ai";
    await say(speaker, text, speaker === "ai" ? 180 + ((index * 53 + turn * 31) % 240) : null);
  }
  if (script.ending === "transferred") {
    await say("system", phrases.connecting);
    await decideOutcome(tx, call.id, "transferred");
    // The team member talked with the caller for a few minutes.
    at += 240_000;
  }
  if (script.ending === "message_taken") {
    await say("system", phrases.leaveMessage);
    await say("caller", script.turns.at(-1)!);
    await say("system", phrases.messageTaken);
    await decideOutcome(tx, call.id, "message_taken");
  }
  await advanceCall(tx, call.id, "completed", {
    at: new Date(at),
    durationSeconds: Math.round((at - answeredAt) / 1000),
  });
}
