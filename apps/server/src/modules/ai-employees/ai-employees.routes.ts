import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// GET/POST /app/ai_employees.json, GET/PATCH /app/ai_employees/{id}.json, …/deactivate.json, …/activate.json,
// GET /app/ai_employees/export.csv, POST /app/ai_employees/import.json.
export const aiEmployeesRoutes: FastifyPluginAsyncZod = async () => {};
