// The channels module's public face: other modules and app.ts import only what is listed here.

export { type AnsweredBy, answeringEmployee, checkAnsweredBy } from "./answering-employee.ts";
export { channelApiRoutes } from "./api/channel-api.routes.ts";
export { apiChannelsRoutes } from "./api-channels.routes.ts";
export { channelsPlugin } from "./channels.plugin.ts";
export { type CallerWords, receiveCallerWords } from "./phone/inbound.ts";
export { playgroundRoutes } from "./playground/playground.routes.ts";
export { type CustomerMessage, receiveCustomerMessage } from "./receive-customer-message.ts";
export { newUnverifiedCustomer } from "./unverified-customer.ts";
export { customerOfVerifiedIdentity, verifiedIdentityOf } from "./verified-customer.ts";
export { widgetVisitorRoutes } from "./website-chat/visitor.routes.ts";
export { embeddingOrigins, ownOrigin } from "./website-chat/website-chats.origins.ts";
export { findWebsiteChatByKey } from "./website-chat/website-chats.repository.ts";
export { websiteChatsRoutes } from "./website-chat/website-chats.routes.ts";
export { widgetAssetsRoutes } from "./website-chat/widget-assets.routes.ts";
