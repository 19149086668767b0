import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// Secrets kept in the database (a WhatsApp business token) are sealed with AES-256-GCM under a key the
// database never holds (config.ts: ENCRYPTION_KEY, or one derived from the app secret), so a copy of
// the database alone gives nobody a token. Format: v1.<iv>.<tag>.<ciphertext>, base64url.

const VERSION = "v1";

export function sealSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** How every sealed value begins (a plain secret made of base64url never contains a dot). */
export const SEALED_SECRET_PREFIX = `${VERSION}.`;

export function isSealedSecret(value: string): boolean {
  return value.startsWith(SEALED_SECRET_PREFIX);
}

/** The plaintext, or null when the value was sealed under another key or is damaged. */
export function openSecret(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
