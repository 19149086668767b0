import type { CallDirection, CallSpeaker, CallStatus, CallsQuery, TelephonyProviderKind } from "@foreman/contract";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import {
  aiEmployees,
  calls,
  callTurns,
  companies,
  conversations,
  customers,
  lineItems,
  messages,
  quotes,
  tickets,
} from "#server/db/schema/index.ts";

// The calls' queries. Status, outcome and times change only in call-transitions.ts.

export type CallRow = typeof calls.$inferSelect;
export type CallTurnRow = typeof callTurns.$inferSelect;

export type NewCall = {
  companyId: string;
  phoneNumberId: string | null;
  provider: TelephonyProviderKind;
  providerSid: string;
  direction: CallDirection;
  fromNumber: string;
  toNumber: string;
  status: CallStatus;
  aiEmployeeId: string | null;
  customerId?: string | null;
  placedBy?: string | null;
  isTest?: boolean;
  language: string;
  answeredAt?: Date | null;
  startedAt?: Date;
};

/**
 * A new call with the company's next call number (numbered under a per-company lock). An inbound call
 * the provider announces twice (a retried webhook) is found, not created again: answers it either way.
 */
export async function insertCall(tx: Executor, values: NewCall): Promise<CallRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`call-number:${values.companyId}`}))`);
  const [next] = await tx
    .select({ displayId: sql<number>`coalesce(max(${calls.displayId}), 0) + 1` })
    .from(calls)
    .where(eq(calls.companyId, values.companyId));
  const [row] = await tx
    .insert(calls)
    .values({ ...values, displayId: Number(next!.displayId) })
    .onConflictDoNothing({ target: [calls.provider, calls.providerSid] })
    .returning();
  if (row) return row;
  const existing = await findCallBySid(tx, values.provider, values.providerSid);
  if (!existing) throw new Error("a call that conflicted on its sid is gone");
  return existing;
}

export async function findCallBySid(db: Executor, provider: TelephonyProviderKind, sid: string) {
  const [row] = await db
    .select()
    .from(calls)
    .where(and(eq(calls.provider, provider), eq(calls.providerSid, sid)));
  return row ?? null;
}

/** A call by its id alone: only for a provider's signed webhook, whose URL named it. */
export async function findCallById(db: Executor, id: string) {
  const [row] = await db.select().from(calls).where(eq(calls.id, id));
  return row ?? null;
}

export async function findCompanyCall(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(calls)
    .where(and(eq(calls.companyId, companyId), eq(calls.id, id)));
  return row ?? null;
}

/** The call row, locked until the transaction ends: one callback or turn changes it at a time. */
export async function lockCall(tx: Executor, id: string) {
  const [row] = await tx.select().from(calls).where(eq(calls.id, id)).for("update");
  return row ?? null;
}

const callColumns = {
  call: calls,
  aiEmployeeName: aiEmployees.name,
  customerName: customers.fullName,
};

export type ListedCall = { call: CallRow; aiEmployeeName: string | null; customerName: string | null };

/** A page of the company's calls, newest first, and how many match. */
export async function listCalls(db: Executor, companyId: string, query: CallsQuery) {
  const where = and(
    eq(calls.companyId, companyId),
    query.status ? eq(calls.status, query.status) : undefined,
    query.direction ? eq(calls.direction, query.direction) : undefined,
    query.phoneNumberId ? eq(calls.phoneNumberId, query.phoneNumberId) : undefined,
  );
  const rows = await db
    .select(callColumns)
    .from(calls)
    .leftJoin(aiEmployees, eq(aiEmployees.id, calls.aiEmployeeId))
    .leftJoin(customers, eq(customers.id, calls.customerId))
    .where(where)
    .orderBy(desc(calls.startedAt), desc(calls.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [total] = await db.select({ n: count() }).from(calls).where(where);
  return { rows: rows as ListedCall[], total: Number(total?.n ?? 0) };
}

export async function findListedCall(db: Executor, companyId: string, id: string): Promise<ListedCall | null> {
  const [row] = await db
    .select(callColumns)
    .from(calls)
    .leftJoin(aiEmployees, eq(aiEmployees.id, calls.aiEmployeeId))
    .leftJoin(customers, eq(customers.id, calls.customerId))
    .where(and(eq(calls.companyId, companyId), eq(calls.id, id)));
  return (row as ListedCall | undefined) ?? null;
}

export async function listTurns(db: Executor, companyId: string, callId: string): Promise<CallTurnRow[]> {
  return db
    .select()
    .from(callTurns)
    .where(and(eq(callTurns.companyId, companyId), eq(callTurns.callId, callId)))
    .orderBy(asc(callTurns.seq));
}

export type NewTurn = {
  companyId: string;
  callId: string;
  speaker: CallSpeaker;
  text: string;
  confidence?: number | null;
  messageId?: string | null;
  agentRunId?: string | null;
  answerMs?: number | null;
  at?: Date;
};

/** Appends a turn to the call's transcript (numbered under a per-call lock, so turns never share a place). */
export async function appendTurn(tx: Executor, turn: NewTurn): Promise<CallTurnRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`call-turns:${turn.callId}`}))`);
  const [next] = await tx
    .select({ seq: sql<number>`coalesce(max(${callTurns.seq}), 0) + 1` })
    .from(callTurns)
    .where(eq(callTurns.callId, turn.callId));
  const [row] = await tx
    .insert(callTurns)
    .values({
      companyId: turn.companyId,
      callId: turn.callId,
      seq: Number(next!.seq),
      speaker: turn.speaker,
      text: turn.text,
      confidence: turn.confidence ?? null,
      messageId: turn.messageId ?? null,
      agentRunId: turn.agentRunId ?? null,
      answerMs: turn.answerMs ?? null,
      ...(turn.at ? { createdAt: turn.at } : {}),
    })
    .returning();
  return row!;
}

