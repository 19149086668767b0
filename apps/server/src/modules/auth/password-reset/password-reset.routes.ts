import {
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordFormSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  isPlainObject,
  PASSWORD_RESET_TTL_MINUTES,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
} from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "#server/plugins/openapi.ts";
import { checkForm } from "../profile/account-form.ts";
import { noStore } from "../token-reply.ts";
import { type ResetContext, requestPasswordReset, resetPassword } from "./password-reset.service.ts";
import { RESET_MAILS_PER_ADDRESS, RESET_REQUESTS_PER_NETWORK } from "./reset-limits.ts";

const tags = ["auth"];
/** The inner `user` object, as the sign-up reads it: a body without one names the form's fields. */
const userOf = (body: unknown) => (isPlainObject(body) && isPlainObject(body.user) ? body.user : {});
const resetFieldsSchema = resetPasswordRequestSchema.shape.user;

/** Forgot password (Devise's `/users/password`, public): ask for a link by email, then set a new password with it. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest): ResetContext => ({
    db: app.db,
    events: app.events,
    queue: app.jobs,
    config: app.config,
    ip: request.ip,
    now: new Date(),
  });

  app.post(
    "/users/password.json",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Ask for a password reset link by email",
        description: `Always 202 with the same message, whether or not the address has an account. An account's address gets a link to /reset_password, valid ${PASSWORD_RESET_TTL_MINUTES} minutes, once; a new link replaces the older ones. At most ${RESET_MAILS_PER_ADDRESS} mails per address per 15 minutes (further requests are answered the same and send nothing), and ${RESET_REQUESTS_PER_NETWORK} requests per client per 15 minutes (then 429 with Retry-After). 422 for a missing or malformed email.`,
        body: forgotPasswordRequestSchema,
        response: { 202: forgotPasswordResponseSchema, ...errorResponses(422, 429) },
      },
    },
    async (request, reply) => {
      const { email } = checkForm(forgotPasswordFormSchema, userOf(request.body));
      await requestPasswordReset(context(request), email);
      return reply.code(202).send({ message: FORGOT_PASSWORD_MESSAGE });
    },
  );

  app.put(
    "/users/password.json",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Set a new password with the token of a reset link",
        description:
          "reset_password_token from the link, password and password_confirmation (8–128 characters, not easy to guess), and otp_code (a code from the authenticator app or a recovery code) when the account has two-factor sign-in. Every token of the user is revoked, the user is told by mail, and nobody is signed in: 200 {email}. 422 invalid_token for a used, expired or unknown link; 422 two_factor_required without a right code; 422 validation_failed naming each wrong field. A refused reset leaves the link usable.",
        body: resetPasswordRequestSchema,
        response: { 200: resetPasswordResponseSchema, ...errorResponses(422, 429) },
      },
    },
    async (request, reply) => {
      // An answer about a credential is never cached.
      noStore(reply);
      const fields = checkForm(resetFieldsSchema, userOf(request.body));
      return resetPassword(context(request), fields);
    },
  );
};
