import type { OrderState, Period } from "@foreman/contract";
import { and, asc, count, desc, eq, gte, inArray, lt } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import {
  aiEmployees,
  conversations,
  customers,
  deliveryAddresses,
  leads,
  lineItems,
  quotes,
} from "#server/db/schema/index.ts";

export type QuotesFilter = {
  companyId: string;
  period: Period;
  conversationId?: string | undefined;
  leadId?: string | undefined;
  aiEmployeeId?: string | undefined;
  state?: OrderState | undefined;
};

function where(filter: QuotesFilter) {
  return and(
    eq(quotes.companyId, filter.companyId),
    eq(quotes.isTest, false),
    filter.state ? eq(quotes.state, filter.state) : undefined,
    filter.conversationId ? eq(quotes.conversationId, filter.conversationId) : undefined,
    filter.leadId ? eq(quotes.leadId, filter.leadId) : undefined,
    filter.aiEmployeeId ? eq(quotes.aiEmployeeId, filter.aiEmployeeId) : undefined,
    gte(quotes.createdAt, filter.period.start),
    lt(quotes.createdAt, filter.period.end),
  );
}

/** A page of the company's quotes and orders, newest first (id breaks ties). */
export async function listQuotes(db: Executor, filter: QuotesFilter, limit: number, offset: number) {
  return db
    .select({
      id: quotes.id,
      number: quotes.number,
      createdAt: quotes.createdAt,
      totalCents: quotes.totalCents,
      currency: quotes.currency,
      state: quotes.state,
      // Drizzle answers null for the object when the left join found no customer.
      customer: { fullName: customers.fullName, organization: customers.organization },
    })
    .from(quotes)
    .leftJoin(customers, eq(customers.id, quotes.customerId))
    .where(where(filter))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(limit)
    .offset(offset);
}

export async function countQuotes(db: Executor, filter: QuotesFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(quotes).where(where(filter));
  return row!.n;
}

/** The line items of some quotes, in their order on each quote. */
export async function listLineItems(db: Executor, quoteIds: string[]) {
  if (quoteIds.length === 0) return [];
  return db
    .select({
      quoteId: lineItems.quoteId,
      sku: lineItems.sku,
      productName: lineItems.productName,
      quantity: lineItems.quantity,
      measureUnit: lineItems.measureUnit,
      unitPriceCents: lineItems.unitPriceCents,
      totalCents: lineItems.totalCents,
    })
    .from(lineItems)
    .where(inArray(lineItems.quoteId, quoteIds))
    .orderBy(asc(lineItems.quoteId), asc(lineItems.position));
}

/** One quote of the company with what its detail shows; null when it is not the company's. */
export async function findQuote(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .select({
      quote: quotes,
      customer: customers,
      address: deliveryAddresses,
      lead: { id: leads.id, stage: leads.stage, source: leads.source, channel: leads.channel },
      conversation: { id: conversations.id, displayId: conversations.displayId, inboxId: conversations.inboxId },
      aiEmployee: { id: aiEmployees.id, name: aiEmployees.name },
    })
    .from(quotes)
    .leftJoin(customers, eq(customers.id, quotes.customerId))
    .leftJoin(deliveryAddresses, eq(deliveryAddresses.id, quotes.deliveryAddressId))
    .leftJoin(leads, eq(leads.id, quotes.leadId))
    .leftJoin(conversations, eq(conversations.id, quotes.conversationId))
    .leftJoin(aiEmployees, eq(aiEmployees.id, quotes.aiEmployeeId))
    .where(and(eq(quotes.companyId, companyId), eq(quotes.id, id)))
    .limit(1);
  return row ?? null;
}
