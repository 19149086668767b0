import type { Database } from "./db/client.ts";
import { migrate } from "./db/migrate.ts";
import { ensureWebClient } from "./modules/auth/oauth-client.repository.ts";
import { isDatabaseEmpty, seedDemo } from "./seed/seed-demo.ts";

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
  const seeded = options.seedDemo && (await isDatabaseEmpty(database.db)) ? await seedDemo(database.db) : false;
  return { seeded };
}
