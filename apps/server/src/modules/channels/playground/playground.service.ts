import { channelFromSource, PLAYGROUND_WAIT_MS, type PlaygroundInput, type PlaygroundReply } from "@foreman/contract";
import { and, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { conversations, messages } from "#server/db/schema/index.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { findStaffName } from "../../activities/index.ts";
import { findRunOfMessage, listPendingReplies } from "../../agents/index.ts";
import { findAiEmployee } from "../../ai-employees/index.ts";
import { createConversation, toMessage } from "../../conversations/index.ts";
import { type ReceiveDeps, receiveCustomerMessage } from "../receive-customer-message.ts";

export type PlaygroundDeps = ReceiveDeps & { waitMs?: number };

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
  const { db } = deps;
  const { companyId, aiEmployeeId } = scope;
  const employee = isUuid(aiEmployeeId) ? await findAiEmployee(db, companyId, aiEmployeeId) : null;
  if (!employee) throw httpError(404, "not_found", "AI employee not found");
  const staffName = (await findStaffName(db, scope.userId)) ?? "Staff";
  const received = await receiveCustomerMessage(deps, {
    companyId,
    customer: async () => null,
    conversation: { find: (tx) => playgroundSession(tx, { companyId, aiEmployeeId }, input.sessionId) },
    message: { senderName: `${staffName} (test)`, content: input.content, apiChannelId: null, externalId: null },
  });
  // A test session's message ids are new each time: it cannot be a second delivery.
  if ("duplicate" in received) throw new Error("A playground message was taken for a second delivery");
  const stored = { sessionId: received.conversationId, message: received.message };

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

/** The staff member's test session with this AI employee: the one named, or a new one. */
async function playgroundSession(
  tx: Executor,
  scope: { companyId: string; aiEmployeeId: string },
  sessionId: string | undefined,
): Promise<string> {
  if (!sessionId)
    return createConversation(tx, {
      companyId: scope.companyId,
      channel: channelFromSource("playground"),
      customerId: null,
      aiEmployeeId: scope.aiEmployeeId,
      apiChannelId: null,
      isTest: true,
      lead: null,
    });
  const [session] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.companyId, scope.companyId),
        eq(conversations.id, sessionId),
        eq(conversations.isTest, true),
        eq(conversations.aiEmployeeId, scope.aiEmployeeId),
      ),
    );
  if (!session)
    throw httpError(404, "not_found", "Playground session not found", [
      { field: "sessionId", message: "Start a new session without session_id" },
    ]);
  return session.id;
}
