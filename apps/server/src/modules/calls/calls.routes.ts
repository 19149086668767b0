import type { FastifyInstance } from "fastify";

// BUILDING (issue 32): GET/POST /app/calls.json, GET /app/calls/{id}.json, POST /app/calls/{id}/hangup.json,
// POST /app/calls/{id}/say.json, GET /app/calls/{id}/recording.
export async function callsRoutes(_app: FastifyInstance) {}
