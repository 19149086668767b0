import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// The embedded database's own sealing key: with no ENCRYPTION_KEY, a server on PGlite keeps a random
// key in DATA_DIR/encryption.key (owner-only), beside the database it seals secrets in, so two-factor
// secrets and webhook secrets are sealed from the first start. A copy of the data folder holds both;
// production sets ENCRYPTION_KEY (config.ts requires it) and keeps the key apart.

export const LOCAL_KEY_FILE = "encryption.key";

/** Reads the key file in `dataDir`, creating it when there is none. */
export function readOrCreateLocalKey(dataDir: string): Buffer {
  const file = path.join(dataDir, LOCAL_KEY_FILE);
  try {
    const key = Buffer.from(readFileSync(file, "utf8").trim(), "hex");
    if (key.length === 32) return key;
    throw new Error(`${file} does not hold a 32-byte key as 64 hex characters: remove it or fix it`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // `wx`: two servers starting at once cannot both write one; the loser reads the winner's.
  try {
    writeFileSync(file, `${key.toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readOrCreateLocalKey(dataDir);
    throw error;
  }
  return key;
}
