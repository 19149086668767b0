import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Defaults are anchored at the repository root so `npm start` from any folder finds ./data and the SPA.
// The precompiled server (apps/server/dist/server.mjs) sits as deep as this file, so the same climb works.
// Kept apart from config.ts (and its zod): server.ts reads it before anything else loads.
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** A path setting: relative to the working directory when given (memory:// as is), else under the repository. */
export function resolveSetting(given: string | undefined, fallback: string, cwd: string): string {
  if (given === undefined) return path.join(REPO_ROOT, fallback);
  return given.startsWith("memory://") ? given : path.resolve(cwd, given);
}

const blankAsUnset = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * The PGlite data directory the configuration will name, when it already holds a database: server.ts
 * starts opening it before the configuration (and its checks) has loaded. Never a new directory: a start
 * that a bad setting then stops must not leave a half-created database behind.
 */
export function existingPgliteDataDir(env: Record<string, string | undefined>, cwd: string): string | undefined {
  if (blankAsUnset(env.DATABASE_URL)) return undefined;
  const dataDir = resolveSetting(blankAsUnset(env.DATA_DIR), "data", cwd);
  return existsSync(path.join(dataDir, "PG_VERSION")) ? dataDir : undefined;
}
