import {
  fillTemplateVariables,
  formatMoney,
  type Message,
  orderAmount,
  orderStatusLabel,
  templatePreview,
} from "@foreman/contract";
import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { companies, conversations, customers, quotes } from "#server/db/schema/index.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { conversationNotFound, postStaffMessage } from "../conversations/index.ts";
import { findTemplate } from "./templates.repository.ts";
import type { WhatsappDeps } from "./whatsapp-deps.ts";

/** The facts a template's variables are filled from: the customer, their latest order, the company. */
export async function fillContext(db: Executor, companyId: string, conversationId: string) {
  const [row] = await db
    .select({ customerId: conversations.customerId, customerName: customers.fullName, companyName: companies.name })
    .from(conversations)
    .innerJoin(companies, eq(companies.id, conversations.companyId))
    .leftJoin(customers, eq(customers.id, conversations.customerId))
    .where(and(eq(conversations.companyId, companyId), eq(conversations.id, conversationId)));
  const [order] = row?.customerId
    ? await db
        .select({
          number: quotes.number,
          state: quotes.state,
          totalCents: quotes.totalCents,
          currency: quotes.currency,
        })
        .from(quotes)
        .where(and(eq(quotes.companyId, companyId), eq(quotes.customerId, row.customerId)))
        .orderBy(desc(quotes.createdAt))
        .limit(1)
    : [];
  return {
    customerName: row?.customerName ?? null,
    orderNumber: order ? `Q-${order.number}` : null,
    orderTotal: order ? formatMoney(orderAmount(order.totalCents), order.currency) : null,
    orderStatus: order ? orderStatusLabel(order.state) : null,
    companyName: row?.companyName ?? "",
  };
}

/**
 * Staff send an approved template into a WhatsApp conversation (the way back in after the 24-hour
 * window). Its variables are filled from the customer, their latest order and the company, or from
 * `values` (by position) for typed ones and to override any; a variable left empty is a 422 naming it.
 * Like a staff reply, it takes the conversation over; the send job delivers it.
 */
export async function sendTemplateMessage(
  deps: WhatsappDeps,
  input: { companyId: string; conversationId: string; userId: string; templateId: string; values: (string | null)[] },
): Promise<Message> {
  const { companyId } = input;
  if (!isUuid(input.conversationId)) throw conversationNotFound();
  const template = isUuid(input.templateId) ? await findTemplate(deps.db, companyId, input.templateId) : null;
  if (!template)
    throw httpError(422, "validation_error", "No such template", [{ field: "templateId", message: "not found" }]);
  if (template.status !== "active")
    throw httpError(422, "validation_error", "Only templates Meta approved can be sent", [
      { field: "templateId", message: `is ${template.status.replace("_", " ")}` },
    ]);
  return postStaffMessage(deps, input, async (tx, conversation) => {
    if (!conversation.route.whatsappConnectionId)
      throw httpError(409, "not_whatsapp", "Templates can be sent in WhatsApp conversations only");
    const { values, missing } = fillTemplateVariables(
      template.variables,
      await fillContext(tx, companyId, conversation.id),
      input.values,
    );
    if (missing.length > 0)
      throw httpError(
        422,
        "validation_error",
        "Fill in every variable",
        missing.map((n) => ({ field: `values.${n - 1}`, message: `{{${n}}} is required` })),
      );
    return {
      content: templatePreview(template, values),
      whatsapp: { template: { name: template.name, language: template.language, parameters: values } },
      activity: {
        kind: "conversation.template_sent",
        summary: `Sent the WhatsApp template ${template.name} in conversation #${conversation.displayId}`,
        details: { templateId: template.id },
      },
    };
  });
}
