// The email module's public face: other modules and app.ts import only what is listed here.

export { emailPlugin } from "./email.plugin.ts";
export { emailChannelsRoutes } from "./email-channels.routes.ts";
export { emailMessagesRoutes } from "./email-messages.routes.ts";
export { emailWebhookRoutes } from "./email-webhook.routes.ts";
