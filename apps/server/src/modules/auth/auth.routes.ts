import {
  apiErrorSchema,
  MFA_OTP_GRANT_TYPE,
  type MfaRequired,
  mfaRequiredSchema,
  tokenFieldsSchema,
  WEB_CLIENT_ID,
} from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "#server/plugins/openapi.ts";
import { requireClient } from "./client-auth.ts";
import { invalidRequest, unsupportedGrantType } from "./oauth-errors.ts";
import {
  type IssuedToken,
  mfaOtpGrant,
  passwordGrant,
  refreshGrant,
  revokeToken,
  signInClientOf,
} from "./token.service.ts";
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
      .describe(`password, refresh_token, or ${MFA_OTP_GRANT_TYPE} (the second step of a two-factor sign-in)`)
      .meta({ examples: ["password", "refresh_token", MFA_OTP_GRANT_TYPE] }),
    username: z.string().max(254).optional().describe("the email (password grant)"),
    email: z.string().max(254).optional().describe("alternative to username"),
    password: z.string().optional(),
    refresh_token: z.string().optional().describe("refresh_token grant"),
    mfa_token: z.string().max(128).optional().describe("mfa-otp grant: from the password grant's mfa_required answer"),
    otp: z
      .string()
      .max(64)
      .optional()
      .describe("the 6-digit code of the authenticator app (mfa-otp grant; or with the password grant, in one call)"),
    recovery_code: z.string().max(64).optional().describe("a recovery code, instead of otp"),
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

const GRANT_TYPES = new Set(["password", "refresh_token", MFA_OTP_GRANT_TYPE]);

/** The password grant's answer to a two-factor user who sent no code: ask for one (never a token). */
const mfaRequired = (mfaToken: string, expiresIn: number): MfaRequired => ({
  error: "mfa_required",
  errorDescription: "Two-factor sign-in is on for this account: send the code from the authenticator app",
  mfaToken,
  mfaTokenExpiresIn: expiresIn,
});

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
          summary: "Sign in (password grant), complete a two-factor sign-in (mfa-otp grant) or rotate a refresh token",
          description: [
            "JSON or form-encoded. The token fields are also sent as hyphenated response headers (access-token, …).",
            "For a user with two-factor sign-in, the password grant answers 400 mfa_required with an mfa_token",
            `(5 minutes, single use, 5 tries) instead of tokens; grant_type=${MFA_OTP_GRANT_TYPE} with that`,
            "mfa_token and otp (or recovery_code) completes it. The password grant also takes otp or recovery_code",
            "directly. A wrong code is 400 invalid_otp; a dead, used or other client's mfa_token is 400 invalid_grant;",
            "repeated wrong codes lock the second factor for a while (429 with Retry-After).",
          ].join(" "),
          body: tokenRequestSchema,
          response: {
            200: tokenFieldsSchema,
            400: z.union([mfaRequiredSchema, apiErrorSchema]),
            ...errorResponses(401, 429),
          },
        },
      },
      async (request, reply) => {
        const body = request.body ?? {};
        noStore(reply);
        if (!present(body.grant_type)) throw invalidRequest("grant_type");
        if (!GRANT_TYPES.has(body.grant_type)) throw unsupportedGrantType();
        const application = await requireClient(request, body.client_id);
        const now = new Date();
        const key = app.config.encryptionKey;
        let token: IssuedToken;
        if (body.grant_type === "password") {
          const email = body.username || body.email;
          if (!present(email)) throw invalidRequest("username");
          if (!present(body.password)) throw invalidRequest("password");
          const outcome = await passwordGrant(app.db, {
            application,
            email,
            password: body.password,
            address: request.ip,
            now,
            client: signInClientOf(request),
            secondFactor: body.otp || body.recovery_code || undefined,
            key,
          });
          if (outcome.kind === "mfa_required")
            return reply.code(400).send(mfaRequired(outcome.mfaToken, outcome.expiresIn));
          token = outcome.token;
        } else if (body.grant_type === MFA_OTP_GRANT_TYPE) {
          if (!present(body.mfa_token)) throw invalidRequest("mfa_token");
          const code = body.otp || body.recovery_code;
          if (!present(code)) throw invalidRequest("otp");
          token = await mfaOtpGrant(app.db, {
            application,
            mfaToken: body.mfa_token,
            code,
            key,
            address: request.ip,
            now,
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
