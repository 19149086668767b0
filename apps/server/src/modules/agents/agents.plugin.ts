import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { createOutboundHttp } from "#server/lib/outbound-http/outbound-http.ts";
import { createJobQueue } from "../jobs/create-job-queue.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import { knowledgeIndexHandler } from "../knowledge/index-entry.ts";
import { databaseKnowledge } from "../knowledge/knowledge-source.ts";
import type { AgentRuntime } from "./agent-runtime.ts";
import type { KnowledgeSource } from "./knowledge.ts";
import type { ModelProvider } from "./model-provider.ts";
import { PipelineAgentRuntime } from "./pipeline-agent-runtime.ts";
import { createProvider } from "./providers/create-provider.ts";
import { agentReplyHandler } from "./run-agent-job.ts";
import { webhookDeliveryHandler } from "./webhook-delivery.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Hands staff's responses to AI employees (see agent-runtime.ts): the pipeline's resume path. */
    agentRuntime: AgentRuntime;
    /** Work after the request: AI replies and webhook deliveries (modules/jobs). */
    jobs: JobQueue;
    /** The model the AI employees answer with. */
    modelProvider: ModelProvider;
  }
}

export type AgentsPluginOptions = {
  config: Config;
  database: Database;
  /** Replaces the resume path (tests pass a fake that records what it was handed). */
  runtime?: AgentRuntime | undefined;
  /** Replaces the configured model (tests and evals). */
  provider?: ModelProvider | undefined;
  knowledge?: KnowledgeSource | undefined;
};

/**
 * The agent runtime: the job queue for the database's engine, the model, and the jobs that answer
 * customers and post replies to webhooks. Jobs start once the app is ready and stop before it closes
 * (the database closes after the app).
 */
export const agentsPlugin = fp<AgentsPluginOptions>(
  async (app: FastifyInstance, options) => {
    const queue = createJobQueue(options.database, options.config.agents, app.log);
    const provider = options.provider ?? (await createProvider(options.config.agents.llm));
    queue.handle(
      "agent_reply",
      agentReplyHandler({
        db: app.db,
        queue,
        events: app.events,
        provider,
        knowledge: options.knowledge ?? databaseKnowledge(app.db),
        maxSteps: options.config.agents.maxSteps,
        log: app.log,
      }),
    );
    queue.handle(
      "webhook_delivery",
      webhookDeliveryHandler({
        db: app.db,
        outbound: createOutboundHttp({ allowPrivate: options.config.allowPrivateWebhooks }),
        sealingKey: options.config.encryptionKey,
      }),
    );
    // The training centre's files are read by the same queue.
    queue.handle(
      "knowledge_index",
      knowledgeIndexHandler({
        db: app.db,
        events: app.events,
        log: app.log,
        budget: options.config.knowledgeExtraction,
      }),
    );
    app.decorate("jobs", queue);
    app.decorate("modelProvider", provider);
    app.decorate("agentRuntime", options.runtime ?? new PipelineAgentRuntime(queue));
    app.addHook("onReady", () => queue.start());
    app.addHook("onClose", () => queue.stop());
  },
  { name: "foreman-agents", dependencies: ["foreman-events"] },
);
