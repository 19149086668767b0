import { readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "#server/paths.ts";

let version: string | undefined;

/**
 * The product's version: the repository's package.json `version`. The help centre shows it, and error
 * tracking reports it as the release, so an error is tied to the code that raised it.
 */
export function productVersion(): string {
  version ??= (JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
  return version;
}
