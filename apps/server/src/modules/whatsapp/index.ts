// The whatsapp module's public face: other modules and app.ts import only what is listed here.
export { findConnection } from "./connections.repository.ts";
export { whatsappWebhookRoutes } from "./webhook.routes.ts";
export { whatsappPlugin } from "./whatsapp.plugin.ts";
export { whatsappRoutes } from "./whatsapp.routes.ts";
