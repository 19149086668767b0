import type { FastifyInstance } from "fastify";

// BUILDING (issue 32): POST /webhooks/twilio/voice/{incoming,turn,status,recording,dial-result}.
export async function voiceWebhookRoutes(_app: FastifyInstance) {}
