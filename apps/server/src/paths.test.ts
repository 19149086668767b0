import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { existingPgliteDataDir, REPO_ROOT, resolveSetting } from "./paths.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function workingDirectory(withDatabaseIn?: string) {
  const cwd = mkdtempSync(path.join(tmpdir(), "foreman-paths-"));
  dirs.push(cwd);
  if (withDatabaseIn) {
    mkdirSync(path.join(cwd, withDatabaseIn), { recursive: true });
    writeFileSync(path.join(cwd, withDatabaseIn, "PG_VERSION"), "17\n");
  }
  return cwd;
}

describe("path settings", () => {
  it("resolves a given path from the working directory, and a missing one under the repository", () => {
    expect(resolveSetting("db", "data", "/srv/app")).toBe("/srv/app/db");
    expect(resolveSetting("/var/lib/foreman", "data", "/srv/app")).toBe("/var/lib/foreman");
    expect(resolveSetting("memory://", "data", "/srv/app")).toBe("memory://");
    expect(resolveSetting(undefined, "data", "/srv/app")).toBe(path.join(REPO_ROOT, "data"));
  });
});

describe("the PGlite database opened before the configuration loads", () => {
  it("is the configured directory when it already holds a database", () => {
    const cwd = workingDirectory("store");
    expect(existingPgliteDataDir({ DATA_DIR: " store " }, cwd)).toBe(path.join(cwd, "store"));
  });

  it("is none for a directory without a database, so a bad setting never leaves half of one behind", () => {
    const cwd = workingDirectory();
    expect(existingPgliteDataDir({ DATA_DIR: "store" }, cwd)).toBeUndefined();
  });

  it("is none when PostgreSQL is configured, and a blank DATABASE_URL counts as unset", () => {
    const cwd = workingDirectory("store");
    expect(existingPgliteDataDir({ DATA_DIR: "store", DATABASE_URL: "postgres://db/app" }, cwd)).toBeUndefined();
    expect(existingPgliteDataDir({ DATA_DIR: "store", DATABASE_URL: "  " }, cwd)).toBe(path.join(cwd, "store"));
  });
});
