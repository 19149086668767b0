// The notifications module's public face: other modules and app.ts import only what is listed here.
export { notificationSettingsRoutes } from "./notification-settings.routes.ts";
export { notificationsPlugin } from "./notifications.plugin.ts";
export type { Recipients } from "./notifications.repository.ts";
export { type NewNotification, type NotifyDeps, notify } from "./notify.ts";
