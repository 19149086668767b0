import { WINDOW_CLOSED_MESSAGE } from "@foreman/contract";
import { httpError } from "#server/lib/http-error.ts";
import { replyWindow } from "../../conversations/index.ts";
import type { ChannelOutbound } from "../channel-outbound.ts";

/**
 * WhatsApp: a message goes out through the Graph API by the `whatsapp_send` job (modules/whatsapp),
 * "pending" until Meta reports it sent, delivered, read or failed. Staff may write free text only
 * within 24 hours of the customer's last message: later, only a template goes, and free text is
 * refused with nothing stored, so the reply box keeps the text and offers a template instead.
 */
export const whatsappOutbound: ChannelOutbound = {
  async checkStaffReply(tx, conversation, message) {
    if (!message.template && !(await replyWindow(tx, conversation.id)).open)
      throw httpError(409, "whatsapp_window_closed", WINDOW_CLOSED_MESSAGE);
  },
  async deliver(tx, queue, message) {
    await queue.enqueue(tx, { companyId: message.companyId, kind: "whatsapp_send", subjectId: message.messageId });
    return "pending";
  },
};
