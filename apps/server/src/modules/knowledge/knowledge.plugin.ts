import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { knowledgeIndexHandler } from "./index-entry.ts";

/** The training centre's files are read and indexed by the `knowledge_index` job. */
export const knowledgePlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.handle(
      "knowledge_index",
      knowledgeIndexHandler({
        db: app.db,
        events: app.events,
        log: app.log,
        budget: app.config.knowledgeExtraction,
      }),
    );
  },
  { name: "foreman-knowledge", dependencies: ["foreman-jobs", "foreman-events"] },
);
