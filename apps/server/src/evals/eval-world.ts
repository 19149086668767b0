import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CLIENT_ID_HEADER, COMPANY_ID_HEADER, WEB_CLIENT_ID } from "@foreman/contract";
import type { SQL } from "drizzle-orm";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { type Db, openDatabase } from "#server/db/client.ts";
import { migrate } from "#server/db/migrate.ts";
import { users } from "#server/db/schema/index.ts";
import { ensureWebClient } from "#server/modules/auth/oauth-client.repository.ts";
import { hashPassword } from "#server/modules/auth/password.ts";
import { issueToken } from "#server/modules/auth/token.service.ts";
import { insertCompany, insertMembership } from "#server/modules/companies/companies.repository.ts";
import { insertDepartment } from "#server/modules/departments/departments.repository.ts";
import { createAgentDesk } from "./agent-desk.ts";
import type { EvalCompany, EvalWorld } from "./scenario.ts";

// The world `npm run eval` runs the scenarios in, outside Vitest: the real app on a fresh in-memory
// PGlite database, with the same two companies as the test suite's agentWorld() (both build them with
// agent-desk.ts): a catalog, an AI employee that may give up to 10% off and confirm orders up to
// $1,000 alone, an API channel, and an owner whose token resolves action items.

/** The LLM_* and AGENT_* settings handed to the app's config (the model the scenarios run on). */
export function modelEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => /^(LLM|AGENT)_/.test(entry[0]) && entry[1] !== undefined,
    ),
  );
}

async function createCompany(db: Db, name: string): Promise<EvalCompany> {
  const [user] = await db
    .insert(users)
    .values({
      email: `eval-${randomBytes(4).toString("hex")}@example.com`,
      firstName: name,
      lastName: "Owner",
      passwordDigest: await hashPassword(randomBytes(16).toString("hex")),
    })
    .returning({ id: users.id });
  const company = await insertCompany(db, { name });
  await insertMembership(db, { userId: user!.id, companyId: company.id, role: "owner" });
  const application = await ensureWebClient(db);
  const { accessToken } = await issueToken(db, { userId: user!.id, applicationId: application.id, now: new Date() });
  const department = await insertDepartment(db, { companyId: company.id, name: "Sales", sortOrder: 1, isActive: true });
  const { employee, channel } = await createAgentDesk(db, {
    companyId: company.id,
    departmentId: department.id,
    name,
    channelToken: `fch_${name.replace(/\W/g, "")}_${randomBytes(12).toString("hex")}`,
    webhookSecret: randomBytes(16).toString("hex"),
  });
  return {
    companyId: company.id,
    headers: {
      [CLIENT_ID_HEADER]: WEB_CLIENT_ID,
      authorization: `Bearer ${accessToken}`,
      [COMPANY_ID_HEADER]: company.id,
    },
    employee,
    channel,
  };
}

/** A fresh world; `env` is added to the app's configuration (LLM_PROVIDER, LLM_MODEL…). Close it when done. */
export async function openEvalWorld(env: Record<string, string> = {}): Promise<EvalWorld & { close(): Promise<void> }> {
  const webDist = mkdtempSync(path.join(tmpdir(), "foreman-eval-web-"));
  const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: "memory://", WEB_DIST: webDist, ...env });
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await migrate(database);
    await ensureWebClient(database.db);
    const app = await buildApp({ config, database });
    await app.ready();
    const db = database.db;
    const a = await createCompany(db, "Acme");
    const b = await createCompany(db, "Globex");
    return {
      t: { app, db },
      a,
      b,
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
