import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { shippedArticles } from "./article-files.ts";
import { syncHelpArticles } from "./article-sync.ts";

/** Copies the shipped articles into the database before the app answers (see article-sync.ts). */
export const helpPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("onReady", async () => {
      const { written, deleted } = await syncHelpArticles(app.db, await shippedArticles());
      if (written > 0 || deleted > 0) app.log.info({ written, deleted }, "help centre articles synced");
    });
  },
  { name: "foreman-help", dependencies: ["foreman-database"] },
);
