import { conversationAgentRunsSchema } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { companyOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { findConversationId } from "../conversations/index.ts";
import { listPendingReplies, listRuns } from "./agent-runs.repository.ts";

const params = z.object({ id: z.string() });

/** The agent runtime as staff see it: the traces of replies. */
export const agentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/app/conversations/:id/agent_runs.json",
    {
      schema: {
        tags: ["conversations"],
        summary: "How the AI employee answered this conversation: each run's trace, and replies still pending",
        description:
          "runs: one per customer message answered, oldest first, with the tool calls and their results, waits for staff, handoffs, model calls and tokens. pending: customer messages whose reply is queued (with the last error, e.g. the model provider timing out), running, or failed for good.",
        params,
        response: { 200: conversationAgentRunsSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const companyId = companyOf(request).id;
      const id = isUuid(request.params.id) ? await findConversationId(app.db, companyId, request.params.id) : null;
      if (!id) throw httpError(404, "not_found", "Conversation not found");
      const [runs, pending] = await Promise.all([
        listRuns(app.db, companyId, id),
        listPendingReplies(app.db, companyId, id),
      ]);
      return { runs, pending };
    },
  );
};
