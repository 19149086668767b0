import { templateStatusFromMeta } from "@foreman/contract";
import { and, eq } from "drizzle-orm";
import { type WhatsappConnectionRow, whatsappConnections, whatsappTemplates } from "#server/db/schema/index.ts";
import { customerOfVerifiedIdentity, receiveCustomerMessage } from "../channels/index.ts";
import { advanceWhatsappDelivery, findMessage } from "../conversations/index.ts";
import { answeringEmployeeId, findConnectionByPhoneNumberId, findConnectionsByWaba } from "./connections.repository.ts";
import type { InboundItem, StatusItem, WebhookChange } from "./webhook-payload.ts";
import { announce, type WhatsappDeps } from "./whatsapp-deps.ts";

/** What one delivery did (tests and the log). */
export type WebhookOutcome = { stored: number; duplicates: number; statuses: number; ignored: number };

/**
 * Applies one verified delivery. Each change is scoped to the company that owns its number (or, for a
 * template's review, its WABA): a number no company has connected is ignored, never guessed.
 */
export async function applyWebhook(deps: WhatsappDeps, changes: WebhookChange[]): Promise<WebhookOutcome> {
  const outcome: WebhookOutcome = { stored: 0, duplicates: 0, statuses: 0, ignored: 0 };
  for (const change of changes) {
    if (change.field === "messages") {
      const connection = await findConnectionByPhoneNumberId(deps.db, change.phoneNumberId);
      if (!connection || connection.state === "disconnected") {
        outcome.ignored += change.messages.length + change.statuses.length;
        continue;
      }
      await touch(deps, connection);
      for (const item of change.messages) {
        if (await receiveMessage(deps, connection, item)) outcome.stored++;
        else outcome.duplicates++;
      }
      for (const status of change.statuses) if (await applyStatus(deps, connection, status)) outcome.statuses++;
    } else if (change.field === "template_status") {
      for (const connection of await findConnectionsByWaba(deps.db, change.wabaId)) {
        await touch(deps, connection);
        await applyTemplateReview(deps, connection, change);
      }
    } else if (change.field === "quality") {
      for (const connection of await findConnectionsByWaba(deps.db, change.wabaId)) {
        await touch(deps, connection);
        const quality = change.event === "FLAGGED" ? "red" : change.event === "UNFLAGGED" ? "green" : null;
        if (quality)
          await deps.db
            .update(whatsappConnections)
            .set({ quality, updatedAt: new Date() })
            .where(eq(whatsappConnections.id, connection.id));
        await announce(deps, connection.companyId, { state: connection.state });
      }
    } else if (change.wabaId) {
      for (const connection of await findConnectionsByWaba(deps.db, change.wabaId)) await touch(deps, connection);
    }
  }
  return outcome;
}

/** The connection heard from Meta now ("last webhook" in its details). */
async function touch(deps: WhatsappDeps, connection: WhatsappConnectionRow) {
  await deps.db
    .update(whatsappConnections)
    .set({ lastWebhookAt: new Date() })
    .where(eq(whatsappConnections.id, connection.id));
}

/**
 * The customer (by their WhatsApp number as an identity Meta verified, never a phone someone typed
 * elsewhere), their open conversation on this number (or a new one, answered by the number's AI
 * employee), the message and the jobs that answer it and fetch its media. Answers false for a message
 * already received (Meta retries for days), writing nothing.
 */
async function receiveMessage(deps: WhatsappDeps, connection: WhatsappConnectionRow, item: InboundItem) {
  const companyId = connection.companyId;
  const personName = item.name ?? item.from;
  const received = await receiveCustomerMessage(deps, {
    companyId,
    customer: (tx) =>
      customerOfVerifiedIdentity(
        tx,
        { companyId, kind: "whatsapp", value: item.from },
        { fullName: personName, phone: item.from },
      ),
    conversation: {
      source: { whatsappConnectionId: connection.id },
      startWith: async (tx) => ({
        channel: "whatsapp",
        aiEmployeeId: await answeringEmployeeId(tx, connection),
        lead: { source: "WhatsApp", personName },
      }),
    },
    message: {
      senderName: personName,
      content: item.content,
      apiChannelId: null,
      externalId: null,
      whatsappMessageId: item.wamid,
      whatsapp: item.media ? { media: item.media } : null,
    },
    alsoQueue: async (tx, queue, message) => {
      if (item.media) await queue.enqueue(tx, { companyId, kind: "whatsapp_media", subjectId: message.id });
    },
  });
  return !("duplicate" in received);
}

/**
 * Moves a sent message's delivery status forward (sent → delivered → read; failed is final). A status
 * that arrives late changes nothing. Only the connection's company's messages are looked at.
 */
async function applyStatus(deps: WhatsappDeps, connection: WhatsappConnectionRow, status: StatusItem) {
  const updated = await advanceWhatsappDelivery(deps.db, connection.companyId, status);
  if (!updated) return false;
  const message = await findMessage(deps.db, connection.companyId, updated);
  if (message)
    await deps.events.publish(connection.companyId, {
      type: "message.updated",
      conversationId: message.conversationId,
      message,
    });
  return true;
}

/** Meta reviewed a template (approved, rejected, paused…): its status and reason, in the WABA's company. */
async function applyTemplateReview(
  deps: WhatsappDeps,
  connection: WhatsappConnectionRow,
  change: Extract<WebhookChange, { field: "template_status" }>,
) {
  const status = templateStatusFromMeta(change.event);
  if (change.event === "DELETED" || change.event === "PENDING_DELETION") {
    const gone = await deps.db
      .delete(whatsappTemplates)
      .where(
        and(
          eq(whatsappTemplates.companyId, connection.companyId),
          eq(whatsappTemplates.metaTemplateId, change.metaTemplateId),
        ),
      )
      .returning({ id: whatsappTemplates.id });
    if (gone[0]) await announce(deps, connection.companyId, { templateId: gone[0].id });
    return;
  }
  if (!status) return;
  const [row] = await deps.db
    .update(whatsappTemplates)
    .set({
      status,
      rejectionReason: status === "active" ? null : change.reason,
      syncedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(whatsappTemplates.companyId, connection.companyId),
        eq(whatsappTemplates.metaTemplateId, change.metaTemplateId),
      ),
    )
    .returning({ id: whatsappTemplates.id });
  if (row) await announce(deps, connection.companyId, { templateId: row.id });
}
