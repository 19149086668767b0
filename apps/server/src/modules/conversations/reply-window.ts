import { isWhatsappWindowOpen, whatsappWindowClosesAt } from "@foreman/contract";
import { and, eq, max } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { messages } from "#server/db/schema/index.ts";

/** When the customer last wrote in the conversation (the start of WhatsApp's 24-hour window). */
export async function lastCustomerMessageAt(db: Executor, conversationId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(messages.createdAt) })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderType, "customer")));
  return row?.at ? new Date(row.at) : null;
}

/** The conversation's window: open (free text allowed) and when it closes. */
export async function replyWindow(db: Executor, conversationId: string, now = new Date()) {
  const last = await lastCustomerMessageAt(db, conversationId);
  return { open: isWhatsappWindowOpen(last, now), closesAt: whatsappWindowClosesAt(last) };
}
