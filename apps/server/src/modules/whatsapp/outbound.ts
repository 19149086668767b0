import {
  attachmentUrl,
  fillTemplateVariables,
  type Message,
  WINDOW_CLOSED_CODE,
  WINDOW_CLOSED_MESSAGE,
} from "@foreman/contract";
import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { attachments, conversations, messages, whatsappTemplates } from "#server/db/schema/index.ts";
import { verifiedIdentityOf } from "../channels/index.ts";
import { findMessage, recordDelivery, replyWindow } from "../conversations/index.ts";
import { companyJobHandler, type JobHandler } from "../jobs/index.ts";
import { findConnection } from "./connections.repository.ts";
import { GraphApiError } from "./graph-api.ts";
import { fillContext } from "./send-template.service.ts";
import { tokenOf, type WhatsappDeps } from "./whatsapp-deps.ts";

/**
 * Everything the send job needs about one message, read in the message's own company. It goes to the
 * customer's WhatsApp number as Meta verified it, never to a phone someone typed.
 */
async function loadOutgoing(db: Executor, companyId: string, messageId: string) {
  const [row] = await db
    .select({ message: messages, conversation: conversations })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)));
  if (!row) return null;
  const customerId = row.conversation.customerId;
  const phone = customerId ? await verifiedIdentityOf(db, companyId, customerId, "whatsapp") : null;
  return { ...row, phone };
}

/**
 * The `whatsapp_send` job: sends one message through the Graph API. Free text only inside the 24-hour
 * window (outside it the message fails with 131047 and staff are offered a template); a template at
 * any time. Meta unreachable, failing or rate-limiting is retried with the queue's backoff; any other
 * refusal fails the message with Meta's code and reason. A message already sent is not sent again.
 */
export function whatsappSendHandler(deps: WhatsappDeps): JobHandler {
  return companyJobHandler(async (job) => {
    const outgoing = await loadOutgoing(deps.db, job.companyId, job.subjectId);
    if (!outgoing || outgoing.message.whatsappMessageId) return { status: "done" };
    const { message, conversation } = outgoing;
    const fail = async (code: number | null, reason: string) => {
      await settle(deps, message.companyId, message.id, {
        deliveryStatus: "failed",
        deliveryErrorCode: code,
        deliveryError: reason,
      });
      return { status: "done" as const };
    };
    const connection = await findConnection(deps.db, job.companyId);
    const token = connection?.state === "connected" ? tokenOf(deps, connection) : null;
    if (!deps.graph || !connection || !token || connection.id !== conversation.whatsappConnectionId)
      return fail(null, "WhatsApp is not connected: connect the number again to send");
    if (!outgoing.phone) return fail(null, "The customer has no WhatsApp number");
    let template = message.whatsapp?.template;
    if (!template && !(await replyWindow(deps.db, conversation.id)).open) {
      // An AI employee's reply after the window closed (say, once staff approved a discount) goes inside
      // the company's follow-up template when it has one; staff are offered a template otherwise.
      if (message.senderType === "ai")
        template = await followUpTemplate(deps, message.companyId, conversation.id, message.content);
      if (!template) return fail(WINDOW_CLOSED_CODE, WINDOW_CLOSED_MESSAGE);
      await recordDelivery(deps.db, message.companyId, message.id, { whatsapp: { ...message.whatsapp, template } });
    }
    const to = outgoing.phone.replace(/^\+/, "");
    try {
      const wamid = await deps.graph.sendMessage(
        token,
        connection.phoneNumberId,
        template
          ? { kind: "template", to, name: template.name, language: template.language, parameters: template.parameters }
          : { kind: "text", to, body: await withAttachmentLinks(deps, message.id, message.content) },
      );
      // "sent" unless a status webhook already moved it further (it cannot find the message before this).
      await settle(deps, message.companyId, message.id, { whatsappMessageId: wamid, deliveryStatus: "sent" });
      return { status: "done" };
    } catch (error) {
      if (!(error instanceof GraphApiError)) throw error;
      if (error.retryable) return { status: "retry", error: error.explanation };
      return fail(error.code, error.explanation);
    }
  });
}

/**
 * The company's follow-up template filled with an AI reply: an active template whose variables are all
 * filled automatically (the customer's name, the order…) but one typed one, which carries the reply.
 * The first such template by name; undefined when there is none.
 */
async function followUpTemplate(deps: WhatsappDeps, companyId: string, conversationId: string, reply: string) {
  const rows = await deps.db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.companyId, companyId), eq(whatsappTemplates.status, "active")))
    .orderBy(asc(whatsappTemplates.name));
  const template = rows.find((row) => row.variables.filter((variable) => variable.source === "text").length === 1);
  if (!template) return undefined;
  const typed = template.variables.map((variable) => (variable.source === "text" ? reply : null));
  const { values, missing } = fillTemplateVariables(
    template.variables,
    await fillContext(deps.db, companyId, conversationId),
    typed,
  );
  if (missing.length > 0) return undefined;
  return { name: template.name, language: template.language, parameters: values };
}

/** Files staff attached go as links (WhatsApp media uploads are not supported yet). */
async function withAttachmentLinks(deps: WhatsappDeps, messageId: string, content: string): Promise<string> {
  const files = await deps.db
    .select({ id: attachments.id, accessKey: attachments.accessKey, fileName: attachments.fileName })
    .from(attachments)
    .where(eq(attachments.messageId, messageId));
  if (files.length === 0 || !deps.config.publicUrl) return content;
  const links = files.map((file) => `📎 ${file.fileName}: ${deps.config.publicUrl}${attachmentUrl(file)}`);
  return [content, ...links].filter((part) => part.trim().length > 0).join("\n");
}

/** Writes the delivery outcome and tells the open screens. */
async function settle(
  deps: WhatsappDeps,
  companyId: string,
  messageId: string,
  patch: Parameters<typeof recordDelivery>[3],
): Promise<void> {
  await recordDelivery(deps.db, companyId, messageId, patch);
  const message: Message | null = await findMessage(deps.db, companyId, messageId);
  if (message)
    await deps.events.publish(companyId, { type: "message.updated", conversationId: message.conversationId, message });
}
