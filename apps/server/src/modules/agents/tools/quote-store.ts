import { lineTotalCents, quantityIssue } from "@foreman/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { leads, lineItems, products, quotes } from "#server/db/schema/index.ts";
import { type QuoteMoney, reviseOpenQuote } from "../../orders/index.ts";
import { type AgentContext, findOpenQuote, type QuoteSummary } from "../context.ts";

// The quote an AI employee builds in a conversation: one open quote per conversation, its prices always
// read from the catalog. Writing it again (a retried run) changes the same quote instead of adding one.

export type QuoteLine = { sku: string; quantity: number };

export type PricedLine = {
  productId: string;
  sku: string;
  productName: string;
  measureUnit: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  currency: string;
};

/**
 * Catalog prices for the lines; a SKU the company does not sell (or no longer: inactive) is named in
 * `unknown`, a quantity its unit does not allow (contract `quantityIssue`) in `refused`.
 */
export async function priceLines(
  db: Executor,
  companyId: string,
  lines: QuoteLine[],
): Promise<{ priced: PricedLine[]; unknown: string[]; refused: string[] }> {
  const skus = [...new Set(lines.map((line) => line.sku.trim().toUpperCase()))];
  const rows = await db
    .select()
    .from(products)
    .where(
      and(eq(products.companyId, companyId), eq(products.active, true), inArray(sql`upper(${products.sku})`, skus)),
    );
  const bySku = new Map(rows.map((row) => [row.sku.toUpperCase(), row]));
  const unknown = skus.filter((sku) => !bySku.has(sku));
  const refused: string[] = [];
  const priced = lines.flatMap((line) => {
    const product = bySku.get(line.sku.trim().toUpperCase());
    if (!product) return [];
    const issue = quantityIssue(product, line.quantity);
    if (issue) {
      refused.push(issue);
      return [];
    }
    return [
      {
        productId: product.id,
        sku: product.sku,
        productName: product.name,
        measureUnit: product.measureUnit,
        quantity: line.quantity,
        unitPriceCents: product.unitPriceCents,
        totalCents: lineTotalCents(product.unitPriceCents, line.quantity),
        currency: product.currency,
      },
    ];
  });
  return { priced, unknown, refused };
}

export function discountCentsOf(subtotalCents: number, percent: number): number {
  return Math.min(subtotalCents, Math.round((subtotalCents * percent) / 100));
}

/** Serializes quote numbering per company within the transaction (numbers are per company, gapless-ish). */
async function nextQuoteNumber(tx: Executor, companyId: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quote-number:${companyId}`}))`);
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${quotes.number}), 1000) + 1` })
    .from(quotes)
    .where(eq(quotes.companyId, companyId));
  return Number(row!.next);
}

/** Creates the conversation's open quote or replaces its lines and discount; answers the quote as written. */
export async function writeQuote(
  tx: Executor,
  context: AgentContext,
  lines: PricedLine[],
  discountPercent: number,
): Promise<QuoteSummary> {
  const { companyId } = context;
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const discountCents = discountCentsOf(subtotalCents, discountPercent);
  const money: QuoteMoney = {
    currency: lines[0]!.currency,
    subtotalCents,
    discountPercent,
    discountCents,
    taxCents: 0,
    totalCents: subtotalCents - discountCents,
  };
  const open = await findOpenQuote(tx, companyId, context.conversation.id);
  // A quote confirmed or cancelled since it was read is not revised: a new one is started instead.
  const revised = open && (await reviseOpenQuote(tx, companyId, open.id, money));
  let quoteId: string;
  if (revised) {
    quoteId = revised.id;
    await tx.delete(lineItems).where(eq(lineItems.quoteId, quoteId));
  } else {
    const [lead] = context.lead
      ? await tx.select({ createdAt: leads.createdAt }).from(leads).where(eq(leads.id, context.lead.id))
      : [];
    const [row] = await tx
      .insert(quotes)
      .values({
        companyId,
        number: await nextQuoteNumber(tx, companyId),
        state: "draft",
        ...money,
        customerId: context.customer?.id ?? null,
        leadId: context.lead?.id ?? null,
        leadCreatedAt: lead?.createdAt ?? null,
        conversationId: context.conversation.id,
        aiEmployeeId: context.employee?.id ?? null,
        isTest: context.conversation.isTest,
      })
      .returning({ id: quotes.id });
    quoteId = row!.id;
    // A lead that gets a quote is quoted (unless it already moved further).
    if (context.lead && ["new", "qualified"].includes(context.lead.stage)) {
      await tx
        .update(leads)
        .set({ stage: "quoted", dealSizeCents: money.totalCents })
        .where(and(eq(leads.companyId, companyId), eq(leads.id, context.lead.id)));
    }
  }
  await tx.insert(lineItems).values(
    lines.map((line, position) => ({
      quoteId,
      productId: line.productId,
      sku: line.sku,
      productName: line.productName,
      quantity: line.quantity,
      measureUnit: line.measureUnit,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.totalCents,
      position,
    })),
  );
  return (await findOpenQuote(tx, companyId, context.conversation.id))!;
}

/** What the model is told about a quote. */
export function describeQuote(quote: QuoteSummary, format: (cents: number, currency: string) => string) {
  return {
    number: `Q-${quote.number}`,
    state: quote.state,
    items: quote.items.map((item) => ({
      sku: item.sku,
      name: item.productName,
      quantity: item.quantity,
      unit_price: format(item.unitPriceCents, quote.currency),
      total: format(item.totalCents, quote.currency),
    })),
    subtotal: format(quote.subtotalCents, quote.currency),
    discount_percent: quote.discountPercent,
    discount: format(quote.discountCents, quote.currency),
    total: format(quote.totalCents, quote.currency),
    total_cents: quote.totalCents,
    currency: quote.currency,
  };
}
