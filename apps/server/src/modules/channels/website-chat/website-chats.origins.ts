import { normalizeOrigin } from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import type { Config } from "#server/config.ts";
import type { WebsiteChatRow } from "#server/db/schema/index.ts";

// Where a website chat may be used from: the websites its company allowed, and Foreman's own origin
// (the demo page and the widget's frame live there).

/**
 * Foreman's own origin: PUBLIC_URL's when set, else the one this request reached (its protocol and
 * Host, as Fastify reads them under TRUST_PROXY).
 */
export function ownOrigin(config: Pick<Config, "publicUrl">, request: FastifyRequest): string {
  const publicUrl = config.publicUrl;
  if (publicUrl) return new URL(publicUrl).origin.toLowerCase();
  return normalizeOrigin(`${request.protocol}://${request.host}`) ?? `${request.protocol}://${request.host}`;
}

/** The origins allowed to embed (and open sessions for) a chat: its allowed websites and Foreman's own. */
export function embeddingOrigins(chat: Pick<WebsiteChatRow, "allowedOrigins">, own: string): string[] {
  return [...new Set([...chat.allowedOrigins, own])];
}

/** Whether text names one of the origins a chat may be used from (compared normalized). */
export function isEmbeddingOrigin(chat: Pick<WebsiteChatRow, "allowedOrigins">, own: string, text: string): boolean {
  const origin = normalizeOrigin(text);
  return origin !== null && embeddingOrigins(chat, own).includes(origin);
}
