import {
  ALWAYS_GRANTED_TOOLS,
  GRANTABLE_TOOLS,
  SKILL_LIMITS,
  skillDetailSchema,
  skillInputSchema,
  skillListSchema,
  skillPatchSchema,
} from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyOf, managerOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import {
  createSkill,
  editSkill,
  getSkills,
  removeSkill,
  type SkillWriteContext,
  setSkillFor,
} from "./skills.service.ts";

const tags = ["skills"];
const params = z.object({ id: z.string() });
const holderParams = z.object({ id: z.string(), aiEmployeeId: z.string() });
const TOOLS_NOTE = `tools: any of ${GRANTABLE_TOOLS.join(", ")} (${ALWAYS_GRANTED_TOOLS.join(", ")} is every employee's whatever its skills).`;

export const skillsRoutes: FastifyPluginAsyncZod = async (app) => {
  const writer = (request: FastifyRequest): SkillWriteContext => ({
    db: app.db,
    companyId: managerOf(request).id,
    userId: request.user!.id,
  });

  app.get(
    "/app/skills.json",
    {
      schema: {
        tags,
        summary: "The company's skills, the tools each grants and the AI employees that have it",
        description:
          "An AI employee's runs may use ask_human and the tools of its skills, nothing else. Skills by name; employees by name.",
        response: { 200: skillListSchema },
      },
    },
    async (request) => getSkills(app.db, companyOf(request).id),
  );

  app.post(
    "/app/skills.json",
    {
      schema: {
        tags,
        summary: "Add a skill (owners and admins)",
        description: `name (unique in the company whatever its case: a taken one is a 409 naming name), description, ${TOOLS_NOTE} ai_employee_ids: the employees that have it (none by default; another company's is a 422). At most ${SKILL_LIMITS.perCompany} skills a company. Answers 201 with the skill.`,
        body: skillInputSchema,
        response: { 201: skillDetailSchema, ...errorResponses(403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await createSkill(writer(request), request.body)),
  );

  app.patch(
    "/app/skills/:id.json",
    {
      schema: {
        tags,
        summary: "Edit a skill (owners and admins)",
        description: `Any subset of name, description, tools and ai_employee_ids (the whole new set of employees that have it). ${TOOLS_NOTE} Takes effect on the employees' next run.`,
        params,
        body: skillPatchSchema,
        response: { 200: skillDetailSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => editSkill(writer(request), request.params.id, request.body),
  );

  app.delete(
    "/app/skills/:id.json",
    {
      schema: {
        tags,
        summary: "Delete a skill (owners and admins)",
        description:
          "Its employees lose its tools from their next run, and knowledge entries stop naming it. 204; another company's skill is a 404.",
        params,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await removeSkill(writer(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    "/app/skills/:id/ai_employees/:aiEmployeeId.json",
    {
      schema: {
        tags,
        summary: "Give an AI employee the skill (owners and admins)",
        description:
          "Idempotent: giving it again changes nothing. The employee's next run may use the skill's tools. Answers the skill.",
        params: holderParams,
        response: { 200: skillDetailSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => setSkillFor(writer(request), request.params.id, request.params.aiEmployeeId, true),
  );

  app.delete(
    "/app/skills/:id/ai_employees/:aiEmployeeId.json",
    {
      schema: {
        tags,
        summary: "Take the skill from an AI employee (owners and admins)",
        description:
          "Idempotent. The employee's next run no longer has the skill's tools (unless another of its skills grants them), which its trace shows. Answers the skill.",
        params: holderParams,
        response: { 200: skillDetailSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => setSkillFor(writer(request), request.params.id, request.params.aiEmployeeId, false),
  );
};
