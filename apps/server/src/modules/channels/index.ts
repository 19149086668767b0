// The channels module's public face: other modules and app.ts import only what is listed here.

export { channelApiRoutes } from "./api/channel-api.routes.ts";
export { apiChannelsRoutes } from "./api-channels.routes.ts";
export { channelsPlugin } from "./channels.plugin.ts";
export { playgroundRoutes } from "./playground/playground.routes.ts";
export { receiveCustomerMessage } from "./receive-customer-message.ts";
export { customerOfVerifiedIdentity, verifiedIdentityOf } from "./verified-customer.ts";
