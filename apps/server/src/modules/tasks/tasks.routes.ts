import {
  assistantThreadSchema,
  assistantThreadsPageSchema,
  assistantThreadsQuerySchema,
  resolutionBodySchema,
  resolutionIssue,
  taskSchema,
  tasksPageSchema,
  tasksQuerySchema,
} from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { optionalPeriodOf } from "#server/lib/period-query.ts";
import { companyOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { resolveTask } from "./resolve-task.service.ts";
import { getTasksPage, getThread, getThreadsPage } from "./tasks.service.ts";

export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/app/tasks.json",
    {
      // Answered from memory until the company's data changes (plugins/answer-cache.ts).
      config: { cachedAnswer: true },
      schema: {
        tags: ["tasks"],
        summary: "The company's tasks (action items), newest first, each with its conversation's last 4 messages",
        description:
          "state (to_do | done); ai_employee_id (who raised it); relative_date or both q[created_at_gteq] and q[created_at_lteq] filter by creation time. Without a period there is no date filter, so a to-do item shows however old it is. page, per_page ≤ 100 (50 by default); total counts every task the filters match.",
        querystring: tasksQuerySchema,
        response: { 200: tasksPageSchema },
      },
    },
    async (request) => {
      const query = request.query;
      return getTasksPage(
        app.db,
        {
          companyId: companyOf(request).id,
          state: query.state,
          aiEmployeeId: query.aiEmployeeId,
          period: optionalPeriodOf(query),
        },
        { page: query.page, perPage: query.perPage },
      );
    },
  );

  app.get(
    "/app/tasks",
    {
      schema: {
        tags: ["tasks"],
        summary: "The assistant threads: Tasks::HumanResponse tasks, most recently updated first",
        description:
          "Each with its task count (to-do tasks on the same customer conversation), tags, customer, AI employee and last thread message. state (to_do | done) narrows it; page, per_page ≤ 100 (50 by default).",
        querystring: assistantThreadsQuerySchema,
        response: { 200: assistantThreadsPageSchema },
      },
    },
    async (request) => {
      const { state, page, perPage } = request.query;
      return getThreadsPage(app.db, { companyId: companyOf(request).id, state }, { page, perPage });
    },
  );

  app.get(
    "/app/tasks/:id.json",
    {
      schema: {
        tags: ["tasks"],
        summary: "One assistant thread: the task, its messages oldest first, the task count and the customer",
        description: "Another company's task, an unknown id and a malformed one all answer 404.",
        params: z.object({ id: z.string() }),
        response: { 200: assistantThreadSchema },
      },
    },
    async (request) => getThread(app.db, companyOf(request).id, request.params.id),
  );

  app.post(
    "/app/tasks/:id/resolution.json",
    {
      schema: {
        tags: ["tasks"],
        summary: "Answer a question, or authorize / leave pending an authorize item",
        description: [
          "A question needs `answer` (1–2000 characters) and takes no decision; an authorize item needs `decision`",
          "(authorized | left_pending), its `answer` is an optional note. The task must still be to do and due",
          "after now: otherwise 409 already_resolved or past_due, and nothing changes. An authorize item takes an owner",
          "or admin (or a member when the company's members_may_approve is on): anyone else gets 403 and nothing",
          "changes. On success staff's response is added to the assistant thread, the AI employee relays it to the",
          "customer, and the updated task is answered (as in GET /app/tasks.json); task.updated and message.created",
          "go out on the event stream. An authorized request is applied only while its quote is what was approved",
          "and still open; otherwise `outcome` is changed_since_raised, `outcome_reason` says why, nothing is",
          "applied and the customer is not told it was.",
        ].join(" "),
        params: z.object({ id: z.string() }),
        body: resolutionBodySchema,
        response: { 200: taskSchema, ...errorResponses(403, 409) },
      },
    },
    async (request) => {
      const body = request.body;
      const { id: companyId, role } = companyOf(request);
      const { task } = await resolveTask(app, {
        companyId,
        role,
        taskId: request.params.id,
        userId: request.user!.id,
        answer: body.answer ?? null,
        decision: body.decision ?? null,
        check: (row) => resolutionIssue(row.actionType, body),
      });
      return task;
    },
  );
};
