import {
  EMAIL_CHANGE_TTL_HOURS,
  emailChangeSchema,
  emailConfirmationRequestSchema,
  emailConfirmationResponseSchema,
  NAME_MAX,
  passwordChangeSchema,
  profilePatchSchema,
  profileSchema,
} from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BEARER, errorResponses } from "#server/plugins/openapi.ts";
import { newPasswordErrors } from "../password-policy.ts";
import { checkForm } from "./account-form.ts";
import {
  changePassword,
  confirmEmailChange,
  editProfile,
  getProfile,
  type ProfileContext,
  requestEmailChange,
  requireUser,
} from "./profile.service.ts";

const tags = ["profile"];

/**
 * The signed-in user's own account (not company-scoped): name, sign-in email, password; and the public
 * confirmation of a new email by the link mailed to it. Bodies are checked in the handler so a wrong
 * field is a 422 naming it, in the form's words (the schemas here document them).
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest): ProfileContext => ({
    db: app.db,
    events: app.events,
    queue: app.jobs,
    config: app.config,
    userId: request.user!.id,
    address: request.ip,
    now: new Date(),
  });

  app.get(
    "/app/profile.json",
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The signed-in user's profile",
        description:
          "Name, sign-in email, the new email waiting for its confirmation link (pending_email), whether two-factor sign-in is on, and when the password last changed.",
        security: BEARER,
        response: { 200: profileSchema, ...errorResponses(401) },
      },
    },
    async (request) => getProfile(app.db, request.user!.id, new Date()),
  );

  app.patch(
    "/app/profile.json",
    {
      preHandler: app.authenticate,
      attachValidation: true,
      schema: {
        tags,
        summary: "Change the signed-in user's name",
        description: `first_name and last_name, both required (1–${NAME_MAX} characters, trimmed). 422 names each wrong field. Every instance shows the new name at once.`,
        security: BEARER,
        body: profilePatchSchema,
        response: { 200: profileSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => editProfile(context(request), checkForm(profilePatchSchema, request.body)),
  );

  app.post(
    "/app/profile/email_change.json",
    {
      preHandler: app.authenticate,
      attachValidation: true,
      schema: {
        tags,
        summary: "Ask to change the signed-in user's sign-in email",
        description: `new_email and current_password. The new address gets a link that confirms it (valid ${EMAIL_CHANGE_TTL_HOURS} hours, once); the current address is told. Nothing changes until the link is opened (POST /users/email_confirmation.json); a newer request replaces an older one. 422: a wrong current_password (counted like a failed sign-in; 429 when too many), a new_email that is taken or the current one. Answers 202 with the profile, pending_email set.`,
        security: BEARER,
        body: emailChangeSchema,
        response: { 202: profileSchema, ...errorResponses(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const form = checkForm(emailChangeSchema, request.body);
      return reply.code(202).send(await requestEmailChange(context(request), form));
    },
  );

  app.put(
    "/app/profile/password.json",
    {
      preHandler: app.authenticate,
      attachValidation: true,
      schema: {
        tags,
        summary: "Change the signed-in user's password",
        description:
          "current_password, password and password_confirmation. The new password must be 8–128 characters and not easy to guess (common passwords, the user's own name or email). Every other session of the user ends at once; this one goes on. The user is told by mail. 422 names each wrong field (a wrong current_password is counted like a failed sign-in; 429 when too many).",
        security: BEARER,
        body: passwordChangeSchema,
        response: { 200: profileSchema, ...errorResponses(401, 422, 429) },
      },
    },
    async (request) => {
      const ctx = context(request);
      const user = await requireUser(app.db, ctx.userId);
      const form = checkForm(passwordChangeSchema, request.body, (raw) =>
        typeof raw.password === "string" ? newPasswordErrors(raw.password, user) : [],
      );
      const keep = request.user!.chainId;
      return changePassword(ctx, user, form, keep);
    },
  );

  app.post(
    "/users/email_confirmation.json",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Confirm a new sign-in email with the token from the link mailed to it",
        description:
          "Public: the token is the proof. The address becomes the user's sign-in email and the link is spent. 422 invalid_token for a used, expired or unknown link, or when another account took the address meanwhile.",
        body: emailConfirmationRequestSchema,
        response: { 200: emailConfirmationResponseSchema, ...errorResponses(422) },
      },
    },
    async (request) => {
      const { token } = checkForm(emailConfirmationRequestSchema, request.body);
      return confirmEmailChange(app.db, app.events, token, new Date());
    },
  );
};
