import type { FastifyInstance } from "fastify";

// BUILDING (issue 32): GET/POST /app/phone_numbers.json, GET /app/phone_numbers/available.json,
// PATCH/DELETE /app/phone_numbers/{id}.json, GET/PATCH /app/call_settings.json.
export async function phonesRoutes(_app: FastifyInstance) {}
