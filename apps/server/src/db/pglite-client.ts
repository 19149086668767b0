import { mkdirSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";

/**
 * Opens PGlite's data directory (or starts from a dump) with the extensions the schema needs. Kept apart
 * from client.ts, which loads drizzle and the schema: server.ts starts this first, so PGlite compiles its
 * WASM in the background while the rest of the app loads.
 */
export async function createPgliteClient(dataDir: string, template?: Blob): Promise<PGlite> {
  const [{ PGlite }, { unaccent }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/unaccent"),
  ]);
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  // unaccent: knowledge search matches Spanish words typed with or without their accents.
  const extensions = { unaccent };
  return PGlite.create(dataDir, template ? { loadDataDir: template, extensions } : { extensions });
}
