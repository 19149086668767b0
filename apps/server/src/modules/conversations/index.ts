// The conversations module's public face: other modules and app.ts import only what is listed here.
export { customerContactColumns, findChatAccountId } from "./conversations.repository.ts";
export { conversationsRoutes } from "./conversations.routes.ts";
export { conversationNotFound } from "./conversations.service.ts";
export {
  type ConversationSource,
  type CustomerMessageInput,
  createConversation,
  findChannelMessage,
  findOpenChannelConversation,
  storeCustomerMessage,
} from "./customer-messages.ts";
export { filesRoutes } from "./files.routes.ts";
export { flagEmployeeConversationsForStaff, handToStaff, reassignConversation, waitOnStaff } from "./handover.ts";
export {
  findConversationId,
  findMessage,
  listAttachmentsOf,
  type RecentMessageRow,
  recentMessageColumns,
  recentMessageFields,
  recentMessagesOf,
  toMessage,
} from "./messages.repository.ts";
export { newAccessKey } from "./messages.service.ts";
export type { ConversationRoute, OutboundChannels, OutgoingMessage } from "./outbound-channels.ts";
export { advanceWhatsappDelivery, postAiMessage, recordDelivery } from "./outgoing-messages.ts";
export { replyWindow } from "./reply-window.ts";
export { ssoLinksRoutes } from "./sso-links.routes.ts";
export { postStaffMessage } from "./staff-message.ts";
export { insertAttachments } from "./staff-reply.repository.ts";
