import type { Channel, Message } from "@foreman/contract";
import type { Db, Executor } from "#server/db/client.ts";
import {
  type ConversationSource,
  type CustomerMessageInput,
  createConversation,
  findOpenChannelConversation,
  handToStaff,
  storeCustomerMessage,
} from "../conversations/index.ts";
import type { EventBus } from "../events/index.ts";
import type { JobQueue } from "../jobs/index.ts";

// The one way a customer's message comes in, whatever channel brought it (the channel API, WhatsApp,
// the playground's test messages, every channel to come). Each channel maps what it received to a
// CustomerMessage; this stores it and queues its answer.

export type ReceiveDeps = { db: Db; queue: JobQueue; events: EventBus };

export type CustomerMessage = {
  companyId: string;
  /**
   * The conversation it belongs to, found or created inside the transaction: by default the channel's
   * open conversation with the customer, or a new one. `customerId` is what `customer` answered.
   */
  conversation:
    | { source: ConversationSource; startWith: (tx: Executor) => Promise<NewConversation> }
    | { find: (tx: Executor, customerId: string | null) => Promise<string> };
  /** The customer, found by the channel's own id for them or created, inside the transaction. */
  customer: (tx: Executor) => Promise<string | null>;
  message: Omit<CustomerMessageInput, "companyId" | "conversationId">;
  /**
   * Whether the AI employee answers it (default). An automated mail, or one from a sender writing too
   * fast, is stored for staff and not answered: `hold` also hands the conversation to staff.
   */
  answer?: "ai" | "none" | "hold";
  /** More work for the stored message in the same transaction (e.g. fetching media it carries). */
  alsoQueue?: (tx: Executor, queue: JobQueue, message: Message) => Promise<void>;
};

/** How a channel starts a conversation with a customer who has no open one. */
export type NewConversation = {
  channel: Channel;
  aiEmployeeId: string | null;
  /** A lead for the sales pipeline: its source and person; null for none (an automated mail). */
  lead: { source: string; personName: string } | null;
  /** An email conversation's reply address token and subject (modules/email). */
  emailReplyToken?: string;
  subject?: string;
};

export type Received = { conversationId: string; message: Message } | { duplicate: true };

/** A second delivery of a message: raised inside the transaction to undo what it wrote. */
class AlreadyReceived extends Error {}

/**
 * The customer, their conversation, the message and the `agent_reply` job that answers it, in one
 * transaction; then the live events. A message the channel delivered before (same channel message id,
 * even when two deliveries race) writes nothing and answers `duplicate`.
 */
export async function receiveCustomerMessage(deps: ReceiveDeps, input: CustomerMessage): Promise<Received> {
  const { companyId } = input;
  await deps.queue.prepare();
  let stored: { conversationId: string; message: Message };
  try {
    stored = await deps.db.transaction(async (tx) => {
      const customerId = await input.customer(tx);
      const conversationId = await conversationFor(tx, input, customerId);
      const message = await storeCustomerMessage(tx, { ...input.message, companyId, conversationId });
      if (!message) throw new AlreadyReceived();
      const answer = input.answer ?? "ai";
      if (answer === "ai") await deps.queue.enqueue(tx, { companyId, kind: "agent_reply", subjectId: message.id });
      if (answer === "hold") await handToStaff(tx, companyId, conversationId);
      await input.alsoQueue?.(tx, deps.queue, message);
      return { conversationId, message };
    });
  } catch (error) {
    if (error instanceof AlreadyReceived) return { duplicate: true };
    throw error;
  }
  deps.queue.wake();
  await deps.events.publish(companyId, {
    type: "message.created",
    conversationId: stored.conversationId,
    message: stored.message,
  });
  await deps.events.publish(companyId, { type: "conversation.updated", conversationId: stored.conversationId });
  return stored;
}

async function conversationFor(tx: Executor, input: CustomerMessage, customerId: string | null): Promise<string> {
  const how = input.conversation;
  if ("find" in how) return how.find(tx, customerId);
  const open = customerId ? await findOpenChannelConversation(tx, how.source, customerId) : null;
  if (open) return open;
  const start = await how.startWith(tx);
  return createConversation(tx, {
    companyId: input.companyId,
    channel: start.channel,
    customerId,
    aiEmployeeId: start.aiEmployeeId,
    apiChannelId: "apiChannelId" in how.source ? how.source.apiChannelId : null,
    whatsappConnectionId: "whatsappConnectionId" in how.source ? how.source.whatsappConnectionId : null,
    websiteChatId: "websiteChatId" in how.source ? how.source.websiteChatId : null,
    emailChannelId: "emailChannelId" in how.source ? how.source.emailChannelId : null,
    phoneNumberId: "phoneNumberId" in how.source ? how.source.phoneNumberId : null,
    emailReplyToken: start.emailReplyToken ?? null,
    subject: start.subject ?? null,
    isTest: false,
    lead: start.lead,
  });
}
