import { and, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { conversations } from "#server/db/schema/index.ts";

// Who answers a conversation next, decided by the AI employees' runtime and their settings; written
// here, with the conversation's other writes.

const ofCompany = (companyId: string, conversationId: string) =>
  and(eq(conversations.companyId, companyId), eq(conversations.id, conversationId));

/** Staff take over: the AI stops answering until staff hand it back, and the conversation waits on them. */
export async function handToStaff(tx: Executor, companyId: string, conversationId: string): Promise<void> {
  await tx
    .update(conversations)
    .set({ handledBy: "staff", status: "open" })
    .where(ofCompany(companyId, conversationId));
}

/** The conversation waits on staff without changing who answers it (an AI run that wrote no reply). */
export async function waitOnStaff(tx: Executor, companyId: string, conversationId: string): Promise<void> {
  await tx.update(conversations).set({ status: "open" }).where(ofCompany(companyId, conversationId));
}

/** Another AI employee answers from the next message. */
export async function reassignConversation(
  tx: Executor,
  companyId: string,
  conversationId: string,
  aiEmployeeId: string,
): Promise<void> {
  await tx.update(conversations).set({ aiEmployeeId }).where(ofCompany(companyId, conversationId));
}

/**
 * An AI employee stops answering (deactivated or removed): its conversations that were waiting on the
 * customer with the AI in charge are put in front of staff.
 */
export async function flagEmployeeConversationsForStaff(tx: Executor, companyId: string, aiEmployeeId: string) {
  await tx
    .update(conversations)
    .set({ status: "open" })
    .where(
      and(
        eq(conversations.companyId, companyId),
        eq(conversations.aiEmployeeId, aiEmployeeId),
        eq(conversations.status, "pending"),
        eq(conversations.handledBy, "ai"),
      ),
    );
}
