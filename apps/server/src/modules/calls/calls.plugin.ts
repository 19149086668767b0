import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { endOrphanedSimulatedCalls } from "./orphaned-simulated-calls.ts";
import { type CallDeps, TURN_WAIT_MS } from "./voice-deps.ts";
import { voiceUrls } from "./voice-urls.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** What the calls' routes and webhooks work with (modules/calls). */
    calls: CallDeps;
  }
}

/**
 * The calls' dependencies, built once: the database, the queue and events, the phone provider in use,
 * and the webhook addresses on the public URL (PUBLIC_URL, else this server's own).
 */
export const callsPlugin = fp(
  async (app: FastifyInstance) => {
    const deps: CallDeps = {
      db: app.db,
      queue: app.jobs,
      events: app.events,
      telephony: app.telephony,
      urls: voiceUrls(app.config.publicUrl ?? app.config.appUrl),
      notify: { queue: app.jobs, config: app.config },
      turnWaitMs: TURN_WAIT_MS,
    };
    app.decorate("calls", deps);
    if (app.telephony.kind === "simulated")
      app.addHook("onReady", async () => {
        const ended = await endOrphanedSimulatedCalls(app.db, { onlyOlder: app.config.databaseUrl !== undefined });
        if (ended > 0) app.log.info({ ended }, "simulated calls left unfinished by a restart ended");
      });
  },
  {
    name: "foreman-calls",
    dependencies: ["foreman-jobs", "foreman-events", "foreman-channels", "foreman-telephony"],
  },
);
