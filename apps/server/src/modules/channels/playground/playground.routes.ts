import { playgroundInputSchema, playgroundReplySchema } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { runPlayground } from "./playground.service.ts";

const params = z.object({ id: z.string() });

/** The playground: staff's test messages, answered through the production pipeline. */
export const playgroundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/app/ai_employees/:id/playground.json",
    {
      schema: {
        tags: ["ai_employees"],
        summary: "Try an AI employee: a test message through the production pipeline",
        description:
          "content, optional session_id (from an earlier answer, to go on in the same test conversation). Runs the same job a customer's message gets, in a test conversation left out of every list and metric, and answers the reply with its trace (tool calls, waits for staff, passages). If the run takes longer than 30 s, reply and run are null and pending says where the job stands.",
        params,
        body: playgroundInputSchema,
        response: { 200: playgroundReplySchema, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      runPlayground(
        { db: app.db, queue: app.jobs, events: app.events },
        { companyId: companyOf(request).id, userId: request.user!.id, aiEmployeeId: request.params.id },
        request.body,
      ),
  );
};
