import type { FastifyPluginAsync } from "fastify";

// PLACEHOLDER (being written in this session).
export const emailChannelsRoutes: FastifyPluginAsync = async () => {};
