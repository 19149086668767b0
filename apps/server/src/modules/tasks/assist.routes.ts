import { assistBodySchema, assistPathParamsSchema, assistResultSchema, parseChatId } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { companyOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { assistTask } from "./assist.service.ts";

export const assistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/internal/assist/:accountId/thread/:conversationDisplayId",
    {
      schema: {
        tags: ["tasks"],
        summary: "Staff's reply in an assistant thread: records it, resolves the task and hands it to the AI employee",
        description: [
          "The path is the thread's 'account-conversation' pair: the company's chat account and the customer",
          "conversation's display id (positive integers, else 400 naming the field). `task_id` must be a task of",
          "that conversation; another company's account, conversation or task is a 404. The task must still be to",
          "do and due after now, else 409 and nothing changes. `input` (1–2000 characters) is staff's answer, also",
          "for authorize items (no decision is recorded; the AI employee reads the reply), which, like a decision,",
          "take an owner or admin (or a member when the company's members_may_approve is on): else 403 and nothing",
          "changes. Answers 201 with the thread message and the resolved task.",
        ].join(" "),
        params: assistPathParamsSchema,
        body: assistBodySchema,
        response: { 201: assistResultSchema, ...errorResponses(403, 409) },
      },
    },
    async (request, reply) => {
      const { id: companyId, role } = companyOf(request);
      const result = await assistTask(app, {
        companyId,
        role,
        userId: request.user!.id,
        accountId: parseChatId(request.params.accountId)!,
        conversationDisplayId: parseChatId(request.params.conversationDisplayId)!,
        taskId: request.body.taskId,
        input: request.body.input,
      });
      return reply.code(201).send(result);
    },
  );
};
