import type { DeliveryStatus } from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";

// The port through which every outgoing message (an AI employee's or a staff member's) leaves by the
// channel its conversation came through. modules/channels implements it (dispatch.ts) and the app
// decorates itself with it; this module only stores messages and asks it.

/** Where a conversation came in from: a channel API channel, a WhatsApp number, a website chat, an email channel, a phone number, or neither. */
export type ConversationRoute = {
  apiChannelId: string | null;
  whatsappConnectionId: string | null;
  websiteChatId: string | null;
  emailChannelId: string | null;
  phoneNumberId: string | null;
};

/** A stored outgoing message to send. */
export type OutgoingMessage = {
  companyId: string;
  messageId: string;
  conversationId: string;
  route: ConversationRoute;
};

export interface OutboundChannels {
  /**
   * Refuses (throws an HTTP error) a staff message the conversation's channel cannot carry now, before
   * anything is stored, e.g. free text after WhatsApp's 24-hour window closed (a template may go).
   */
  checkStaffReply(
    tx: Executor,
    conversation: { id: string; route: ConversationRoute },
    message: { template: boolean },
  ): Promise<void>;
  /**
   * In the transaction that stored the message: queues its delivery on the conversation's channel.
   * Answers the message's delivery status afterwards ("pending" while a channel that reports
   * delivery sends it), or null when its channel does not report delivery or it goes nowhere.
   */
  deliver(tx: Executor, message: OutgoingMessage): Promise<DeliveryStatus | null>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Sends outgoing messages back through their conversation's channel (modules/channels). */
    outbound: OutboundChannels;
  }
}
