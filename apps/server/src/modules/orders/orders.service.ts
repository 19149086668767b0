import {
  currencyOrDefault,
  normalizeLeadStage,
  orderNotFoundMessage,
  type QuoteDetail,
  type QuotesPage,
} from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { countQuotes, findQuote, listLineItems, listQuotes, type QuotesFilter } from "./orders.repository.ts";

/** A page of quotes and orders (newest first) with every quote the filters match as the total. */
export async function getQuotesPage(
  db: Executor,
  filter: QuotesFilter,
  page: { page: number; perPage: number },
): Promise<QuotesPage> {
  const [rows, total] = await Promise.all([
    listQuotes(db, filter, page.perPage, (page.page - 1) * page.perPage),
    countQuotes(db, filter),
  ]);
  const items = await listLineItems(
    db,
    rows.map((r) => r.id),
  );
  return {
    total,
    page: page.page,
    perPage: page.perPage,
    quotes: rows.map((row) => ({
      id: row.id,
      number: row.number,
      createdAt: row.createdAt.toISOString(),
      totalCents: row.totalCents,
      totalCurrency: currencyOrDefault(row.currency),
      state: row.state,
      customer: row.customer,
      lineItems: items
        .filter((item) => item.quoteId === row.id)
        .map((item) => ({ productName: item.productName, quantity: item.quantity })),
    })),
  };
}

/** One quote or order of the company; another company's id and a made-up one are the same 404. */
export async function getQuote(db: Executor, companyId: string, id: string): Promise<QuoteDetail> {
  const row = isUuid(id) ? await findQuote(db, companyId, id) : null;
  if (!row) throw httpError(404, "not_found", orderNotFoundMessage(id));
  const { quote, customer, address, lead, conversation, aiEmployee } = row;
  const currency = currencyOrDefault(quote.currency);
  const items = await listLineItems(db, [quote.id]);
  return {
    id: quote.id,
    number: quote.number,
    createdAt: quote.createdAt.toISOString(),
    state: quote.state,
    currency,
    subtotalCents: quote.subtotalCents,
    taxCents: quote.taxCents,
    totalCents: quote.totalCents,
    customer: customer
      ? {
          id: customer.id,
          fullName: customer.fullName,
          email: customer.email,
          phone: customer.phone,
          organization: customer.organization,
        }
      : null,
    deliveryAddress: address
      ? {
          line1: address.line1,
          line2: address.line2,
          city: address.city,
          region: address.region,
          postalCode: address.postalCode,
          country: address.country,
        }
      : null,
    lineItems: items.map(({ quoteId: _quoteId, ...item }) => ({ ...item, currency })),
    lead: lead ? { ...lead, stage: normalizeLeadStage(lead.stage) } : null,
    conversation: conversation
      ? { id: conversation.id, chatConversationDisplayId: conversation.displayId, chatInboxId: conversation.inboxId }
      : null,
    aiEmployee,
  };
}
