import type { AgentRunTrace, PendingReply } from "@foreman/contract";
import { and, asc, eq, ne } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { type AgentRunRow, agentRuns, jobs, messages } from "#server/db/schema/index.ts";

export function toTrace(row: AgentRunRow): AgentRunTrace {
  return {
    id: row.id,
    conversationId: row.conversationId,
    aiEmployeeId: row.aiEmployeeId,
    provider: row.provider,
    model: row.model,
    outcome: row.outcome,
    steps: row.steps,
    modelCalls: row.modelCalls,
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt.toISOString(),
  };
}

export async function findRunOfMessage(db: Executor, companyId: string, inboundMessageId: string) {
  const [row] = await db
    .select()
    .from(agentRuns)
    .where(and(eq(agentRuns.companyId, companyId), eq(agentRuns.inboundMessageId, inboundMessageId)));
  return row ? toTrace(row) : null;
}

/** The conversation's runs, oldest first. */
export async function listRuns(db: Executor, companyId: string, conversationId: string): Promise<AgentRunTrace[]> {
  const rows = await db
    .select()
    .from(agentRuns)
    .where(and(eq(agentRuns.companyId, companyId), eq(agentRuns.conversationId, conversationId)))
    .orderBy(asc(agentRuns.startedAt));
  return rows.map(toTrace);
}

/** Customer messages of the conversation whose reply job has not finished well (queued, running, failed). */
export async function listPendingReplies(
  db: Executor,
  companyId: string,
  conversationId: string,
  messageId?: string,
): Promise<PendingReply[]> {
  const rows = await db
    .select({
      messageId: jobs.subjectId,
      state: jobs.state,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      runAfter: jobs.runAfter,
    })
    .from(jobs)
    .innerJoin(messages, eq(messages.id, jobs.subjectId))
    .where(
      and(
        eq(jobs.companyId, companyId),
        eq(jobs.kind, "agent_reply"),
        ne(jobs.state, "done"),
        eq(messages.conversationId, conversationId),
        messageId ? eq(messages.id, messageId) : undefined,
      ),
    )
    .orderBy(asc(jobs.createdAt));
  return rows.map((row) => ({
    messageId: row.messageId,
    state: row.state as PendingReply["state"],
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.state === "queued" ? row.runAfter.toISOString() : null,
  }));
}
