import { randomUUID } from "node:crypto";
import { en, es, Faker } from "@faker-js/faker";
import { channelFromSource, INBOX_IDS, type LeadStage, type OrderState } from "@foreman/contract";
import { insertConversations, type NewConversation } from "#server/db/bulk/conversations.ts";
import {
  insertCustomers,
  insertDeliveryAddresses,
  insertLeads,
  insertLineItems,
  insertProducts,
  insertQuotes,
  type NewCustomer,
  type NewDeliveryAddress,
  type NewLead,
  type NewLineItem,
  type NewProduct,
  type NewQuote,
} from "#server/db/bulk/sales.ts";
import type { Executor } from "#server/db/client.ts";
import type { SalesProfile } from "./sales-profiles.ts";

export type SeedSalesOptions = {
  companyId: string;
  profile: SalesProfile;
  /** How far back activity goes. */
  months?: number;
  /** Orders (quotes) to create; leads are 1.5× as many (the rest never reached a quote). */
  orders?: number;
  /** The sales AI employees leads and orders are assigned to (none: left unassigned). */
  aiEmployeeIds?: string[];
  /** PRNG seed: the same seed, profile and clock day give the same rows. */
  seed?: number;
  now?: Date;
  /** Random ids (benchmarks, many companies) instead of seed-derived ones. */
  randomIds?: boolean;
  /** Where ids come from instead (the ten-million-order benchmark counts them up); wins over randomIds. */
  newId?: () => string;
};

