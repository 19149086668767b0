import type { Database } from "./db/client.ts";
import { migrate } from "./db/migrate.ts";
import { ensureWebClient } from "./modules/auth/index.ts";
import { anyCompanyExists } from "./modules/companies/index.ts";

/**
 * Start-up work on the database, kept small so an existing database is serving fast: apply pending
 * migrations, make sure the web OAuth client exists, and seed the demo workspace only when empty.
 */
export async function prepareDatabase(
  database: Database,
  options: { seedDemo: boolean },
): Promise<{ seeded: boolean }> {
  await migrate(database);
  await ensureWebClient(database.db);
  if (!options.seedDemo || (await anyCompanyExists(database.db))) return { seeded: false };
  // The seed (and the fake-data library it uses) loads only when there is something to seed.
  const { seedDemo } = await import("./seed/seed-demo.ts");
  const seeded = await seedDemo(database.db);
  // Creating and filling a PGlite database grows its memory for good (an idle server kept 100–500 MB
  // more than one started on the same data): reopened, it starts from what serving needs.
  if (seeded) await database.renew?.();
  return { seeded };
}
