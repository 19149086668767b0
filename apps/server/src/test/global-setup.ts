import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#server/db/client.ts";
import { migrate } from "#server/db/migrate.ts";
import type { PgliteThread } from "#server/db/pglite-thread.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump of a freshly migrated PGlite cluster; each test database starts from it. */
    pgliteTemplatePath: string | null;
  }
}

// Creating a PGlite cluster (initdb in WASM) takes seconds; doing it once per run and loading the
// dump per test file takes well under one.
export default async function setup(project: TestProject) {
  if ((process.env.TEST_DB ?? "pglite") !== "pglite") {
    project.provide("pgliteTemplatePath", null);
    return;
  }
  const database = await openDatabase({ dataDir: "memory://" });
  await migrate(database);
  const client = (database.db as unknown as { $client: PgliteThread }).$client;
  const dump = await client.dumpDataDir("none");
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), "foreman-pglite-"));
  const file = path.join(dir, "template.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplatePath", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
