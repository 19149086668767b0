import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { EventBus } from "./event-bus.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The live event bus: `app.events.publish(companyId, event)` after a write commits (see event-bus.ts). */
    events: EventBus;
  }
}

// The bus is made by app.ts (which engine runs decides which bus); this plugin shares it and closes it
// with the app, after the open streams have ended (events.routes.ts ends them in preClose).
export const eventsPlugin = fp<{ bus: EventBus }>(
  async (app: FastifyInstance, { bus }) => {
    app.decorate("events", bus);
    app.addHook("onClose", async () => {
      await bus.close();
    });
  },
  { name: "foreman-events" },
);
