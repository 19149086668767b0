import {
  type CompanyRole,
  type FieldError,
  RESOLUTION_CONFLICT_MESSAGES,
  TASK_DECISION_LABELS,
  type Task,
  type TaskDecision,
  type ThreadMessage,
} from "@foreman/contract";
import type { Db } from "#server/db/client.ts";
import type { TaskRow } from "#server/db/schema/index.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { findStaffName, recordActivity } from "../activities/index.ts";
import type { AgentRuntime } from "../agents/index.ts";
import { requireApprover } from "../companies/index.ts";
import type { EventBus } from "../events/index.ts";
import { toThreadMessage } from "./task-view.ts";
import {
  findTask,
  findTaskState,
  findThreadMessage,
  insertThreadMessage,
  resolveTaskRow,
  setTaskOutcome,
} from "./tasks.repository.ts";
import { getTask, taskNotFound } from "./tasks.service.ts";

export type ResolveTaskDeps = { db: Db; events: EventBus; agentRuntime: AgentRuntime };

export type ResolveTaskInput = {
  companyId: string;
  taskId: string;
  userId: string;
  /** The caller's role in the company: an authorize item takes an approver (companies/approver.ts). */
  role: CompanyRole;
  answer: string | null;
  decision: TaskDecision | null;
  /** What is wrong with this response for the task's action type (a 400), checked once the task is found. */
  check: (task: TaskRow) => FieldError | null;
  /** Only a task on this conversation qualifies (the assist path names it); others are a 404. */
  conversationId?: string;
};

export type ResolvedTask = { task: Task; threadMessage: ThreadMessage };

/** Staff's entry in the assistant thread: the answer, or the decision with the optional note. */
export function threadNote(answer: string | null, decision: TaskDecision | null): string {
  if (!decision) return answer ?? "";
  return answer ? `${TASK_DECISION_LABELS[decision]}: ${answer}` : TASK_DECISION_LABELS[decision];
}

/** The activity log's line for a resolution: "Answered action item: Saturday delivery?". */
export function resolutionSummary(title: string, decision: TaskDecision | null, changed = false): string {
  if (decision === "authorized" && changed)
    return `Authorized action item, not applied (changed since raised): ${title}`;
  if (decision === "authorized") return `Authorized action item: ${title}`;
  if (decision === "left_pending") return `Left action item pending: ${title}`;
  return `Answered action item: ${title}`;
}

/**
 * Resolves a task: answers a question, or authorizes / leaves pending an authorize item. 404 for a task
 * that is not the company's, 403 when the caller may not approve an authorize item (whatever the path:
 * a decision or an assist reply), 400 when the response does not fit the task, 409 when it was resolved
 * meanwhile or is past due. The runtime says what came of an authorized request (applied, or changed
 * since it was raised) and it is stored on the task. One transaction holds the conditional UPDATE, staff's thread message,
 * whatever the agent runtime writes (the relay's message in the customer conversation) and the
 * `action_item.resolved` activity: a failure anywhere leaves nothing half-done, so the runtime is never
 * told about a resolution that did not commit, nor a resolution committed that the AI never heard of.
 * Events go out after the commit.
 */
export async function resolveTask(deps: ResolveTaskDeps, input: ResolveTaskInput): Promise<ResolvedTask> {
  const { db, events, agentRuntime } = deps;
  const { companyId, taskId } = input;
  const record = isUuid(taskId) ? await findTask(db, companyId, taskId) : null;
  if (!record || (input.conversationId !== undefined && record.conversation.id !== input.conversationId)) {
    throw taskNotFound();
  }
  if (record.task.actionType === "authorize") await requireApprover(db, { companyId, role: input.role });
  const issue = input.check(record.task);
  if (issue) throw httpError(400, "invalid_request", "Request validation failed", [issue]);

  const { threadMessageId, delivered } = await db.transaction(async (tx) => {
    const resolved = await resolveTaskRow(tx, companyId, taskId, {
      answer: input.answer,
      decision: input.decision,
      userId: input.userId,
    });
    if (!resolved) {
      const current = await findTaskState(tx, companyId, taskId);
      if (!current) throw taskNotFound();
      // The UPDATE's own condition decides: a to-do task it skipped was past due by the database's clock.
      const conflict = current.state === "to_do" ? "past_due" : "already_resolved";
      throw httpError(409, conflict, RESOLUTION_CONFLICT_MESSAGES[conflict]);
    }
    const threadMessageId = await insertThreadMessage(tx, {
      companyId,
      taskId,
      authorType: "staff",
      userId: input.userId,
      content: threadNote(input.answer, input.decision),
    });
    const user = { id: input.userId, name: (await findStaffName(tx, input.userId)) ?? "" };
    const delivered = await agentRuntime.deliverHumanResponse({
      tx,
      companyId,
      task: resolved,
      conversation: {
        id: record.conversation.id,
        aiEmployeeId: record.conversation.aiEmployeeId,
        customerName: record.customer?.fullName ?? null,
      },
      answer: input.answer,
      decision: input.decision,
      user,
    });
    const outcome = delivered.outcome ?? null;
    if (outcome) await setTaskOutcome(tx, companyId, taskId, outcome);
    const changed = outcome?.outcome === "changed_since_raised";
    await recordActivity(tx, {
      companyId,
      kind: "action_item.resolved",
      actor: { type: "user", ...user },
      subject: { type: "action_item", id: taskId },
      summary: resolutionSummary(resolved.title, input.decision, changed),
      details: {
        ...(input.decision ? { decision: input.decision } : {}),
        ...(outcome ? { outcome: outcome.outcome } : {}),
      },
    });
    return { threadMessageId, delivered };
  });

  delivered.afterCommit?.();
  await events.publish(companyId, { type: "task.updated", taskId, state: "done" });
  for (const message of delivered.messages) {
    await events.publish(companyId, { type: "message.created", conversationId: message.conversationId, message });
  }
  if (delivered.messages.length > 0) {
    await events.publish(companyId, { type: "conversation.updated", conversationId: record.conversation.id });
  }

  const [task, threadMessage] = await Promise.all([
    getTask(db, companyId, taskId),
    findThreadMessage(db, companyId, threadMessageId),
  ]);
  return { task, threadMessage: toThreadMessage(threadMessage!) };
}
