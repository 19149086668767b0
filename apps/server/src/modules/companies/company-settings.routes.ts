import { companySettingsPatchSchema, companySettingsSchema } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyOf, pathCompanyId } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { assertMayChangeSettings, changeCompanySettings, getCompanySettings } from "./company-settings.service.ts";

const params = z.object({ companyId: z.string() });

export const companySettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/app/companies/:companyId/settings.json",
    {
      schema: {
        tags: ["companies"],
        summary: "The company's settings (every member may read them)",
        description:
          "members_may_approve: whether members, not only owners and admins, may authorize action items and cancel placed orders. language: the language the company works in (en or es): new departments' names, hiring presets and the website chat's words. require_two_factor: whether everyone must sign in with two-factor to reach the company's data. name: the company's name. time_zone: its IANA zone (the dashboard's times and the business hours are in it). currency: its main currency. answer_languages: the languages its AI employees answer customers in. business_hours: per weekday (mon to sun) {open, close} as 24-hour \"HH:MM\" in the company's zone, or null for a closed day; null for always open (out of hours, a conversation handed to staff tells the customer when the team will answer). created_at: when the company was created.",
        params,
        response: { 200: companySettingsSchema },
      },
    },
    async (request) => getCompanySettings(app.db, pathCompanyId(request, request.params.companyId)),
  );

  app.patch(
    "/app/companies/:companyId/settings.json",
    {
      schema: {
        tags: ["companies"],
        summary: "Change the company's settings (owners and admins)",
        description:
          'Any subset of the settings: members_may_approve (true or false), language (en or es; existing department names are left as they are), require_two_factor (true or false; owners only: an admin gets 403). A member gets 403 and nothing changes; the change is in the activity log and in /app/me.json at once. With require_two_factor on, a member without two-factor sign-in gets 403 two_factor_required on the company\'s data until they turn it on in their profile. name: 1 to 100 characters, trimmed. time_zone: an IANA zone such as America/Santiago, or UTC. currency: one of the accepted currencies. answer_languages: 1 to 10 of the listed languages, each once. business_hours: every weekday mon to sun, each null (closed) or {open, close} with open before close ("00:00" to "23:59"), or null for always open. Any invalid value is a 400 naming the field, and nothing changes.',
        params,
        body: companySettingsPatchSchema,
        response: { 200: companySettingsSchema, ...errorResponses(403) },
      },
    },
    async (request) => {
      const companyId = pathCompanyId(request, request.params.companyId);
      assertMayChangeSettings(companyOf(request).role, request.body);
      return changeCompanySettings(app, companyId, request.user!.id, request.body);
    },
  );
};
