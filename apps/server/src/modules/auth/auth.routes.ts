import { tokenFieldsSchema, WEB_CLIENT_ID } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "#server/plugins/openapi.ts";
import { requireClient } from "./client-auth.ts";
import { invalidRequest, unsupportedGrantType } from "./oauth-errors.ts";
import { passwordGrant, refreshGrant, revokeToken, signInClientOf } from "./token.service.ts";
import { noStore, sendTokenHeaders } from "./token-reply.ts";

// The web app is a public client: its id is no secret, and documenting it shows what a client sends.
const clientIdField = z
  .string()
  .optional()
  .describe("or the X-Client-ID header")
  .meta({ examples: [WEB_CLIENT_ID] });

// OAuth's parameters keep their RFC names (`keepWireCase`): form-encoded bodies are common here.
// Every field is optional so a missing one gets OAuth's `invalid_request` answer from the handler.
// No email is longer than 254 characters; a longer one would also be too long for the throttle's key.
const tokenRequestSchema = z
  .object({
    grant_type: z
      .string()
      .optional()
      .describe("password or refresh_token")
      .meta({ examples: ["password", "refresh_token"] }),
    username: z.string().max(254).optional().describe("the email (password grant)"),
    email: z.string().max(254).optional().describe("alternative to username"),
    password: z.string().optional(),
    refresh_token: z.string().optional().describe("refresh_token grant"),
    client_id: clientIdField,
    scope: z.string().optional(),
  })
  .optional();

const revokeRequestSchema = z
  .object({
    token: z.string().optional().describe("an access token or a refresh token"),
    token_type_hint: z.string().optional(),
    client_id: clientIdField,
  })
  .optional();

const present = (value: string | undefined): value is string => typeof value === "string" && value.length > 0;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every instance's token cache forgets a sign-in whose tokens were revoked here.
  const onRevoked = (chainId: string) => app.events.notify({ topic: "tokens.revoked", chainId });
  for (const url of ["/oauth/token", "/oauth/token.json"]) {
    app.post(
      url,
      {
        // Rate-limited as "sign-in" (lib/rate-limit-buckets.ts), on top of the per-account throttle.
        config: { keepWireCase: true },
        schema: {
          tags: ["auth"],
          summary: "Sign in (password grant) or rotate a refresh token (refresh_token grant)",
          description:
            "JSON or form-encoded. The token fields are also sent as hyphenated response headers (access-token, …).",
          body: tokenRequestSchema,
          response: { 200: tokenFieldsSchema, ...errorResponses(400, 401, 429) },
        },
      },
      async (request, reply) => {
        const body = request.body ?? {};
        noStore(reply);
        if (!present(body.grant_type)) throw invalidRequest("grant_type");
        if (body.grant_type !== "password" && body.grant_type !== "refresh_token") throw unsupportedGrantType();
        const application = await requireClient(request, body.client_id);
        const now = new Date();
        let token: Awaited<ReturnType<typeof passwordGrant>>;
        if (body.grant_type === "password") {
          const email = body.username || body.email;
          if (!present(email)) throw invalidRequest("username");
          if (!present(body.password)) throw invalidRequest("password");
          token = await passwordGrant(app.db, {
            application,
            email,
            password: body.password,
            address: request.ip,
            now,
            client: signInClientOf(request),
          });
        } else {
          if (!present(body.refresh_token)) throw invalidRequest("refresh_token");
          token = await refreshGrant(app.db, { application, refreshToken: body.refresh_token, now, onRevoked });
        }
        sendTokenHeaders(reply, token);
        return token;
      },
    );
  }

  for (const url of ["/oauth/revoke", "/oauth/revoke.json"]) {
    app.post(
      url,
      {
        config: { keepWireCase: true },
        schema: {
          tags: ["auth"],
          summary: "Revoke an access or refresh token (RFC 7009): 200 {} whether or not it existed",
          body: revokeRequestSchema,
          response: { 200: z.object({}), ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const body = request.body ?? {};
        const application = await requireClient(request, body.client_id);
        if (!present(body.token)) throw invalidRequest("token");
        await revokeToken(app.db, { application, token: body.token, now: new Date(), onRevoked });
        return {};
      },
    );
  }
};