export type SeedSalesResult = { customers: number; leads: number; orders: number; lineItems: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Weighted<T> = { value: T; weight: number }[];
const ORDERED_LEAD_STAGES: Weighted<LeadStage> = [
  { value: "won", weight: 50 },
  { value: "quoted", weight: 20 },
  { value: "following_up", weight: 15 },
  { value: "lost", weight: 15 },
];
const UNQUOTED_LEAD_STAGES: Weighted<LeadStage> = [
  { value: "new", weight: 45 },
  { value: "qualified", weight: 35 },
  { value: "lost", weight: 20 },
];
const ORDER_STATE_BY_STAGE: Partial<Record<LeadStage, Weighted<OrderState>>> = {
  quoted: [
    { value: "draft", weight: 20 },
    { value: "draft_sent", weight: 30 },
    { value: "sent", weight: 30 },
    { value: "started", weight: 20 },
  ],
  following_up: [
    { value: "sent", weight: 40 },
    { value: "confirmed", weight: 30 },
    { value: "pending", weight: 30 },
  ],
};

/**
 * Twelve months (by default) of believable sales for one company: catalogue, customers with a delivery
 * address, leads with their conversation, and quotes/orders with line items. Deterministic for a seed
 * and a clock day: times count back from the start of tomorrow (UTC); only today's rows move with the
 * hour (squeezed into the part of today before `now`). Run it inside the caller's transaction.
 */
export async function seedSales(db: Executor, options: SeedSalesOptions): Promise<SeedSalesResult> {
  const rows = buildSalesRows(options);
  await insertSalesRows(db, rows);
  return {
    customers: rows.customers.length,
    leads: rows.leads.length,
    orders: rows.quotes.length,
    lineItems: rows.lineItems.length,
  };
}

/** Inserts what `buildSalesRows` built, in foreign-key order. */
export async function insertSalesRows(db: Executor, rows: SalesRows): Promise<void> {
  await insertProducts(db, rows.products);
  await insertCustomers(db, rows.customers);
  await insertDeliveryAddresses(db, rows.addresses);
  await insertConversations(db, rows.conversations);
  await insertLeads(db, rows.leads);
  await insertQuotes(db, rows.quotes);
  await insertLineItems(db, rows.lineItems);
}

export type SalesRows = {
  products: NewProduct[];
  customers: NewCustomer[];
  addresses: NewDeliveryAddress[];
  conversations: NewConversation[];
  leads: NewLead[];
  quotes: NewQuote[];
  lineItems: NewLineItem[];
};

/** The rows `seedSales` inserts, built in memory (pure apart from `randomIds`). */
export function buildSalesRows(options: SeedSalesOptions): SalesRows {
  const { companyId, profile, months = 12, orders: orderCount = 300, aiEmployeeIds = [] } = options;
  const now = options.now ?? new Date();
  const faker = new Faker({ locale: profile.locale === "es" ? [es, en] : [en] });
  faker.seed(options.seed ?? 1);
  const id = options.newId ?? (options.randomIds ? () => randomUUID() : () => faker.string.uuid());

  const anchor = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const windowStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, now.getUTCDate() + 1);
  const windowMs = anchor - windowStart;
  // Today's share of activity is squeezed into the hours before `now` (order kept), so the daily view
  // has data at any hour; anything later than the end of today is `now`.
  const todayStart = anchor - DAY;
  const elapsedToday = (now.getTime() - todayStart) / DAY;
  const clamp = (ms: number) => {
    if (ms <= todayStart) return new Date(ms);
    if (ms >= anchor) return new Date(now.getTime());
    return new Date(todayStart + Math.floor((ms - todayStart) * elapsedToday));
  };
  // Age density falls linearly with age: recent months are busier (a growing business).
  const randomCreatedMs = () => anchor - windowMs * (1 - Math.sqrt(faker.number.float({ min: 0, max: 1 })));
  const between = (min: number, max: number) => faker.number.int({ min, max });
  const pick = <T>(list: readonly T[]) => list[between(0, list.length - 1)]!;
  const weighted = <T>(list: Weighted<T>) => faker.helpers.weightedArrayElement(list);
  const currencies = profile.currencies.map((c) => ({ value: c, weight: c.weight }));
  const main = profile.currencies[0]!;

  const productRows: NewProduct[] = profile.products.map((p) => ({
    id: id(),
    companyId,
    sku: p.sku,
    name: p.name,
    measureUnit: p.measureUnit,
    unitPriceCents: Math.round(p.unitPrice * 100),
    currency: main.code,
  }));

  const customerRows: NewCustomer[] = [];
  const addressRows: NewDeliveryAddress[] = [];
  const customerCount = Math.max(10, Math.ceil(orderCount / 3));
  for (let i = 0; i < customerCount; i++) {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const customerId = id();
    customerRows.push({
      id: customerId,
      companyId,
      fullName: `${firstName} ${lastName}`,
      email: faker.internet.email({ firstName, lastName }).toLowerCase(),
      phone: faker.phone.number({ style: "international" }),
      organization: faker.number.int(9) < 7 ? faker.company.name() : null,
      createdAt: new Date(windowStart),
    });
    addressRows.push({
      id: id(),
      customerId,
      line1: faker.location.streetAddress(),
      line2: faker.number.int(9) < 3 ? faker.location.secondaryAddress() : null,
      city: faker.location.city(),
      region: faker.location.state(),
      postalCode: faker.location.zipCode(),
      country: profile.country,
      createdAt: new Date(windowStart),
    });
  }

  const conversationRows: NewConversation[] = [];
  const leadRows: NewLead[] = [];
  const quoteRows: NewQuote[] = [];
  const lineItemRows: NewLineItem[] = [];
  const leadCount = orderCount + Math.ceil(orderCount / 2);

  for (let i = 0; i < leadCount; i++) {
    const hasOrder = i < orderCount;
    const stage = weighted(hasOrder ? ORDERED_LEAD_STAGES : UNQUOTED_LEAD_STAGES);
    const customerIndex = between(0, customerCount - 1);
    const customer = customerRows[customerIndex]!;
    const createdMs = randomCreatedMs();
    const source = pick(profile.sources);
    const channel = channelFromSource(source);
    const currency = weighted(currencies);
    const aiEmployeeId = aiEmployeeIds.length > 0 ? pick(aiEmployeeIds) : null;
    const conversationId = id();
    conversationRows.push({
      id: conversationId,
      companyId,
      displayId: i + 1,
      inboxId: INBOX_IDS[channel],
      customerId: customer.id!,
      channel,
      aiEmployeeId,
      // Until messages are added (buildConversationRows), the last activity is the first contact.
      lastActivityAt: clamp(createdMs),
      createdAt: clamp(createdMs),
    });
    const reachedQualified = stage !== "new" && (stage !== "lost" || faker.datatype.boolean());
    const need = pick(profile.needs);
    const lead: NewLead = {
      id: id(),
      companyId,
      stage,
      source,
      channel,
      personName: customer.fullName,
      companyName: customer.organization ?? null,
      need,
      dealSizeCents: Math.round(between(profile.dealSize.min, profile.dealSize.max) * 100 * currency.perMain),
      currency: currency.code,
      aiEmployeeId,
      conversationId,
      customerId: customer.id!,
      createdAt: clamp(createdMs),
      qualifiedAt: reachedQualified ? clamp(createdMs + between(10 * MINUTE, 2 * DAY)) : null,
      wonAt: null,
    };
    leadRows.push(lead);
    if (!hasOrder) continue;

    const quoteId = id();
    const state: OrderState =
      stage === "won" ? "completed" : stage === "lost" ? "cancelled" : weighted(ORDER_STATE_BY_STAGE[stage]!);
    const quoteCreatedMs = createdMs + between(30 * MINUTE, 3 * DAY);
    const completedAt = state === "completed" ? clamp(quoteCreatedMs + between(HOUR, 7 * DAY)) : null;
    if (completedAt) lead.wonAt = completedAt;

    let subtotal = 0;
    // The quote holds what the lead asked for.
    const wanted = productRows.filter((p) => profile.productsByNeed[need]?.includes(p.sku));
    const catalogue = wanted.length > 0 ? wanted : productRows;
    const items = faker.helpers.arrayElements(catalogue, between(1, Math.min(3, catalogue.length)));
    for (const [position, product] of items.entries()) {
      const fractional = product.measureUnit === "kg" || product.measureUnit === "m2";
      const unitPriceCents = Math.max(1, Math.round(product.unitPriceCents * currency.perMain));
      // Nobody orders one box of tea from a wholesaler: a line is worth at least a third of the smallest deal.
      const minimum = (profile.dealSize.min * 100 * currency.perMain) / 3 / unitPriceCents;
      const drawn = fractional ? between(2, 80) / 2 : between(1, 24);
      const quantity = Math.max(drawn, fractional ? Math.ceil(minimum * 2) / 2 : Math.ceil(minimum));
      const totalCents = Math.round(unitPriceCents * quantity);
      subtotal += totalCents;
      lineItemRows.push({
        id: id(),
        quoteId,
        productId: product.id!,
        sku: product.sku,
        productName: product.name,
        quantity,
        measureUnit: product.measureUnit!,
        unitPriceCents,
        totalCents,
        position,
      });
    }
    const tax = Math.round(subtotal * profile.taxRate);
    lead.dealSizeCents = subtotal + tax;
    quoteRows.push({
      id: quoteId,
      companyId,
      number: 0,
      state,
      currency: currency.code,
      subtotalCents: subtotal,
      taxCents: tax,
      totalCents: subtotal + tax,
      customerId: customer.id!,
      deliveryAddressId: addressRows[customerIndex]!.id!,
      leadId: lead.id!,
      leadCreatedAt: lead.createdAt!,
      conversationId,
      aiEmployeeId,
      createdAt: clamp(quoteCreatedMs),
      completedAt,
    });
  }

  // Numbers follow creation order, like a real per-company sequence.
  quoteRows.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  quoteRows.forEach((quote, index) => {
    quote.number = 1001 + index;
  });

  return {
    products: productRows,
    customers: customerRows,
    addresses: addressRows,
    conversations: conversationRows,
    leads: leadRows,
    quotes: quoteRows,
    lineItems: lineItemRows,
  };
}
