import { connectionTestSchema, integrationListSchema } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { companyOf, managerOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { connectionTestSettings, listIntegrations, testModelProvider } from "./integrations.service.ts";

const tags = ["integrations"];

export const integrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/app/integrations.json",
    {
      schema: {
        tags,
        summary: "The training centre's integrations and their states",
        description:
          "model_provider, website_chat, channel_api, chatwoot, whatsapp, email, in that order, each with state (connected, disconnected, connecting, disconnecting, setting_up, verifying, coming_soon) read from the server's configuration and the company's records: the model is connected as configured (LLM_PROVIDER; the host and model, never the key); the website chat while the company has a website chat switched on; the channel API while the company has an API channel that is not revoked; Chatwoot when CHATWOOT_URL and CHATWOOT_PLATFORM_TOKEN are set; WhatsApp is coming_soon until the server has its WHATSAPP_* settings (setup names the missing ones), then the state of the company's embedded signup connection; email is connected while the company has an email channel switched on and SMTP_URL is set, setting_up while it has a channel but no SMTP server (mail is kept in the outbox), disconnected without a channel (details: the channels on, the outgoing server's host, the ways mail comes in; actions send_test_mail once a channel exists). setup says what to set or call to connect one. Every member may read it.",
        response: { 200: integrationListSchema },
      },
    },
    async (request) =>
      listIntegrations({
        db: app.db,
        companyId: companyOf(request).id,
        config: app.config,
        provider: app.modelProvider,
      }),
  );

  app.post(
    "/app/integrations/model_provider/test.json",
    {
      schema: {
        tags,
        summary: "Test the AI model's connection (owners and admins)",
        description:
          "Runs one tiny completion through the configured model, waiting at most 10 s (or LLM_TIMEOUT_MS when shorter). Answers 200 {ok: true, provider, model, latency_ms}, or {ok: false, …, error} with the provider's failure (status, timeout, unreachable) — never a key. A member gets 403. Writes nothing.",
        response: { 200: connectionTestSchema, ...errorResponses(403) },
      },
    },
    async (request) => {
      managerOf(request);
      return testModelProvider({
        provider: app.modelProvider,
        ...connectionTestSettings(app.config),
        log: request.log,
      });
    },
  );
};
