import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "#server/db/client.ts";
import type { EventBus } from "./event-bus.ts";
import { type FindMessage, hydrateEvent } from "./hydrate-event.ts";
import { InProcessEventBus } from "./in-process-event-bus.ts";

/**
 * The bus for the engine that runs: PGlite lives in this one process, so an in-process emitter reaches
 * every subscriber; PostgreSQL may be shared by several instances, so events go through LISTEN/NOTIFY,
 * where a message travels as its id and each instance reads it back with `findMessage`.
 */
export async function createEventBus(
  database: Database,
  log: FastifyBaseLogger,
  findMessage: FindMessage,
): Promise<EventBus> {
  if (database.driver !== "postgres" || !database.url) {
    const bus = new InProcessEventBus();
    if (database.onNotification) bus.watchDataChanges(database.onNotification);
    return bus;
  }
  const { PostgresEventBus } = await import("./postgres-event-bus.ts");
  const bus = new PostgresEventBus({
    url: database.url,
    notify: async (channel, payload) => {
      await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    hydrate: (companyId, event) => hydrateEvent(findMessage, companyId, event),
    log,
  });
  await bus.start();
  return bus;
}
