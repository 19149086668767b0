import type { FastifyInstance } from "fastify";

// BUILDING (issue 32): POST /webhooks/stripe (Stripe-Signature verified over the raw body).
export async function stripeWebhookRoutes(_app: FastifyInstance) {}
