import {
  INVOICE_STATUSES,
  type InvoiceStatus,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from "@foreman/contract";
import { z } from "zod";
import type { BillingLineColumn } from "#server/db/schema/index.ts";

// What Foreman reads of Stripe's objects (API version STRIPE_API_VERSION), from its answers and its
// events alike. Everything else in them is ignored; anything malformed reads as absent.

const id = z.string().min(1).max(255);
const text = z.string().max(5000);
/** An id, or the object it names when expanded. */
const ref = z.union([id, z.looseObject({ id })]).transform((value) => (typeof value === "string" ? value : value.id));
const metadata = z.record(z.string(), z.string()).catch({});

export const stripeEventSchema = z.looseObject({
  id: id.regex(/^evt_\w+$/),
  type: z.string().min(1).max(100),
  created: z.number().int().positive(),
  data: z.looseObject({ object: z.looseObject({ object: z.string().max(100).optional() }) }),
});
export type StripeEvent = z.infer<typeof stripeEventSchema>;

const card = z.looseObject({ brand: z.string().max(40), last4: z.string().max(4) });
export const paymentMethodSchema = z.looseObject({
  id,
  customer: ref.nullish(),
  card: card.nullish(),
});
export type StripeCard = { brand: string; last4: string };
export const cardOf = (value: unknown): StripeCard | null => {
  const parsed = paymentMethodSchema.safeParse(value);
  return parsed.success && parsed.data.card ? { brand: parsed.data.card.brand, last4: parsed.data.card.last4 } : null;
};

export const subscriptionSchema = z.looseObject({
  id,
  customer: ref,
  status: z.string().max(40),
  metadata,
  items: z.looseObject({
    data: z.array(z.looseObject({ id, quantity: z.number().int().nonnegative().nullish() })).max(100),
  }),
});
export type StripeSubscription = {
  id: string;
  customer: string;
  status: SubscriptionStatus;
  itemId: string | null;
  quantity: number;
  metadata: Record<string, string>;
};

/** Stripe's subscription: its one item and quantity (Foreman's has one item, the numbers' price). */
export function readSubscription(value: unknown): StripeSubscription | null {
  const parsed = subscriptionSchema.safeParse(value);
  if (!parsed.success) return null;
  const item = parsed.data.items.data[0];
  const status = (SUBSCRIPTION_STATUSES as readonly string[]).includes(parsed.data.status)
    ? (parsed.data.status as SubscriptionStatus)
    : "incomplete";
  return {
    id: parsed.data.id,
    customer: parsed.data.customer,
    status,
    itemId: item?.id ?? null,
    quantity: item?.quantity ?? 0,
    metadata: parsed.data.metadata,
  };
}

/** A subscription in one of these states bills nothing any more: a new one is needed. */
export const isEndedSubscription = (status: SubscriptionStatus) =>
  status === "canceled" || status === "incomplete_expired";

const seconds = z.number().int().nonnegative();
const invoiceLineSchema = z.looseObject({
  description: text.nullish(),
  amount: z.number().int(),
  currency: z.string().max(10),
  period: z.looseObject({ start: seconds, end: seconds }).nullish(),
});
export const invoiceSchema = z.looseObject({
  id,
  customer: ref,
  number: z.string().max(100).nullish(),
  status: z.string().max(40).nullish(),
  currency: z.string().max(10),
  total: z.number().int(),
  period_start: seconds,
  period_end: seconds,
  hosted_invoice_url: z.string().max(2000).nullish(),
  invoice_pdf: z.string().max(2000).nullish(),
  lines: z.looseObject({ data: z.array(invoiceLineSchema).max(500) }).nullish(),
  metadata,
});

export type StripeInvoice = {
  id: string;
  customer: string;
  number: string | null;
  status: InvoiceStatus;
  periodStart: string;
  periodEnd: string;
  lines: BillingLineColumn[];
  totalCents: number;
  currency: string;
  hostedUrl: string | null;
  pdfUrl: string | null;
  metadata: Record<string, string>;
};

const day = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);
/** The last day a period ending at `end` covers (Stripe's end is the next period's start). */
const lastDay = (start: number, end: number) => day(Math.max(start, end - 1));
const httpsUrl = (value: string | null | undefined) => (value && /^https?:\/\//.test(value) ? value : null);

/** What the event's type says of the invoice when its own status is not one we know. */
const STATUS_BY_EVENT: Record<string, InvoiceStatus> = {
  "invoice.finalized": "open",
  "invoice.paid": "paid",
  "invoice.payment_failed": "open",
  "invoice.voided": "void",
  "invoice.marked_uncollectible": "uncollectible",
};

/**
 * Stripe's invoice as a month's invoice of ours: its lines (each with the days its period covers), the
 * period they span, amounts in cents and the currency upper case, as every other amount of ours.
 */
export function readInvoice(value: unknown, eventType: string): StripeInvoice | null {
  const parsed = invoiceSchema.safeParse(value);
  if (!parsed.success) return null;
  const invoice = parsed.data;
  const currency = invoice.currency.toUpperCase();
  const lines = (invoice.lines?.data ?? []).map((line): BillingLineColumn => {
    const start = line.period?.start ?? invoice.period_start;
    const end = line.period?.end ?? invoice.period_end;
    const from = day(start);
    const to = lastDay(start, end);
    return {
      phoneNumberId: null,
      description: line.description ?? "Phone numbers",
      phoneNumber: "",
      from,
      to,
      days: Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1,
      amountCents: line.amount,
      currency: line.currency.toUpperCase(),
    };
  });
  const froms = lines.map((line) => line.from).sort();
  const tos = lines.map((line) => line.to).sort();
  const known = (INVOICE_STATUSES as readonly string[]).includes(invoice.status ?? "");
  return {
    id: invoice.id,
    customer: invoice.customer,
    number: invoice.number ?? null,
    status: known ? (invoice.status as InvoiceStatus) : (STATUS_BY_EVENT[eventType] ?? "draft"),
    periodStart: froms[0] ?? day(invoice.period_start),
    periodEnd: tos.at(-1) ?? lastDay(invoice.period_start, invoice.period_end),
    lines,
    totalCents: invoice.total,
    currency,
    hostedUrl: httpsUrl(invoice.hosted_invoice_url),
    pdfUrl: httpsUrl(invoice.invoice_pdf),
    metadata: invoice.metadata,
  };
}

/** The customer an event's object belongs to: its `customer`, or its own id for a customer. */
export function customerOfObject(object: Record<string, unknown>): string | null {
  if (object.object === "customer") return typeof object.id === "string" ? object.id : null;
  const parsed = ref.safeParse(object.customer);
  return parsed.success ? parsed.data : null;
}

/** The company id an object's metadata names (set on everything Foreman creates at Stripe). */
export function companyOfObject(object: Record<string, unknown>): string | null {
  const parsed = metadata.safeParse(object.metadata);
  return parsed.success ? (parsed.data.company_id ?? null) : null;
}
