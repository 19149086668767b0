import { notificationPreferencesPatchSchema, notificationSettingsSchema } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BEARER, errorResponses } from "#server/plugins/openapi.ts";
import { getNotificationSettings, updateNotificationSettings } from "./notification-settings.service.ts";

const tags = ["notifications"];
const path = "/app/notification_settings.json";

/**
 * The signed-in user's own notification switches (not company-scoped: they hold in every company the
 * user is in), with the address the mail goes to.
 */
export const notificationSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config };

  app.get(
    path,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The signed-in user's notification settings",
        description:
          "Which mails the user gets (action items waiting on them, tickets assigned to them, conversations handed to staff, a daily digest) and whether live toasts show; the address the mails go to (email); smtp_configured false when the server has no SMTP server and mail waits in the outbox.",
        security: BEARER,
        response: { 200: notificationSettingsSchema, ...errorResponses(401) },
      },
    },
    async (request) => getNotificationSettings(deps, request.user!.id),
  );

  app.patch(
    path,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Change the signed-in user's notification settings",
        description:
          "Any of email_action_items, email_tickets_assigned, email_handoffs, email_daily_digest and toasts, each true or false; at least one. Answers the settings as they are now.",
        security: BEARER,
        body: notificationPreferencesPatchSchema,
        response: { 200: notificationSettingsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => updateNotificationSettings(deps, request.user!.id, request.body),
  );
};
