// The calls module's public face: other modules and app.ts import only what is listed here.
export { callsPlugin } from "./calls.plugin.ts";
export { callsRoutes } from "./calls.routes.ts";
export { voiceWebhookRoutes } from "./voice-webhook.routes.ts";
