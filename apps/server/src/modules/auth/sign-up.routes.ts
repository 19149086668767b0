import { fieldErrors, signUpRequestSchema, signUpResponseSchema, signUpSchema } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "#server/plugins/openapi.ts";
import { requireClient } from "./client-auth.ts";
import { signUp, validationFailed } from "./sign-up.service.ts";
import { sendTokenHeaders } from "./token-reply.ts";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const signUpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/users.json",
    {
      // Rate-limited as "sign-up" (lib/rate-limit-buckets.ts).
      // The schema documents the body; the handler validates it to answer 422 with the form's field names.
      attachValidation: true,
      schema: {
        tags: ["auth"],
        summary: "Sign up: creates a user, their company and an owner membership, and signs them in",
        description: "The token fields are returned as hyphenated response headers (access-token, …).",
        body: signUpRequestSchema,
        response: { 201: signUpResponseSchema, ...errorResponses(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const rawBody: unknown = request.body;
      const application = await requireClient(request, isObject(rawBody) ? rawBody.clientId : undefined);

      const user = isObject(rawBody) && isObject(rawBody.user) ? rawBody.user : {};
      const parsed = signUpSchema.safeParse(user);
      if (!parsed.success) throw validationFailed(fieldErrors(parsed.error));

      const created = await signUp(app.db, { ...parsed.data, application, now: new Date() });
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
