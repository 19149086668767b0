import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { AgentRuntime } from "./agent-runtime.ts";
import { RelayAgentRuntime } from "./relay-agent-runtime.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Hands staff's responses to AI employees (see agent-runtime.ts); the relay runtime unless buildApp got another. */
    agentRuntime: AgentRuntime;
  }
}

export const agentsPlugin = fp<{ runtime?: AgentRuntime | undefined }>(
  async (app: FastifyInstance, { runtime }) => {
    app.decorate("agentRuntime", runtime ?? new RelayAgentRuntime());
  },
  { name: "foreman-agents" },
);