/** The call's turn that carries this message (a caller's words, or the AI's reply), if stored. */
export async function findTurnOfMessage(db: Executor, callId: string, messageId: string) {
  const [row] = await db
    .select()
    .from(callTurns)
    .where(and(eq(callTurns.callId, callId), eq(callTurns.messageId, messageId)))
    .limit(1);
  return row ?? null;
}

/** Whether the AI employee said anything on the call (its greeting included). */
export async function aiSpokeOn(db: Executor, callId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: callTurns.id })
    .from(callTurns)
    .where(and(eq(callTurns.callId, callId), eq(callTurns.speaker, "ai")))
    .limit(1);
  return row !== undefined;
}

/** What a greeting needs: the company's name and answer languages, the employee's name and state. */
export async function findGreeter(db: Executor, companyId: string, aiEmployeeId: string) {
  const [row] = await db
    .select({
      companyName: companies.name,
      answerLanguages: companies.answerLanguages,
      employeeName: aiEmployees.name,
      employeeStatus: aiEmployees.status,
    })
    .from(aiEmployees)
    .innerJoin(companies, eq(companies.id, aiEmployees.companyId))
    .where(and(eq(aiEmployees.companyId, companyId), eq(aiEmployees.id, aiEmployeeId)));
  return row ?? null;
}

export async function findCompanyEmployee(db: Executor, companyId: string, aiEmployeeId: string) {
  const [row] = await db
    .select({ id: aiEmployees.id, name: aiEmployees.name })
    .from(aiEmployees)
    .where(and(eq(aiEmployees.companyId, companyId), eq(aiEmployees.id, aiEmployeeId)));
  return row ?? null;
}

export async function findCompanyCustomer(db: Executor, companyId: string, customerId: string) {
  const [row] = await db
    .select({ id: customers.id, name: customers.fullName })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
  return row ?? null;
}

/** Who handles the conversation now (the AI, or staff after a hand-off). */
export async function conversationHandler(db: Executor, companyId: string, conversationId: string) {
  const [row] = await db
    .select({ handledBy: conversations.handledBy })
    .from(conversations)
    .where(and(eq(conversations.companyId, companyId), eq(conversations.id, conversationId)));
  return row?.handledBy ?? null;
}

/** The tickets and orders of the call's conversation opened since the call started (what it led to). */
export async function findCallResults(db: Executor, call: CallRow) {
  if (!call.conversationId) return { tickets: [], orders: [] };
  const ticketRows = await db
    .select({ id: tickets.id, number: tickets.number, subject: tickets.subject })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, call.companyId),
        eq(tickets.conversationId, call.conversationId),
        gte(tickets.createdAt, call.startedAt),
      ),
    )
    .orderBy(asc(tickets.createdAt));
  const quoteRows = await db
    .select({ id: quotes.id, number: quotes.number })
    .from(quotes)
    .where(
      and(
        eq(quotes.companyId, call.companyId),
        eq(quotes.conversationId, call.conversationId),
        gte(quotes.createdAt, call.startedAt),
      ),
    )
    .orderBy(asc(quotes.createdAt));
  const lines = quoteRows.length
    ? await db
        .select({
          quoteId: lineItems.quoteId,
          productName: lineItems.productName,
          quantity: lineItems.quantity,
          position: lineItems.position,
        })
        .from(lineItems)
        .where(
          inArray(
            lineItems.quoteId,
            quoteRows.map((row) => row.id),
          ),
        )
        .orderBy(asc(lineItems.position))
    : [];
  return {
    tickets: ticketRows,
    orders: quoteRows.map((row) => ({ ...row, lines: lines.filter((line) => line.quoteId === row.id) })),
  };
}

/** The agent runs that answered the call's turns, in the order they were spoken. */
export async function agentRunIdsOf(db: Executor, companyId: string, callId: string): Promise<string[]> {
  const rows = await db
    .select({ agentRunId: callTurns.agentRunId })
    .from(callTurns)
    .where(and(eq(callTurns.companyId, companyId), eq(callTurns.callId, callId), isNotNull(callTurns.agentRunId)))
    .orderBy(asc(callTurns.seq));
  return [...new Set(rows.map((row) => row.agentRunId!))];
}

/** The AI employee's reply to a customer message (one per message), if written. */
export async function findReplyTo(db: Executor, companyId: string, messageId: string) {
  const [row] = await db
    .select({ id: messages.id, content: messages.content })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.replyToMessageId, messageId)));
  return row ?? null;
}

/** The caller's words of one turn, by the id the phone channel stored them under. */
export async function findCallerMessage(db: Executor, companyId: string, externalId: string) {
  const [row] = await db
    .select({ id: messages.id, conversationId: messages.conversationId, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), isNull(messages.apiChannelId), eq(messages.externalId, externalId)))
    .limit(1);
  return row ?? null;
}
