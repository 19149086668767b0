import type { WhatsappConnection, WhatsappStatus } from "@foreman/contract";
import type { WhatsappConnectionRow } from "#server/db/schema/index.ts";
import { assigneeName, findConnection } from "./connections.repository.ts";
import type { WhatsappDeps } from "./whatsapp-deps.ts";

/** The callback URL Meta must be given (App Dashboard → WhatsApp → Configuration). */
export const webhookUrlOf = (deps: WhatsappDeps) =>
  deps.config.publicUrl ? `${deps.config.publicUrl}/webhooks/whatsapp` : null;

export async function whatsappStatus(deps: WhatsappDeps, companyId: string): Promise<WhatsappStatus> {
  const { config } = deps;
  const row = await findConnection(deps.db, companyId);
  return {
    configured: config.configured,
    missing: config.missing,
    signup:
      config.configured && config.appId && config.configId
        ? { appId: config.appId, configId: config.configId, sdkUrl: config.sdkUrl, graphVersion: config.graphVersion }
        : null,
    webhookUrl: webhookUrlOf(deps),
    connection: row ? await toConnection(deps, row) : null,
  };
}

async function toConnection(deps: WhatsappDeps, row: WhatsappConnectionRow): Promise<WhatsappConnection> {
  return {
    id: row.id,
    state: row.state,
    step: row.step,
    error: row.error,
    wabaId: row.wabaId,
    businessId: row.businessId,
    phoneNumberId: row.phoneNumberId,
    phoneNumber: row.displayPhoneNumber,
    verifiedName: row.verifiedName,
    quality: row.quality,
    verified: row.verified,
    status: row.metaStatus,
    lastWebhookAt: row.lastWebhookAt?.toISOString() ?? null,
    templatesSyncedAt: row.templatesSyncedAt?.toISOString() ?? null,
    connectedAt: row.connectedAt?.toISOString() ?? null,
    assignee: {
      aiEmployeeId: row.aiEmployeeId,
      departmentId: row.departmentId,
      name: await assigneeName(deps.db, row),
    },
  };
}
