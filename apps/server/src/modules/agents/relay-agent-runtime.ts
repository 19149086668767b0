import { DEFAULT_SENDER_NAMES } from "@foreman/contract";
import { and, eq, sql } from "drizzle-orm";
import { aiEmployees, conversations, messages } from "#server/db/schema/index.ts";
import { toMessage } from "../conversations/messages.repository.ts";
import type { AgentDelivery, AgentRuntime, HumanResponse } from "./agent-runtime.ts";
import { relayMessage } from "./relay-message.ts";

/**
 * The built-in runtime, until real AI employees run here: the AI employee posts staff's response in the
 * customer conversation as its next message (see relayMessage), in the resolution's transaction. The
 * conversation's last activity moves to that message and, unless it was resolved, it waits on the
 * customer again (pending), as after any AI message.
 */
export class RelayAgentRuntime implements AgentRuntime {
  async deliverHumanResponse({
    tx,
    companyId,
    task,
    conversation,
    answer,
    decision,
  }: HumanResponse): Promise<AgentDelivery> {
    const content = relayMessage(task, { answer, decision });
    if (content.trim() === "") return { messages: [] };
    const aiEmployeeId = task.aiEmployeeId ?? conversation.aiEmployeeId;
    const [employee] = aiEmployeeId
      ? await tx
          .select({ name: aiEmployees.name, avatarUrl: aiEmployees.avatarUrl })
          .from(aiEmployees)
          .where(and(eq(aiEmployees.companyId, companyId), eq(aiEmployees.id, aiEmployeeId)))
      : [];
    const [row] = await tx
      .insert(messages)
      .values({
        companyId,
        conversationId: conversation.id,
        senderType: "ai",
        senderName: employee?.name ?? DEFAULT_SENDER_NAMES.ai,
        aiEmployeeId: employee ? aiEmployeeId : null,
        content,
      })
      .returning();
    await tx
      .update(conversations)
      .set({
        lastActivityAt: sql`greatest(${conversations.lastActivityAt}, ${row!.createdAt.toISOString()}::timestamptz)`,
        status: sql`case when ${conversations.status} = 'resolved' then 'resolved' else 'pending' end`,
      })
      .where(and(eq(conversations.companyId, companyId), eq(conversations.id, conversation.id)));
    return { messages: [toMessage({ ...row!, avatarUrl: employee?.avatarUrl ?? null }, [])] };
  }
}
