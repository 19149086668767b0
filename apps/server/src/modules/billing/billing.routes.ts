import type { FastifyInstance } from "fastify";

// BUILDING (issue 32): GET/PATCH /app/billing.json, GET /app/invoices.json, GET /app/invoices/{id}.pdf,
// POST /app/billing/checkout.json, POST /app/billing/portal.json.
export async function billingRoutes(_app: FastifyInstance) {}
