import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { databaseKnowledge, type KnowledgeSource } from "../knowledge/index.ts";
import type { AgentRuntime } from "./agent-runtime.ts";
import type { ModelProvider } from "./model-provider.ts";
import { PipelineAgentRuntime } from "./pipeline-agent-runtime.ts";
import { createProvider } from "./providers/create-provider.ts";
import { agentReplyHandler } from "./run-agent-job.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Hands staff's responses to AI employees (see agent-runtime.ts): the pipeline's resume path. */
    agentRuntime: AgentRuntime;
    /** The model the AI employees answer with. */
    modelProvider: ModelProvider;
  }
}

export type AgentsPluginOptions = {
  /** Replaces the resume path (tests pass a fake that records what it was handed). */
  runtime?: AgentRuntime | undefined;
  /** Replaces the configured model (tests and evals). */
  provider?: ModelProvider | undefined;
  knowledge?: KnowledgeSource | undefined;
};

/**
 * The agent runtime: the model and the `agent_reply` job that answers customers. Replies leave through
 * the app's `outbound` port, so the runtime knows no channel.
 */
export const agentsPlugin = fp<AgentsPluginOptions>(
  async (app: FastifyInstance, options) => {
    const provider = options.provider ?? (await createProvider(app.config.agents.llm));
    app.jobs.handle(
      "agent_reply",
      agentReplyHandler({
        db: app.db,
        queue: app.jobs,
        outbound: app.outbound,
        events: app.events,
        provider,
        knowledge: options.knowledge ?? databaseKnowledge(app.db),
        maxSteps: app.config.agents.maxSteps,
        log: app.log,
        followerMail: { queue: app.jobs, config: app.config },
      }),
    );
    app.decorate("modelProvider", provider);
    app.decorate("agentRuntime", options.runtime ?? new PipelineAgentRuntime(app.jobs, app.outbound));
  },
  { name: "foreman-agents", dependencies: ["foreman-jobs", "foreman-events", "foreman-channels"] },
);
