import { createHash, randomBytes } from "node:crypto";

/** A fresh bearer or refresh token: 256 random bits, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored and looked up by their SHA-256 hash only. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
