import type { AgentRunOutcome, Message, TraceStep } from "@foreman/contract";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "#server/db/client.ts";
import { agentRuns } from "#server/db/schema/index.ts";
import { handToStaff, type OutboundChannels, postAiMessage, waitOnStaff } from "../conversations/index.ts";
import type { EventBus } from "../events/index.ts";
import { JOB_MAX_ATTEMPTS, type JobHandler, type JobQueue } from "../jobs/index.ts";
import type { KnowledgeSource } from "../knowledge/index.ts";
import type { FollowerMailDeps } from "../tickets/index.ts";
import { runAgentTurn, type TurnResult } from "./agent-loop.ts";
import { type AgentContext, loadAgentContext } from "./context.ts";
import { type ModelProvider, ProviderError } from "./model-provider.ts";

export type AgentJobDeps = {
  db: Db;
  queue: JobQueue;
  /** Where replies leave: back through the conversation's channel (modules/channels). */
  outbound: OutboundChannels;
  events: EventBus;
  provider: ModelProvider;
  knowledge: KnowledgeSource;
  maxSteps: number;
  log: FastifyBaseLogger;
  /** Where a ticket's followers are mailed from when a run changes it. */
  followerMail?: FollowerMailDeps | undefined;
};

/**
 * The `agent_reply` job: answer one customer message. Safe to run twice: the tools' writes are made to
 * be repeated (one open quote per conversation, one action item per message and type), and the reply
 * and its run are stored in one transaction that a second run cannot commit (unique per message).
 */
export function agentReplyHandler(deps: AgentJobDeps): JobHandler {
  const { db, provider, knowledge, log } = deps;
  return async (job, signal) => {
    const context = await loadAgentContext(db, job.subjectId);
    if (!context) return { status: "done" };
    if (await alreadyRun(db, job.subjectId)) return { status: "done" };
    const startedAt = new Date();
    const employee = context.employee;
    if (!employee?.active || context.conversation.handledBy === "staff") {
      // Nobody answers: the customer waits on staff, and the inbox shows the conversation as open.
      const reason = !employee
        ? "No AI employee answers this conversation."
        : employee.active
          ? "Staff handle this conversation."
          : `${employee.name} is inactive.`;
      await finish(deps, context, startedAt, null, "skipped", [{ kind: "error", message: reason }], null);
      return { status: "done" };
    }
    context.passages = await knowledge.passages({
      companyId: context.companyId,
      aiEmployeeId: employee.id,
      text: context.inbound.content,
    });
    let turn: TurnResult;
    try {
      turn = await runAgentTurn({
        db,
        provider,
        context,
        maxSteps: deps.maxSteps,
        signal,
        followerMail: deps.followerMail,
      });
    } catch (error) {
      const message = error instanceof ProviderError ? error.message : "The AI employee's run failed.";
      log.warn({ err: error, jobId: job.id, attempts: job.attempts }, "agent run failed");
      const retryable = !(error instanceof ProviderError) || error.retryable;
      if (retryable && job.attempts < JOB_MAX_ATTEMPTS) return { status: "retry", error: message };
      // For good: staff answer instead, and see why in the trace.
      await finish(deps, context, startedAt, null, "failed", [{ kind: "error", message }], message);
      return { status: "failed", error: message };
    }
    const outcome: AgentRunOutcome = turn.effects.handoff
      ? "handed_off"
      : turn.effects.waits.length > 0
        ? "waiting"
        : "replied";
    await finish(deps, context, startedAt, turn, outcome, turn.steps, null);
    return { status: "done" };
  };
}

async function alreadyRun(db: Db, inboundMessageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: agentRuns.id })
    .from(agentRuns)
    .where(eq(agentRuns.inboundMessageId, inboundMessageId));
  return row !== undefined;
}

/**
 * Stores the run (and its reply, if any) in one transaction, then announces them. A run that lost the
 * race to another (the unique run per message) stores nothing and announces nothing.
 */
async function finish(
  deps: AgentJobDeps,
  context: AgentContext,
  startedAt: Date,
  turn: TurnResult | null,
  outcome: AgentRunOutcome,
  steps: TraceStep[],
  error: string | null,
): Promise<void> {
  const { db, queue, outbound, events, provider } = deps;
  const { companyId } = context;
  const stored = await db.transaction(async (tx) => {
    const [run] = await tx
      .insert(agentRuns)
      .values({
        companyId,
        conversationId: context.conversation.id,
        inboundMessageId: context.inbound.id,
        aiEmployeeId: context.employee?.id ?? null,
        provider: provider.name,
        model: provider.model,
        outcome,
        steps,
        modelCalls: turn?.modelCalls ?? 0,
        promptTokens: turn?.promptTokens ?? 0,
        completionTokens: turn?.completionTokens ?? 0,
        error,
        startedAt,
      })
      .onConflictDoNothing()
      .returning({ id: agentRuns.id });
    if (!run) return null;
    let reply: Message | null = null;
    if (turn?.text) {
      reply = await postAiMessage(tx, outbound, {
        companyId,
        conversationId: context.conversation.id,
        aiEmployeeId: context.employee?.id ?? null,
        content: turn.text,
        replyToMessageId: context.inbound.id,
        agentRunId: run.id,
        status: outcome === "handed_off" || outcome === "waiting" ? "open" : "pending",
      });
      if (reply) await tx.update(agentRuns).set({ replyMessageId: reply.id }).where(eq(agentRuns.id, run.id));
    } else {
      // No reply: the conversation waits on staff.
      if (outcome === "failed") await handToStaff(tx, companyId, context.conversation.id);
      else await waitOnStaff(tx, companyId, context.conversation.id);
    }
    return { reply };
  });
  if (!stored) return;
  queue.wake();
  if (stored.reply)
    await events.publish(companyId, {
      type: "message.created",
      conversationId: context.conversation.id,
      message: stored.reply,
    });
  for (const taskId of turn?.effects.createdTaskIds ?? [])
    await events.publish(companyId, { type: "task.created", taskId, state: "to_do" });
  // The tickets' own writes committed with the tool calls; the screens hear of them with the reply.
  for (const [ticketId, status] of turn?.effects.tickets ?? [])
    await events.publish(companyId, { type: "ticket.updated", ticketId, status });
  await events.publish(companyId, { type: "conversation.updated", conversationId: context.conversation.id });
}
