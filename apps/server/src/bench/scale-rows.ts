import type { NewMessage } from "#server/db/bulk/conversations.ts";
import {
  conversations,
  customers,
  deliveryAddresses,
  leads,
  lineItems,
  messages,
  products,
  quotes,
} from "#server/db/schema/index.ts";
import { ANDES_PROFILE, NORTHWIND_PROFILE } from "#server/seed/sales-profiles.ts";
import { buildSalesRows, type SalesRows } from "#server/seed/seed-sales.ts";
import { seededRandom } from "./bench-random.ts";
import { type CopyBatch, copyBatch } from "./copy-rows.ts";

// One company's rows for the ten-million-order benchmark: the demo seed's sales generator (the same
// shape as the sales benchmark's workspace: half the companies sell like Northwind, half like Andes),
// its leads, orders and conversations attributed to the company's sales AI employees as the demo does,
// and each conversation's first exchange (the customer's message and the AI employee's answer), which
// the per-employee first-reply figure reads.

export type ScaleRows = SalesRows & { messages: NewMessage[] };

export type ScaleCompany = {
  /** Position of the company in the workspace: its profile, PRNG seed and ids' prefix. */
  companyIndex: number;
  companyId: string;
  salesEmployees: { id: string; name: string }[];
};

export type ScaleRowsOptions = ScaleCompany & {
  orders: number;
  /** The company's history: its orders are spread over this many months before `now`. */
  months: number;
  now: Date;
};

const MINUTE = 60_000;

export const profileOf = (companyIndex: number) => (companyIndex % 2 === 0 ? NORTHWIND_PROFILE : ANDES_PROFILE);

/**
 * Ids that count up per company, with the company's position in front: the same on every run, and
 * each table's primary key grows at its right edge during the load (random uuids make every insert
 * touch a random leaf of a key far larger than PostgreSQL's buffers).
 */
function idMaker(companyIndex: number): () => string {
  const prefix = `${(companyIndex + 1).toString(16).padStart(8, "0")}-0000-4000-8000-`;
  let n = 0;
  return () => {
    n += 1;
    return prefix + n.toString(16).padStart(12, "0");
  };
}

export function buildScaleRows(options: ScaleRowsOptions): ScaleRows {
  const { companyIndex, companyId, now } = options;
  const newId = idMaker(companyIndex);
  const rows = buildSalesRows({
    companyId,
    profile: profileOf(companyIndex),
    orders: options.orders,
    months: options.months,
    aiEmployeeIds: options.salesEmployees.map((employee) => employee.id),
    seed: companyIndex + 1,
    now,
    newId,
  });

  const random = seededRandom(companyIndex + 1);
  const names = new Map(options.salesEmployees.map((employee) => [employee.id, employee.name]));
  const messageRows: NewMessage[] = [];
  // The generator writes one conversation per lead, in the same order.
  rows.conversations.forEach((conversation, index) => {
    const lead = rows.leads[index]!;
    const asked = conversation.createdAt as Date;
    // Answered within seconds to a quarter of an hour; never after now.
    const answered = new Date(Math.min(now.getTime(), asked.getTime() + Math.round(5_000 + random() * 15 * MINUTE)));
    const employeeId = conversation.aiEmployeeId ?? null;
    messageRows.push(
      {
        id: newId(),
        companyId,
        conversationId: conversation.id!,
        senderType: "customer",
        senderName: lead.personName,
        content: `Hello, we need ${lead.need ?? "a quote"}.`,
        createdAt: asked,
      },
      {
        id: newId(),
        companyId,
        conversationId: conversation.id!,
        senderType: "ai",
        senderName: (employeeId && names.get(employeeId)) || "Sales",
        aiEmployeeId: employeeId,
        content: "Thank you! I will send you a quote shortly.",
        createdAt: answered,
      },
    );
    conversation.lastActivityAt = answered;
    // What the trigger on messages keeps (migration 0022); COPY here runs without triggers.
    conversation.firstCustomerMessageAt = asked;
    conversation.firstReplyAt = answered;
  });
  return { ...rows, messages: messageRows };
}

/** A company's rows as COPY batches in foreign-key order, written frozen (see copyBatch). */
export function scaleCopyBatches(options: ScaleRowsOptions): CopyBatch[] {
  const rows = buildScaleRows(options);
  const freeze = { freeze: true };
  return [
    copyBatch(products, rows.products, freeze),
    copyBatch(customers, rows.customers, freeze),
    copyBatch(deliveryAddresses, rows.addresses, freeze),
    copyBatch(conversations, rows.conversations, freeze),
    copyBatch(messages, rows.messages, freeze),
    copyBatch(leads, rows.leads, freeze),
    copyBatch(quotes, rows.quotes, freeze),
    copyBatch(lineItems, rows.lineItems, freeze),
  ];
}
