import type { FastifyBaseLogger } from "fastify";
import type { WhatsappConfig } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { WhatsappConnectionRow } from "#server/db/schema/index.ts";
import { httpError } from "#server/lib/http-error.ts";
import { openSecret, sealSecret } from "#server/lib/secret-box.ts";
import type { OutboundChannels } from "../conversations/index.ts";
import type { EventBus } from "../events/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import type { GraphApi } from "./graph-api.ts";

/** What the WhatsApp services work with (built once by whatsapp.plugin.ts). */
export type WhatsappDeps = {
  db: Db;
  config: WhatsappConfig;
  /** Null when WhatsApp is not configured. */
  graph: GraphApi | null;
  /** Seals business tokens at rest; null when nothing is configured to seal with. */
  key: Buffer | null;
  events: EventBus;
  queue: JobQueue;
  /** Where outgoing messages leave (modules/channels' dispatch). */
  outbound: OutboundChannels;
  log: FastifyBaseLogger;
};

/** The Graph API, or 409 when the server has no WhatsApp settings. */
export function requireGraph(deps: WhatsappDeps): GraphApi {
  if (!deps.graph || !deps.key)
    throw httpError(
      409,
      "whatsapp_not_configured",
      `WhatsApp is not configured on this server: set ${deps.config.missing.join(", ") || "the WHATSAPP_* settings"}`,
    );
  return deps.graph;
}

export function seal(deps: WhatsappDeps, secret: string): string {
  if (!deps.key) throw new Error("No key to seal secrets with");
  return sealSecret(deps.key, secret);
}

/** The connection's business token, or null when it has none (disconnected) or it cannot be opened. */
export function tokenOf(deps: WhatsappDeps, connection: WhatsappConnectionRow | null): string | null {
  if (!connection?.accessTokenSealed || !deps.key) return null;
  return openSecret(deps.key, connection.accessTokenSealed);
}

/** Tells every open screen of the company that the connection or a template changed. */
export function announce(
  deps: WhatsappDeps,
  companyId: string,
  change: { state?: WhatsappConnectionRow["state"] | null; templateId?: string | null },
): Promise<void> {
  return deps.events.publish(companyId, {
    type: "whatsapp.updated",
    state: change.state ?? null,
    templateId: change.templateId ?? null,
  });
}
