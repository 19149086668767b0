// The billing module's public face: other modules and app.ts import only what is listed here.
export { billingPlugin } from "./billing.plugin.ts";
export { billingRoutes } from "./billing.routes.ts";
export { requestBillingSync } from "./billing-sync-request.ts";
export { stripeWebhookRoutes } from "./stripe-webhook.routes.ts";
