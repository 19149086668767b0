import type { FastifyPluginAsync } from "fastify";

// PLACEHOLDER (being written in this session): the outbox view and the test mail.
export const outboxRoutes: FastifyPluginAsync = async () => {};
