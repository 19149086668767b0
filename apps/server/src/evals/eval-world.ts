import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SQL } from "drizzle-orm";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { migrate } from "#server/db/migrate.ts";
import { ensureWebClient } from "#server/modules/auth/oauth-client.repository.ts";
import { insertDepartment } from "#server/modules/departments/departments.repository.ts";
import { createAgentDesk } from "./agent-desk.ts";
import { createDemoCatalogDesk } from "./demo-catalog-desk.ts";
import { createOwnedCompany, newChannelToken } from "./eval-owner.ts";
import type { EvalCompany, EvalWorld } from "./scenario.ts";
import { openScratchDatabase, type ScratchDatabase } from "./scratch-database.ts";

// The world `npm run eval` runs the scenarios in, outside Vitest: the real app on a fresh database
// (in-memory PGlite, or a scratch database on the PostgreSQL server of `databaseUrl`), with the same two
// companies as the test suite's agentWorld() (both build them with agent-desk.ts): a catalog, an AI
// employee that may give up to 10% off and confirm orders up to $1,000 alone, an API channel, and an
// owner whose token resolves action items; and the demo catalogs' companies the conversation set talks
// to (demo-catalog-desk.ts).

/** The LLM_* and AGENT_* settings handed to the app's config (the model the scenarios run on). */
export function modelEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => /^(LLM|AGENT)_/.test(entry[0]) && entry[1] !== undefined,
    ),
  );
}

async function createCompany(db: Db, name: string): Promise<EvalCompany> {
  const { companyId, headers } = await createOwnedCompany(db, { name });
  const department = await insertDepartment(db, { companyId, name: "Sales", sortOrder: 1, isActive: true });
  const { employee, channel } = await createAgentDesk(db, {
    companyId,
    departmentId: department.id,
    name,
    channelToken: newChannelToken(name),
    webhookSecret: randomBytes(16).toString("hex"),
  });
  return { companyId, headers, employee, channel };
}

export type OpenEvalWorld = EvalWorld & {
  northwind: EvalCompany;
  andes: EvalCompany;
  /** Which engine the world's database runs on. */
  engine: ScratchDatabase["engine"];
  close(): Promise<void>;
};

/**
 * A fresh world; `env` is added to the app's configuration (LLM_PROVIDER, LLM_MODEL…). With
 * `databaseUrl` it runs on a scratch database of that PostgreSQL server, dropped on close. Close it when done.
 */
export async function openEvalWorld(
  env: Record<string, string> = {},
  options: { databaseUrl?: string | undefined } = {},
): Promise<OpenEvalWorld> {
  const webDist = mkdtempSync(path.join(tmpdir(), "foreman-eval-web-"));
  const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: "memory://", WEB_DIST: webDist, ...env });
  const database = await openScratchDatabase(options.databaseUrl);
  try {
    await migrate(database);
    await ensureWebClient(database.db);
    const app = await buildApp({ config, database });
    await app.ready();
    const db = database.db;
    const a = await createCompany(db, "Acme");
    const b = await createCompany(db, "Globex");
    const northwind = await createDemoCatalogDesk(db, "northwind");
    const andes = await createDemoCatalogDesk(db, "andes");
    return {
      t: { app, db },
      a,
      b,
      northwind,
      andes,
      engine: database.engine,
      send: (token, body) =>
        app.inject({
          method: "POST",
          url: "/api/v1/messages",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          payload: JSON.stringify(body),
        }),
      settle: () => app.jobs.idle(),
      rows: async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows,
      async close() {
        await app.close();
        await database.close();
        rmSync(webDist, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.close();
    rmSync(webDist, { recursive: true, force: true });
    throw error;
  }
}
