import {
  apiChannelInputSchema,
  apiChannelListSchema,
  apiChannelSchema,
  apiChannelWithSecretsSchema,
} from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createOutboundHttp } from "#server/lib/outbound-http/outbound-http.ts";
import { companyOf, managerOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import {
  type ChannelWriteContext,
  createApiChannel,
  getApiChannels,
  revokeApiChannel,
  rotateApiChannel,
} from "./api-channels.service.ts";
import { sealPlainWebhookSecrets } from "./webhook-secret.ts";

const tags = ["channels"];
const params = z.object({ id: z.string() });

export const apiChannelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const outbound = createOutboundHttp({ allowPrivate: app.config.allowPrivateWebhooks });
  const writer = (request: FastifyRequest): ChannelWriteContext => ({
    db: app.db,
    companyId: managerOf(request).id,
    userId: request.user!.id,
    sealingKey: app.config.encryptionKey,
    outbound,
  });

  // Secrets stored before they were sealed (or while the server had no key) are sealed at start-up.
  app.addHook("onReady", async () => {
    const key = app.config.encryptionKey;
    if (!key) return;
    const sealed = await sealPlainWebhookSecrets(app.db, key);
    if (sealed > 0) app.log.info({ sealed }, "Sealed the webhook secrets of API channels stored in plain text");
  });

  app.get(
    "/app/api_channels.json",
    {
      schema: {
        tags,
        summary: "The company's API channels (never their tokens or secrets)",
        description: "Oldest first, revoked ones included with revoked_at. token_prefix tells tokens apart.",
        response: { 200: apiChannelListSchema },
      },
    },
    async (request) => getApiChannels(app.db, companyOf(request).id),
  );

  app.post(
    "/app/api_channels.json",
    {
      schema: {
        tags,
        summary: "Open an API channel answered by an AI employee (owners and admins)",
        description:
          "name, ai_employee_id (one of the company's: 422 otherwise), optional webhook_url (http or https, reaching a public address: one that is or resolves to a loopback, private, link-local or other non-public address is a 422 unless the server sets ALLOW_PRIVATE_WEBHOOKS). Answers 201 with the channel's token and webhook secret: they are shown this once. Nothing reads messages from channels yet: the inbound messages endpoint comes with the agent runtime.",
        body: apiChannelInputSchema,
        response: { 201: apiChannelWithSecretsSchema, ...errorResponses(403, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await createApiChannel(writer(request), request.body)),
  );

  app.post(
    "/app/api_channels/:id/rotate.json",
    {
      schema: {
        tags,
        summary: "A new token and webhook secret for a channel (owners and admins)",
        description: "The old token stops working at once. A revoked channel answers 409.",
        params,
        response: { 200: apiChannelWithSecretsSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => rotateApiChannel(writer(request), request.params.id),
  );

  app.post(
    "/app/api_channels/:id/revoke.json",
    {
      schema: {
        tags,
        summary: "Revoke a channel for good (owners and admins)",
        description: "Idempotent: a revoked channel answers 200 with itself and records nothing.",
        params,
        response: { 200: apiChannelSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => revokeApiChannel(writer(request), request.params.id),
  );
};
