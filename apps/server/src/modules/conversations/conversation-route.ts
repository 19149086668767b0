import { conversations } from "#server/db/schema/index.ts";

/**
 * The conversation's columns that say which channel it came through (a ConversationRoute), read
 * wherever an outgoing message is handed to dispatch: one list, so a new channel is one line here.
 */
export const routeColumns = {
  apiChannelId: conversations.apiChannelId,
  whatsappConnectionId: conversations.whatsappConnectionId,
  websiteChatId: conversations.websiteChatId,
  emailChannelId: conversations.emailChannelId,
  phoneNumberId: conversations.phoneNumberId,
};
