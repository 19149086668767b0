import { and, eq, like, not } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { apiChannels } from "#server/db/schema/index.ts";
import { isSealedSecret, openSecret, SEALED_SECRET_PREFIX, sealSecret } from "#server/lib/secret-box.ts";

// A channel's webhook secret signs every reply we post, so the server must be able to read it back:
// it is kept sealed under the server's key (config.ts: ENCRYPTION_KEY), as WhatsApp tokens are, so a
// copy of the database alone cannot forge our signatures. A server without a key keeps it as given
// (there is nothing to seal with) and seals every such secret at its first start with a key.

/** The secret as stored: sealed when the server has a key. */
export function sealWebhookSecret(key: Buffer | null, secret: string): string {
  return key ? sealSecret(key, secret) : secret;
}

/** The secret to sign with, or null when it is sealed under a key this server does not hold. */
export function openWebhookSecret(key: Buffer | null, stored: string): string | null {
  if (!isSealedSecret(stored)) return stored;
  return key ? openSecret(key, stored) : null;
}

/**
 * Seals every secret still stored plain (channels opened before secrets were sealed, or on a server
 * without a key). Run at start-up; each row is changed only if nobody changed it meanwhile, so two
 * instances starting together seal each secret once. Answers how many it sealed.
 */
export async function sealPlainWebhookSecrets(db: Executor, key: Buffer): Promise<number> {
  const plain = await db
    .select({ id: apiChannels.id, webhookSecret: apiChannels.webhookSecret })
    .from(apiChannels)
    .where(not(like(apiChannels.webhookSecret, `${SEALED_SECRET_PREFIX}%`)));
  for (const row of plain) {
    await db
      .update(apiChannels)
      .set({ webhookSecret: sealSecret(key, row.webhookSecret) })
      .where(and(eq(apiChannels.id, row.id), eq(apiChannels.webhookSecret, row.webhookSecret)));
  }
  return plain.length;
}
