import {
  recoveryCodesSchema,
  twoFactorCodeSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BEARER, errorResponses } from "#server/plugins/openapi.ts";
import { noStore } from "../token-reply.ts";
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from "./two-factor.service.ts";

// The signed-in user's own two-factor sign-in (not company-scoped: a company that requires it sends its
// members here). Answers carrying a secret or recovery codes are never cached.
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/app/profile/two_factor.json",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["profile"],
        summary: "Whether two-factor sign-in is on, recovery codes left, and the companies that require it",
        security: BEARER,
        response: { 200: twoFactorStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => getTwoFactorStatus(app.db, request.user!.id),
  );

  app.post(
    "/app/profile/two_factor/setup.json",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["profile"],
        summary: "Start turning two-factor sign-in on: a new secret, as a QR code and as text",
        description:
          "Nothing is on until enable.json confirms the secret with a code; starting again replaces the secret. 409 when two-factor is already on, or two_factor_unavailable when the server has no ENCRYPTION_KEY.",
        security: BEARER,
        response: { 200: twoFactorSetupSchema, ...errorResponses(401, 409) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return startTwoFactorSetup(app, request.user!.id);
    },
  );

  app.post(
    "/app/profile/two_factor/enable.json",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["profile"],
        summary: "Turn two-factor sign-in on with a code from the app; answers 10 recovery codes, shown once",
        description:
          "A wrong code is 422 on the field code. The user is told by mail. 409 when there is no set-up waiting or two-factor is already on.",
        security: BEARER,
        body: twoFactorCodeSchema,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 409, 422) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return enableTwoFactor(app, request.user!.id, request.body.code);
    },
  );

  app.post(
    "/app/profile/two_factor/disable.json",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["profile"],
        summary: "Turn two-factor sign-in off with a fresh code (from the app, or a recovery code)",
        description:
          "A wrong code is 422 on the field code; repeated wrong codes lock the second factor for a while (429 with Retry-After). The user is told by mail. Answers the new status.",
        security: BEARER,
        body: twoFactorCodeSchema,
        response: { 200: twoFactorStatusSchema, ...errorResponses(400, 401, 409, 422, 429) },
      },
    },
    async (request) => disableTwoFactor(app, request.user!.id, request.body.code),
  );

  app.post(
    "/app/profile/two_factor/recovery_codes.json",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["profile"],
        summary: "New recovery codes, with a fresh code: every earlier one stops working",
        description:
          "A wrong code is 422 on the field code; repeated wrong codes lock the second factor for a while (429 with Retry-After).",
        security: BEARER,
        body: twoFactorCodeSchema,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return regenerateRecoveryCodes(app, request.user!.id, request.body.code);
    },
  );
};
