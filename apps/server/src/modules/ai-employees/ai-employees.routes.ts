import multipart from "@fastify/multipart";
import {
  AI_EMPLOYEE_CSV_COLUMNS,
  AI_EMPLOYEE_IMPORT_LIMITS,
  aiEmployeeInputSchema,
  aiEmployeePatchSchema,
  aiEmployeeSchema,
  aiEmployeesImportErrorSchema,
  aiEmployeesImportResultSchema,
  aiEmployeesPageSchema,
  aiEmployeesQuerySchema,
  employeeOutcomesQuerySchema,
  employeeOutcomesSchema,
  OUTCOME_FIGURES_DOC,
  OUTCOMES_DEFAULT_FRAME,
  workforceOutcomesQuerySchema,
  workforceOutcomesSchema,
} from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { readImportFile } from "#server/lib/multipart-file.ts";
import { periodOf } from "#server/lib/period-query.ts";
import { companyOf, managerOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import {
  editAiEmployee,
  exportAiEmployeesCsv,
  getAiEmployee,
  getAiEmployeesPage,
  hireAiEmployee,
  importAiEmployees,
  setAiEmployeeStatus,
  type WriteContext,
} from "./ai-employees.service.ts";
import { getEmployeeOutcomes, getWorkforceOutcomes } from "./outcomes.service.ts";

const tags = ["ai_employees"];
const params = z.object({ id: z.string() });
const MB = AI_EMPLOYEE_IMPORT_LIMITS.bytes / 1024 / 1024;

export const aiEmployeesRoutes: FastifyPluginAsyncZod = async (app) => {
  const writer = (request: FastifyRequest): WriteContext => ({
    db: app.db,
    companyId: managerOf(request).id,
    userId: request.user!.id,
  });

  app.get(
    "/app/ai_employees.json",
    {
      schema: {
        tags,
        summary: "The company's AI employees with their department, skills, contact points and guardrails",
        description:
          "Filters: department_id, status (active|inactive), q (name or role, case-insensitive, ≤ 100 characters). sort name|created_at|department|status (default name), direction asc|desc; ties are broken by id. page, per_page ≤ 100 (default 25); total counts every employee the filters match.",
        querystring: aiEmployeesQuerySchema,
        response: { 200: aiEmployeesPageSchema },
      },
    },
    async (request) => getAiEmployeesPage(app.db, companyOf(request).id, request.query),
  );

  app.post(
    "/app/ai_employees.json",
    {
      schema: {
        tags,
        summary: "Hire an AI employee (owners and admins)",
        description:
          "department_id must name a department of the company (422 otherwise). Skills are given by name: the company's skills are matched case-insensitively, new names become skills. A contact point another employee of the company already answers on is a 409 naming its channel and address. A member gets 403. Answers 201 with the employee.",
        body: aiEmployeeInputSchema,
        response: { 201: aiEmployeeSchema, ...errorResponses(403, 409, 422) },
      },
    },
    async (request, reply) => {
      const ctx = writer(request);
      return reply.code(201).send(await hireAiEmployee(ctx, request.body));
    },
  );

  app.get(
    "/app/ai_employees/outcomes.json",
    {
      // Answered from memory until the company's data changes (plugins/answer-cache.ts).
      config: { cachedAnswer: true },
      schema: {
        tags,
        summary: "The workforce scoreboard: every AI employee's and every department's outcomes for a period",
        description: `relative_date (monthly by default) or both q[created_at_gteq] and q[created_at_lteq]; department_id keeps one department (404 if it is not the company's). Each row has the period's figures (present) and those of the period of equal length before it (past): ${OUTCOME_FIGURES_DOC}`,
        querystring: workforceOutcomesQuerySchema,
        response: { 200: workforceOutcomesSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const period = periodOf(request.query, OUTCOMES_DEFAULT_FRAME);
      return getWorkforceOutcomes(app.db, companyOf(request).id, period, request.query.departmentId);
    },
  );

  app.get(
    "/app/ai_employees/:id/outcomes.json",
    {
      schema: {
        tags,
        summary: "One AI employee's outcomes for a period, with revenue, orders and conversations over time",
        description: `relative_date (monthly by default) or both q[created_at_gteq] and q[created_at_lteq]. The series is grouped by day up to 31 days, by week up to 182, by month beyond; every bucket is present. ${OUTCOME_FIGURES_DOC}`,
        params,
        querystring: employeeOutcomesQuerySchema,
        response: { 200: employeeOutcomesSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const period = periodOf(request.query, OUTCOMES_DEFAULT_FRAME);
      return getEmployeeOutcomes(app.db, companyOf(request).id, request.params.id, period);
    },
  );

  app.get(
    "/app/ai_employees/export.csv",
    {
      schema: {
        tags,
        summary: "Every AI employee of the company as CSV (RFC 4180), by name",
        description: `Columns: ${AI_EMPLOYEE_CSV_COLUMNS.join(", ")}. Lists are ;-separated, contact points channel:address, max_order_total in the company currency's units (1500.00). Answers text/csv as an attachment named ai-employees.csv; POST /app/ai_employees/import.json reads it back.`,
        response: { 200: z.string().describe("The CSV file (text/csv)") },
      },
    },
    async (request, reply) => {
      const csv = await exportAiEmployeesCsv(app.db, companyOf(request).id);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="ai-employees.csv"')
        .send(`\uFEFF${csv}`);
    },
  );

  // Only the import reads multipart bodies: registered in its own context, the other writes refuse them (415).
  await app.register(async (importScope) => {
    await importScope.register(multipart);
    importScope.post(
      "/app/ai_employees/import.json",
      {
        schema: {
          tags,
          summary: "Hire AI employees from a CSV file (owners and admins)",
          description: `multipart/form-data with one \`file\` field: the export's columns (name, role and department required; any order), at most ${MB} MB (413 above) and ${AI_EMPLOYEE_IMPORT_LIMITS.rows} rows. Departments are matched by name. Every row is checked first: any problem answers 422 with details [{line, column, message}] (the header is line 1) and nothing is written; otherwise every row is written in one transaction. Answers {imported}.`,
          response: {
            200: aiEmployeesImportResultSchema,
            ...errorResponses(403, 413),
            422: aiEmployeesImportErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const ctx = writer(request);
        const outcome = await importAiEmployees(ctx, await readImportFile(request, AI_EMPLOYEE_IMPORT_LIMITS.bytes));
        if ("refused" in outcome) {
          const { status, ...body } = outcome.refused;
          return reply.code(status).send(body);
        }
        return outcome;
      },
    );
  });

  app.get(
    "/app/ai_employees/:id.json",
    {
      schema: {
        tags,
        summary: "One AI employee",
        description: "Another company's employee, an unknown id and a malformed one answer the same 404.",
        params,
        response: { 200: aiEmployeeSchema },
      },
    },
    async (request) => getAiEmployee(app.db, companyOf(request).id, request.params.id),
  );

  app.patch(
    "/app/ai_employees/:id.json",
    {
      schema: {
        tags,
        summary: "Edit an AI employee (owners and admins)",
        description:
          "Any subset of the hiring fields; contact_points and skills replace the lists. The same rules as hiring (422 for another company's department, 409 for a taken contact point). Records the changed fields only; a patch that changes nothing writes nothing.",
        params,
        body: aiEmployeePatchSchema,
        response: { 200: aiEmployeeSchema, ...errorResponses(403, 409, 422) },
      },
    },
    async (request) => editAiEmployee(writer(request), request.params.id, request.body),
  );

  for (const [action, status, summary] of [
    ["deactivate", "inactive", "Deactivate an AI employee (owners and admins)"],
    ["activate", "active", "Reactivate an AI employee (owners and admins)"],
  ] as const) {
    app.post(
      `/app/ai_employees/:id/${action}.json`,
      {
        schema: {
          tags,
          summary,
          description: `Sets status ${status}${status === "inactive" ? " and deactivated_at" : " and clears deactivated_at"}. Idempotent: one already ${status} answers 200 with it and records nothing.`,
          params,
          response: { 200: aiEmployeeSchema, ...errorResponses(403) },
        },
      },
      async (request) => setAiEmployeeStatus(writer(request), request.params.id, status),
    );
  }
};
