import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { DestinationStream } from "pino";
import { buildApp } from "#server/app.ts";
import { type Config, loadConfig } from "#server/config.ts";
import { type Db, openDatabase } from "#server/db/client.ts";
import type { AgentRuntime, ModelProvider } from "#server/modules/agents/index.ts";
import { ensureWebClient } from "#server/modules/auth/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  database: TestDatabase;
  config: Config;
  /** Closes the app and the database (and drops it on PostgreSQL). Call it in afterAll. */
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Extra environment for loadConfig, e.g. `{ WEB_DIST: dir }`. */
  env?: Record<string, string>;
  /** Runs before the app is built, e.g. to register extra test-only routes on a plugin. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** Replaces the built-in agent runtime (a fake that records what it was handed). */
  agentRuntime?: AgentRuntime;
  /** Replaces the configured model (a scripted one). */
  modelProvider?: ModelProvider;
  /** Receives the app's log lines (set LOG_LEVEL in `env` to see them). */
  logStream?: DestinationStream;
};

/**
 * Builds the real app on a fresh, migrated database with the web OAuth client in place (no demo
 * data). The SPA directory defaults to an empty temp folder so tests never depend on a web build.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const emptyWebDist = options.env?.WEB_DIST ? undefined : mkdtempSync(path.join(tmpdir(), "foreman-web-"));
  const removeEmptyWebDist = () => emptyWebDist && rmSync(emptyWebDist, { recursive: true, force: true });
  const config = loadConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    DATA_DIR: "memory://",
    ...(emptyWebDist ? { WEB_DIST: emptyWebDist } : {}),
    ...options.env,
  });
  try {
    await ensureWebClient(database.db);
    const app = await buildApp({
      config,
      database,
      ...(options.agentRuntime ? { agentRuntime: options.agentRuntime } : {}),
      ...(options.modelProvider ? { modelProvider: options.modelProvider } : {}),
      ...(options.logStream ? { logStream: options.logStream } : {}),
    });
    await options.beforeReady?.(app);
    await app.ready();
    return {
      app,
      db: database.db,
      database,
      config,
      async close() {
        await app.close();
        await database.close();
        removeEmptyWebDist();
      },
    };
  } catch (error) {
    await database.close();
    removeEmptyWebDist();
    throw error;
  }
}

/**
 * A second instance of the app on the first one's PostgreSQL database, as behind a load balancer: its
 * own pool and listening connection. Close it before the first (`close` ends both the app and its pool).
 */
export async function startSecondInstance(
  first: Pick<TestApp, "database" | "config">,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = await openDatabase({ databaseUrl: first.database.url, dataDir: "memory://" });
  const app = await buildApp({ config: first.config, database });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
