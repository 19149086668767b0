import { ANDES_PROFILE, NORTHWIND_PROFILE } from "#server/seed/sales-profiles.ts";
import {
  type ExpectedQuote,
  type FinalState,
  handledBy,
  lastReplySays,
  noActionItems,
  noQuote,
  noReplySays,
  noTicket,
  noWritingTools,
  type OrderLine,
  oneQuote,
  type Scenario,
  type SetupContext,
  type SetupResult,
} from "../scenario.ts";

// What the conversation set's goals share: how a conversation is declared, the quote checks that do not
// care in which order the lines were written, amounts as a Spanish reply may write them, the setup's
// earlier orders and "nothing written".

export type Category =
  | "quote"
  | "multi-product"
  | "follow-up"
  | "quantity-words"
  | "typos"
  | "change-of-mind"
  | "send-confirm"
  | "discount"
  | "ambiguous"
  | "not-in-catalog"
  | "order-status"
  | "policy"
  | "human";

type Conversation = Omit<Scenario, "language" | "company" | "category">;

/** Declares a category's conversations: English ones talk to Northwind, Spanish ones to Andes. */
export function category(name: Category) {
  return {
    en: (conversation: Conversation): Scenario => ({
      ...conversation,
      language: "en",
      company: "northwind",
      category: name,
    }),
    es: (conversation: Conversation): Scenario => ({
      ...conversation,
      language: "es",
      company: "andes",
      category: name,
    }),
  };
}

/** The catalogs' product names, for checks that a reply names no product it should not. */
const PRODUCT_NAMES: Record<string, string> = Object.fromEntries(
  [...NORTHWIND_PROFILE.products, ...ANDES_PROFILE.products].map((product) => [product.sku, product.name]),
);

/** A quote as expected, its lines spelled out. */
type QuoteWithLines = Omit<ExpectedQuote, "lines"> & { lines: OrderLine[] };

/**
 * The conversation has exactly one quote with these lines in whatever order it lists them (a customer
 * does not care which line comes first), priced from the catalog.
 */
export function theQuote(final: FinalState, expected: QuoteWithLines): string[] {
  const written = final.quotes[0]?.items.map((item) => item.sku) ?? [];
  const position = (line: OrderLine) => {
    const at = written.indexOf(line.sku);
    return at === -1 ? Number.MAX_SAFE_INTEGER : at;
  };
  const lines = [...expected.lines].sort((x, y) => position(x) - position(y));
  return oneQuote(final, { ...expected, lines });
}

/** The last reply names the conversation's only quote (Q-1042). */
export function namesQuote(final: FinalState): string[] {
  const quote = final.quotes[0];
  return quote ? lastReplySays(final, `Q-${quote.number}`) : ["there is no quote for the reply to name"];
}

/** No reply names a catalog product other than these (no dump of catalog rows). */
export function namesNoOtherProduct(final: FinalState, ...skus: string[]): string[] {
  const others = Object.keys(final.prices)
    .filter((sku) => !skus.includes(sku))
    .flatMap((sku) => PRODUCT_NAMES[sku] ?? []);
  return noReplySays(final, ...others);
}

/**
 * A CLP amount as a reply may write it: 37800 matches "37.800", "$37.800", "CLP 37,800" or "37800",
 * never a part of a larger number.
 */
export function clp(pesos: number): RegExp {
  const groups = pesos.toLocaleString("en-US").split(",");
  return new RegExp(`(?<![\\d.,])${groups.join("[.,]?")}(?!\\d|[.,]\\d{3})`);
}

/** Nothing written: no quote, no action item, no ticket, no tool that changes anything, still the AI's conversation. */
export function onlyTalked(final: FinalState): string[] {
  return [
    ...noWritingTools(final),
    ...noQuote(final),
    ...noActionItems(final),
    ...noTicket(final),
    ...handledBy(final, "ai"),
  ];
}

/** The quote as expected, and the conversation still the AI's. */
export function quoted(final: FinalState, expected: QuoteWithLines): string[] {
  return [...theQuote(final, expected), ...handledBy(final, "ai")];
}

/** The quote as expected, the conversation still the AI's, and nothing left for staff. */
export function quotedAlone(final: FinalState, expected: QuoteWithLines): string[] {
  return [...quoted(final, expected), ...noActionItems(final)];
}

type EarlierOrder = {
  /** The fact its number is stored under (and its name in `final.orders`). */
  name: string;
  state: "confirmed" | "pending" | "completed" | "cancelled" | "started";
  lines: OrderLine[];
  placedOn: string;
  /** Another customer's order (Ada Lovelace / Ana Rojas), not this conversation's customer's. */
  someoneElse?: boolean;
};

/** Orders placed before the conversation at the company: facts `<name>` hold their numbers. */
export function earlierOrders(at: "northwind" | "andes", ...orders: EarlierOrder[]) {
  return async (context: SetupContext): Promise<SetupResult> => {
    const company = context.world[at];
    if (!company) throw new Error(`setup: this world has no ${at} company`);
    const facts: Record<string, number> = {};
    const ids: Record<string, string> = {};
    for (const order of orders) {
      const customerId = order.someoneElse
        ? await context.customerFor(`${context.key}-other`, at === "andes" ? "Ana Rojas" : "Ada Lovelace")
        : await context.customerFor(context.externalId, context.customerName);
      const made = await context.insertOrder({
        companyId: company.companyId,
        customerId,
        state: order.state,
        lines: order.lines,
        createdAt: new Date(`${order.placedOn}T15:00:00Z`),
      });
      facts[order.name] = made.number;
      ids[order.name] = made.id;
    }
    return { facts, orders: ids };
  };
}

/** A quote line: `of(10, "NW-WRAP-18")`. */
export const of = (quantity: number, sku: string): OrderLine => ({ sku, quantity });
