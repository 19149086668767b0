import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "#server/config.ts";
import type { Database, Db } from "#server/db/client.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Drizzle handle shared by every route; repositories take it (or a transaction) as first argument. */
    db: Db;
    database: Database;
    config: Config;
  }
}

// The database is opened (and closed) by whoever builds the app: server.ts or the test harness.
export const databasePlugin = fp<{ database: Database; config: Config }>(
  async (app: FastifyInstance, { database, config }) => {
    app.decorate("database", database);
    app.decorate("db", database.db);
    app.decorate("config", config);
  },
  { name: "foreman-database" },
);
