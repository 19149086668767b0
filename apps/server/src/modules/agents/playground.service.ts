import { channelFromSource, PLAYGROUND_WAIT_MS, type PlaygroundInput, type PlaygroundReply } from "@foreman/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { conversations, messages } from "#server/db/schema/index.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { findAiEmployee } from "../ai-employees/ai-employees.repository.ts";
import { findStaffName, toMessage } from "../conversations/messages.repository.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import { findRunOfMessage, listPendingReplies } from "./agent-runs.repository.ts";
import { createConversation, storeInbound } from "./inbound-message.ts";

export type PlaygroundDeps = { db: Db; queue: JobQueue; waitMs?: number };

const POLL_MS = 40;

/**
 * A staff member's test message to an AI employee, through the production pipeline: a test
 * conversation (`is_test`, no customer, no lead, left out of lists and metrics), the message, the same
 * job a customer's message gets. Waits for the run (on whichever instance takes the job) and answers
 * the reply with its trace; if the run takes longer, answers without it and the state of the job.
 */
export async function runPlayground(
  deps: PlaygroundDeps,
  scope: { companyId: string; userId: string; aiEmployeeId: string },
  input: PlaygroundInput,
): Promise<PlaygroundReply> {
  const { db, queue } = deps;
  const { companyId, aiEmployeeId } = scope;
  const employee = isUuid(aiEmployeeId) ? await findAiEmployee(db, companyId, aiEmployeeId) : null;
  if (!employee) throw httpError(404, "not_found", "AI employee not found");
  const staffName = (await findStaffName(db, scope.userId)) ?? "Staff";
  await queue.prepare();
  const stored = await db.transaction(async (tx) => {
    let sessionId: string;
    if (input.sessionId) {
      const [session] = await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(
          and(
            eq(conversations.companyId, companyId),
            eq(conversations.id, input.sessionId),
            eq(conversations.isTest, true),
            eq(conversations.aiEmployeeId, aiEmployeeId),
          ),
        );
      if (!session)
        throw httpError(404, "not_found", "Playground session not found", [
          { field: "sessionId", message: "Start a new session without session_id" },
        ]);
      sessionId = session.id;
    } else {
      sessionId = await createConversation(tx, {
        companyId,
        channel: channelFromSource("playground"),
        customerId: null,
        aiEmployeeId,
        apiChannelId: null,
        isTest: true,
        lead: null,
      });
    }
    const message = await storeInbound(tx, queue, {
      companyId,
      conversationId: sessionId,
      senderName: `${staffName} (test)`,
      content: input.content,
      apiChannelId: null,
      externalId: null,
    });
    return { sessionId, message: message! };
  });
  queue.wake();

  const deadline = Date.now() + (deps.waitMs ?? PLAYGROUND_WAIT_MS);
  let run = await findRunOfMessage(db, companyId, stored.message.id);
  while (!run && Date.now() < deadline) {
    const [pending] = await listPendingReplies(db, companyId, stored.sessionId, stored.message.id);
    // Failed for good, or waiting for a retry after an error: say so now rather than at the deadline.
    if (pending && (pending.state === "failed" || pending.lastError)) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    run = await findRunOfMessage(db, companyId, stored.message.id);
  }
  const replyRow =
    run &&
    (
      await db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, companyId), eq(messages.replyToMessageId, stored.message.id)))
    )[0];
  const [pending] = run ? [] : await listPendingReplies(db, companyId, stored.sessionId, stored.message.id);
  return {
    sessionId: stored.sessionId,
    message: stored.message,
    reply: replyRow ? toMessage({ ...replyRow, avatarUrl: employee.avatarUrl ?? null }, []) : null,
    run,
    pending: pending ?? null,
  };
}
