// The mail module's public face: other modules and app.ts import only what is listed here.
export { appLink } from "./app-link.ts";
export { mailPlugin } from "./mail.plugin.ts";
export { outboxRoutes } from "./outbox.routes.ts";
export { type NewMail, queueMail } from "./outbox.ts";
