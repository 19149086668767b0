import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { graphApiFor } from "./graph-api.ts";
import { whatsappMediaHandler } from "./media.ts";
import { whatsappSendHandler } from "./outbound.ts";
import type { WhatsappDeps } from "./whatsapp-deps.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** WhatsApp's settings, Graph API client and the services' dependencies (modules/whatsapp). */
    whatsapp: WhatsappDeps;
  }
}

/** WhatsApp: the Graph API for the configured app, and the jobs that send messages and fetch media. */
export const whatsappPlugin = fp(
  async (app: FastifyInstance) => {
    const deps: WhatsappDeps = {
      db: app.db,
      config: app.config.whatsapp,
      graph: graphApiFor(app.config.whatsapp),
      key: app.config.encryptionKey,
      events: app.events,
      queue: app.jobs,
      outbound: app.outbound,
      log: app.log,
    };
    app.decorate("whatsapp", deps);
    app.jobs.handle("whatsapp_send", whatsappSendHandler(deps));
    app.jobs.handle("whatsapp_media", whatsappMediaHandler(deps));
  },
  { name: "foreman-whatsapp", dependencies: ["foreman-jobs", "foreman-events", "foreman-channels"] },
);
