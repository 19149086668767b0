import { type Call, type CallDetail, type CallTurn, orderTitle } from "@foreman/contract";
import type { CallTurnRow, ListedCall } from "./calls.repository.ts";

// Calls as the API shows them (contract callSchema, callDetailSchema).

export function toCall({ call, aiEmployeeName, customerName }: ListedCall): Call {
  return {
    id: call.id,
    number: call.displayId,
    direction: call.direction,
    from: call.fromNumber,
    to: call.toNumber,
    phoneNumberId: call.phoneNumberId,
    aiEmployee: call.aiEmployeeId && aiEmployeeName !== null ? { id: call.aiEmployeeId, name: aiEmployeeName } : null,
    customer: call.customerId && customerName !== null ? { id: call.customerId, name: customerName } : null,
    status: call.status,
    durationSeconds: call.durationSeconds,
    startedAt: call.startedAt.toISOString(),
    answeredAt: call.answeredAt?.toISOString() ?? null,
    endedAt: call.endedAt?.toISOString() ?? null,
    outcome: call.outcome,
    isTest: call.isTest,
  };
}

export function toTurn(row: CallTurnRow): CallTurn {
  return {
    seq: row.seq,
    speaker: row.speaker,
    text: row.text,
    confidence: row.confidence,
    answerMs: row.answerMs,
    at: row.createdAt.toISOString(),
  };
}

export type CallResults = {
  tickets: { id: string; number: number; subject: string }[];
  orders: { id: string; number: number; lines: { productName: string; quantity: number }[] }[];
};

export function toCallDetail(
  listed: ListedCall,
  turns: CallTurnRow[],
  results: CallResults,
  agentRunIds: string[],
): CallDetail {
  const { call } = listed;
  return {
    ...toCall(listed),
    turns: turns.map(toTurn),
    recording: call.recordingUrl
      ? { url: `/app/calls/${call.id}/recording`, durationSeconds: call.recordingDurationSeconds }
      : null,
    conversationId: call.conversationId,
    tickets: results.tickets,
    orders: results.orders.map((order) => ({
      id: order.id,
      title: orderTitle(order.lines) || `Q-${order.number}`,
    })),
    agentRunIds,
  };
}
