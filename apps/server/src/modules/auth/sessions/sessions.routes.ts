import { sessionsRevokedSchema, userSessionListSchema } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { BEARER, errorResponses } from "#server/plugins/openapi.ts";
import { endOtherSessions, endSession, listSessions } from "./sessions.service.ts";

const tags = ["profile"];

/** The signed-in user's sessions (not company-scoped): list them, end one, end all others. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/app/profile/sessions.json",
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The signed-in user's live sessions, newest first",
        description:
          "One per sign-in that can still be used (not signed out or revoked, and within its 30 days): the client's name, when it signed in, when it was last used (to within a few minutes), the address and browser it signed in from when known, and which one is this request's (current).",
        security: BEARER,
        response: { 200: userSessionListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const current = request.user!.chainId;
      return { sessions: await listSessions(app.db, request.user!.id, current, new Date()) };
    },
  );

  app.delete(
    "/app/profile/sessions/:id.json",
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "End one of the signed-in user's sessions",
        description:
          "Its tokens stop working at once, on every instance. Ending the current session signs this browser out. Another user's or an unknown session is a 404. Answers 204.",
        security: BEARER,
        params: z.object({ id: z.string() }),
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await endSession(
        { db: app.db, events: app.events, userId: request.user!.id, now: new Date() },
        request.params.id,
      );
      return reply.code(204).send(null);
    },
  );

  app.delete(
    "/app/profile/sessions.json",
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "End every session of the signed-in user but this one",
        description: "Answers how many live sessions ended (revoked).",
        security: BEARER,
        response: { 200: sessionsRevokedSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const current = request.user!.chainId;
      const ctx = { db: app.db, events: app.events, userId: request.user!.id, now: new Date() };
      return { revoked: await endOtherSessions(ctx, current) };
    },
  );
};
