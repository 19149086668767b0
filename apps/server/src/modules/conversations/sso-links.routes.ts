import { ssoLinkBodySchema, ssoLinkSchema } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { companyOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { chatwootPlatform } from "./chatwoot-platform.ts";
import { createSsoLink } from "./sso-links.service.ts";

export const ssoLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const chatwoot = app.config.chatwoot ? chatwootPlatform(app.config.chatwoot) : null;

  app.post(
    "/app/chat/sso_links.json",
    {
      schema: {
        tags: ["conversations"],
        summary: "The link the inbox embeds: our conversation view, or a Chatwoot single sign-on link",
        description:
          "Body `{conversation_id?}`. Without Chatwoot configured: `/conversations/{id}?embed=1`, or `/conversations?embed=1` without a conversation. With CHATWOOT_URL and CHATWOOT_PLATFORM_TOKEN: the signed-in user's Chatwoot SSO login link (their Chatwoot user is made on first use), opening the conversation through `sso_account_id` and `sso_conversation_id`. Another company's or an unknown conversation is a 404; a Chatwoot user with the same email that Foreman did not make for this user a 409 `chatwoot_user_not_ours` (no link); Chatwoot failing or not answering within 5 s a 502 `chat_unavailable`.",
        // No body at all is the same as {} (the inbox without a conversation).
        body: ssoLinkBodySchema.nullish(),
        response: { 200: ssoLinkSchema, ...errorResponses(409, 502) },
      },
    },
    async (request) =>
      createSsoLink(app.db, {
        companyId: companyOf(request).id,
        userId: request.user!.id,
        conversationId: request.body?.conversationId,
        chatwoot,
        log: request.log,
      }),
  );
};
