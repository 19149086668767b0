import { gettingStartedSchema } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { companyOf, managerOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { dismissChecklist, getGettingStarted } from "./getting-started.service.ts";

const tags = ["getting-started"];
const STEPS =
  "Steps in order: hire_employee (an AI employee exists), add_products (a product exists), add_knowledge (a knowledge base entry exists), try_playground (someone tried an AI employee in the playground), connect_channel (a website chat, a live API channel, a connected WhatsApp number or an email channel switched on exists), answer_action_item (a staff member answered or authorized an action item). Each is read from the company's data, never from clicks.";

export const gettingStartedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/app/getting_started.json",
    {
      schema: {
        tags,
        summary: "The dashboard's getting-started checklist (every member may read it)",
        description: `${STEPS} dismissed: an owner or admin hid the checklist.`,
        response: { 200: gettingStartedSchema },
      },
    },
    async (request) => getGettingStarted(app.db, companyOf(request).id),
  );

  app.post(
    "/app/getting_started/dismiss.json",
    {
      schema: {
        tags,
        summary: "Hide the getting-started checklist for the whole company (owners and admins)",
        description: "Idempotent: answers the checklist with dismissed true. A member gets 403 and nothing changes.",
        response: { 200: gettingStartedSchema, ...errorResponses(403) },
      },
    },
    async (request) => dismissChecklist(app.db, managerOf(request).id),
  );
};
