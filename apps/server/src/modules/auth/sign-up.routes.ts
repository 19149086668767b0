import { fieldErrors, invitedSignUpSchema, isPlainObject, signUpResponseSchema, signUpSchema } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "#server/plugins/openapi.ts";
import { requireClient } from "./client-auth.ts";
import { newPasswordErrors } from "./password-policy.ts";
import { type JoinByInvitation, signUp, signUpByInvitation, validationFailed } from "./sign-up.service.ts";
import { signInClientOf } from "./token.service.ts";
import { sendTokenHeaders } from "./token-reply.ts";

// Either form: a new company, or (with `invitation_token`) joining the company that sent the invitation.
const signUpBodySchema = z.object({ user: z.union([signUpSchema, invitedSignUpSchema]) });
// The documented union hands on whichever form matched first, without the other's fields (a company
// sign-up would lose its invitation token): the handler validates the user object as it was sent.
const sentUsers = new WeakMap<object, unknown>();

/** `joinByInvitation` is the team module's, handed over by app.ts (auth does not import team). */
export const signUpRoutes: FastifyPluginAsyncZod<{ joinByInvitation: JoinByInvitation }> = async (
  app,
  { joinByInvitation },
) => {
  app.post(
    "/users.json",
    {
      // Rate-limited as "sign-up" (lib/rate-limit-buckets.ts).
      // The schema documents the body; the handler validates it to answer 422 with the form's field names.
      attachValidation: true,
      preValidation: (request, _reply, done) => {
        if (isPlainObject(request.body)) sentUsers.set(request, request.body.user);
        done();
      },
      schema: {
        tags: ["auth"],
        summary: "Sign up: creates a user, their company and an owner membership, and signs them in",
        description:
          "The token fields are returned as hyphenated response headers (access-token, …). With user.invitation_token (from an invitation link) no company is made and company_name is not asked for: the account joins the inviting company with the invitation's role, its email must be the invited address (422 on email), and a token that is unknown, expired, revoked or used is a 422 on invitation_token; company in the answer is the company joined.",
        body: signUpBodySchema,
        response: { 201: signUpResponseSchema, ...errorResponses(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const rawBody: unknown = request.body;
      const application = await requireClient(request, isPlainObject(rawBody) ? rawBody.clientId : undefined);

      const sent = sentUsers.get(request);
      const user = isPlainObject(sent) ? sent : {};
      const invited = user.invitationToken !== undefined && user.invitationToken !== null;
      const parsed = (invited ? invitedSignUpSchema : signUpSchema).safeParse(user);
      if (!parsed.success) throw validationFailed(fieldErrors(parsed.error));
      // The server's whole password policy: common passwords and the user's own name or email.
      const weakPassword = newPasswordErrors(parsed.data.password, parsed.data);
      if (weakPassword.length > 0) throw validationFailed(weakPassword);

      const now = new Date();
      const client = signInClientOf(request);
      const created =
        "invitationToken" in parsed.data
          ? await signUpByInvitation(app.db, { ...parsed.data, application, now, client }, joinByInvitation)
          : await signUp(app.db, { ...parsed.data, application, now, client });
      sendTokenHeaders(reply, created.token);
      reply.code(201);
      return {
        user: {
          id: created.user.id,
          email: created.user.email,
          firstName: created.user.firstName,
          lastName: created.user.lastName,
        },
        company: { id: created.company.id, name: created.company.name, logoSmallUrl: created.company.logoSmallUrl },
      };
    },
  );
};
