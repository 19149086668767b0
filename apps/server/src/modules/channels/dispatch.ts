import type { ConversationRoute, OutboundChannels } from "../conversations/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import { apiOutbound } from "./api/outbound.ts";
import type { ChannelOutbound } from "./channel-outbound.ts";
import { type EmailOutboundSettings, emailOutbound } from "./email/outbound.ts";
import { phoneOutbound } from "./phone/outbound.ts";
import { websiteChatOutbound } from "./website-chat/outbound.ts";
import { whatsappOutbound } from "./whatsapp/outbound.ts";

// The one rule for where a reply goes: back through the channel its conversation came in by, whoever
// wrote it. An AI employee's reply and a staff member's reply leave the same way (so a customer on a
// website chat hears the human who took over). A conversation from no channel (the playground, demo
// data) sends nowhere. A new channel adds one folder and one entry here.

export type Transport = "api" | "whatsapp" | "web_chat" | "email" | "phone";

/** The channel a conversation's messages leave by, or null when it came from none. */
export function transportOf(route: ConversationRoute): Transport | null {
  if (route.whatsappConnectionId) return "whatsapp";
  if (route.apiChannelId) return "api";
  if (route.websiteChatId) return "web_chat";
  if (route.emailChannelId) return "email";
  if (route.phoneNumberId) return "phone";
  return null;
}

/** The outbound port (modules/conversations) over one sender per channel. */
export function outboundChannels(queue: JobQueue, settings: EmailOutboundSettings): OutboundChannels {
  const OUTBOUND: Record<Transport, ChannelOutbound> = {
    api: apiOutbound,
    whatsapp: whatsappOutbound,
    web_chat: websiteChatOutbound,
    email: emailOutbound(settings),
    phone: phoneOutbound,
  };
  return {
    async checkStaffReply(tx, conversation, message) {
      const transport = transportOf(conversation.route);
      if (transport) await OUTBOUND[transport].checkStaffReply(tx, conversation, message);
    },
    async deliver(tx, message) {
      const transport = transportOf(message.route);
      return transport ? OUTBOUND[transport].deliver(tx, queue, message) : null;
    },
  };
}
