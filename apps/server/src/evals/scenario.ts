import type { SQL } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Db } from "#server/db/client.ts";

// What an eval scenario is, what it runs against and what its goal sees: tau-bench style, a goal is a
// check of the final database state (and, where a customer must be told something, of the replies).

/** One company of the world a scenario runs in: staff headers, the AI employee, the API channel. */
export type EvalCompany = {
  companyId: string;
  headers: Record<string, string>;
  employee: { id: string; name: string };
  channel: { id: string; token: string };
};

/**
 * The app a scenario talks to: two companies with the catalog of eval-world.ts (the test suite's
 * `agentWorld()` has this shape too). Scenarios speak to company `a`; `b` is the other tenant.
 */
export type EvalWorld = {
  t: { app: FastifyInstance; db: Db };
  a: EvalCompany;
  b: EvalCompany;
  /**
   * Companies selling the demo's catalogs (Northwind Supply in English, Andes Comercial in Spanish) with
   * their knowledge documents: the conversation set talks to them. Present when the world built them.
   */
  northwind?: EvalCompany;
  andes?: EvalCompany;
  send(token: string, body: unknown): Promise<LightMyRequestResponse>;
  settle(): Promise<void>;
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
};

export type Language = "en" | "es";

/** The companies a scenario may talk to. */
export type EvalCompanyKey = "a" | "northwind" | "andes";

/** Staff resolving the conversation's newest open action item through the HTTP API. */
export type StaffAction = { staff: "authorize" | "refuse"; note?: string } | { staff: "answer"; answer: string };

/** The setup's facts: numbers a customer names (an order number known only once the setup made it). */
export type Facts = Record<string, string | number>;

/** A customer message (sent through the channel API; written from the setup's facts) or a staff action. */
export type Turn = string | ((facts: Facts) => string) | StaffAction;

export type OrderLine = { sku: string; quantity: number };

/** What a scenario's setup may do before the first turn. */
export type SetupContext = {
  world: EvalWorld;
  /** This trial's customer on the scenario company's channel ("eval-<id>-<k>"): fresh for every trial. */
  externalId: string;
  customerName: string;
  /** Unique per trial, for anything else the setup names (other customers, channels). */
  key: string;
  /** The customer behind an external id on a company's channel (the scenario's by default), created with its contact if new. */
  customerFor(externalId: string, name: string, company?: EvalCompany): Promise<string>;
  /** An order (a quote in an order state) with catalog prices, numbered like the tools number quotes. */
  insertOrder(order: {
    companyId: string;
    customerId: string | null;
    state: "confirmed" | "pending" | "completed" | "cancelled" | "started";
    lines: OrderLine[];
    createdAt?: Date;
  }): Promise<{ id: string; number: number; totalCents: number }>;
};

export type SetupResult = {
  /** Facts the turns and the goal need (an order number, another customer's total). */
  facts?: Facts;
  /** Talk through another channel than company a's (an employee with other guardrails). */
  channelToken?: string;
  /** Staff of that channel's company resolve its action items. */
  staffHeaders?: Record<string, string>;
  /** Orders made by the setup whose final state the goal sees (by name). */
  orders?: Record<string, string>;
};

export type QuoteState = {
  id: string;
  number: number;
  state: string;
  subtotalCents: number;
  discountPercent: number;
  discountCents: number;
  totalCents: number;
  isTest: boolean;
  items: { sku: string; quantity: number; unitPriceCents: number; totalCents: number }[];
};

/** A support ticket of the scenario's customer (opened by the AI or the setup), as it is now. */
export type TicketState = {
  number: number;
  status: string;
  priority: string;
  type: string;
  /** The number of the order it is linked to. */
  orderNumber: number | null;
  /** Opened from the scenario's conversation. */
  fromConversation: boolean;
  /** Its activity's kinds, oldest first ("ticket.created", "ticket.noted"…). */
  activity: string[];
};

export type TaskState = {
  id: string;
  actionType: "authorize" | "question";
  state: string;
  decision: string | null;
  quoteId: string | null;
  request: Record<string, unknown> | null;
  sourceMessageId: string | null;
};

/** The database after the last turn, as far as the scenario's conversation and customer go. */
export type FinalState = {
  language: Language;
  facts: Facts;
  conversation: { id: string; handledBy: string; status: string } | null;
  /** Quotes made in the conversation, oldest first. */
  quotes: QuoteState[];
  /** Setup orders by name, as they are now. */
  orders: Record<string, QuoteState | undefined>;
  tasks: TaskState[];
  /** The customer's support tickets, oldest first. */
  tickets: TicketState[];
  /** Every tool the AI employee called, in order, across the conversation's runs. */
  toolCalls: string[];
  runOutcomes: string[];
  /** The AI employee's messages in the conversation, oldest first. */
  replies: string[];
  lastReply: string;
  /** Unit prices of the scenario's company's catalog, by SKU. */
  prices: Record<string, number>;
};

export type Scenario = {
  id: string;
  language: Language;
  title: string;
  /** Which company of the world the customer writes to (company a, the eval catalog, by default). */
  company?: EvalCompanyKey;
  /** The conversation set's category ("quote", "follow-up"…): `npm run eval` reports a pass rate per category. */
  category?: string;
  customerName?: string;
  setup?: (context: SetupContext) => Promise<SetupResult>;
  turns: Turn[];
  /** What is wrong with the final state: an empty list is a pass. */
  goal: (final: FinalState) => string[];
  /** A bug in the engine or tools this scenario exposes: reported by the runner, not asserted by the suite. */
  knownIssue?: string;
};

/** The final state of a customer who got no answer at all: every goal must fail on it. */
export function nothingHappened(language: Language, prices: Record<string, number>): FinalState {
  return {
    language,
    facts: {},
    conversation: null,
    quotes: [],
    orders: {},
    tasks: [],
    tickets: [],
    toolCalls: [],
    runOutcomes: [],
    replies: [],
    lastReply: "",
    prices,
  };
}

// ——— Goal helpers: each answers the failures it finds (none when all is well) ———

/** Tools that change something (a quote, an order, an action item, who handles the conversation). */
export const WRITING_TOOLS = [
  "upsert_quote",
  "send_quote",
  "confirm_order",
  "update_lead_stage",
  "ask_human",
  "request_authorization",
  "hand_off",
  "create_ticket",
  "update_ticket",
];

const money = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

/** "$1,347.00", as the replies write amounts. */
export const dollars = money;

export function discounted(subtotalCents: number, percent: number): number {
  return subtotalCents - Math.min(subtotalCents, Math.round((subtotalCents * percent) / 100));
}

export type ExpectedQuote = {
  state?: string | string[];
  lines?: OrderLine[];
  discountPercent?: number;
  /** Checked against the lines at catalog prices and the discount when left out. */
  totalCents?: number;
};

/** The conversation has exactly one quote, as expected, priced from the catalog. */
export function oneQuote(final: FinalState, expected: ExpectedQuote): string[] {
  if (final.quotes.length !== 1)
    return [`expected one quote in the conversation, found ${final.quotes.length}${describeQuotes(final)}`];
  return quoteIs(final, final.quotes[0]!, expected, `Q-${final.quotes[0]!.number}`);
}

export function quoteIs(final: FinalState, quote: QuoteState, expected: ExpectedQuote, name: string): string[] {
  const failures: string[] = [];
  const states = expected.state === undefined ? null : [expected.state].flat();
  if (states && !states.includes(quote.state)) failures.push(`${name} is ${quote.state}, expected ${states.join("|")}`);
  if (quote.isTest) failures.push(`${name} is marked as a test quote`);
  failures.push(...catalogPrices(final, quote, name));
  if (expected.lines) {
    const got = quote.items.map((item) => `${item.quantity} × ${item.sku}`).join(", ");
    const want = expected.lines.map((line) => `${line.quantity} × ${line.sku}`).join(", ");
    if (got !== want) failures.push(`${name} has ${got || "no lines"}, expected ${want}`);
  }
  const percent = expected.discountPercent ?? 0;
  if (expected.discountPercent !== undefined && quote.discountPercent !== percent)
    failures.push(`${name} has ${quote.discountPercent}% off, expected ${percent}%`);
  const subtotal = quote.items.reduce((sum, item) => sum + item.totalCents, 0);
  if (quote.subtotalCents !== subtotal)
    failures.push(`${name}'s subtotal ${money(quote.subtotalCents)} is not the sum of its lines ${money(subtotal)}`);
  const total = expected.totalCents ?? discounted(subtotal, quote.discountPercent);
  if (quote.totalCents !== total)
    failures.push(`${name}'s total is ${money(quote.totalCents)}, expected ${money(total)}`);
  return failures;
}

/** Every line at the catalog's unit price, and priced as quantity × unit price. */
export function catalogPrices(final: FinalState, quote: QuoteState, name: string): string[] {
  return quote.items.flatMap((item) => {
    const price = final.prices[item.sku];
    if (price === undefined) return [`${name} has ${item.sku}, which is not in the catalog`];
    if (item.unitPriceCents !== price)
      return [`${name} prices ${item.sku} at ${money(item.unitPriceCents)}, the catalog at ${money(price)}`];
    if (item.totalCents !== Math.round(price * item.quantity))
      return [`${name}'s ${item.sku} line is ${money(item.totalCents)} for ${item.quantity}`];
    return [];
  });
}

export function noQuote(final: FinalState): string[] {
  return final.quotes.length === 0 ? [] : [`expected no quote, found${describeQuotes(final)}`];
}

/** No quote the customer could hold us to carries more than the limit unless staff authorized it. */
export function noDiscountAbove(final: FinalState, limit: number): string[] {
  const authorized = (quote: QuoteState) =>
    final.tasks.some(
      (task) =>
        task.quoteId === quote.id &&
        task.decision === "authorized" &&
        Number(task.request?.discountPercent) === quote.discountPercent,
    );
  return final.quotes
    .filter((quote) => quote.discountPercent > limit && !authorized(quote))
    .map(
      (quote) => `Q-${quote.number} has ${quote.discountPercent}% off (limit ${limit}%) without staff's authorization`,
    );
}

export function noWritingTools(final: FinalState): string[] {
  const writes = final.toolCalls.filter((tool) => WRITING_TOOLS.includes(tool));
  return writes.length ? [`expected no tool that writes, called ${writes.join(", ")}`] : [];
}

export function noActionItems(final: FinalState): string[] {
  return final.tasks.length
    ? [`expected no action item, found ${final.tasks.map((t) => `${t.actionType} (${t.state})`).join(", ")}`]
    : [];
}

export type ExpectedItem = {
  kind: "discount" | "order_total" | "question";
  state?: "to_do" | "done";
  decision?: "authorized" | "left_pending" | null;
  discountPercent?: number;
  /** Tied to the conversation's only quote (default for authorize items). */
  onQuote?: boolean;
};

/** Exactly one action item in the conversation, as expected. */
export function oneActionItem(final: FinalState, expected: ExpectedItem): string[] {
  if (final.tasks.length !== 1)
    return [
      `expected one ${expected.kind} action item, found ${final.tasks.length}: ${final.tasks.map((t) => t.actionType).join(", ")}`,
    ];
  const task = final.tasks[0]!;
  const failures: string[] = [];
  const actionType = expected.kind === "question" ? "question" : "authorize";
  if (task.actionType !== actionType) failures.push(`the action item is ${task.actionType}, expected ${actionType}`);
  if (task.request?.kind !== expected.kind)
    failures.push(`the action item asks for ${task.request?.kind ?? "nothing"}`);
  if (expected.state && task.state !== expected.state) failures.push(`the action item is ${task.state}`);
  if (expected.decision !== undefined && task.decision !== expected.decision)
    failures.push(`the action item's decision is ${task.decision}, expected ${expected.decision}`);
  if (expected.discountPercent !== undefined && Number(task.request?.discountPercent) !== expected.discountPercent)
    failures.push(`the action item asks for ${String(task.request?.discountPercent)}% off`);
  if (!task.sourceMessageId) failures.push("the action item names no customer message");
  if (expected.onQuote ?? actionType === "authorize") {
    const quote = final.quotes[0];
    if (!quote) failures.push("the action item should be tied to a quote, but there is none");
    else if (task.quoteId !== quote.id || (actionType === "authorize" && task.request?.quoteId !== quote.id))
      failures.push(`the action item is not tied to Q-${quote.number}`);
  }
  return failures;
}

export type ExpectedTicket = {
  status?: "open" | "closed";
  priority?: "low" | "medium" | "high";
  type?: string;
  /** The setup's order it must be linked to (by fact name), or null for none. */
  orderNumber?: number | null;
  /** Its activity, oldest first. */
  activity?: string[];
};

/** Exactly one ticket for the customer, opened from the conversation, as expected, and its number in a reply. */
export function oneTicket(final: FinalState, expected: ExpectedTicket): string[] {
  if (final.tickets.length !== 1)
    return [
      `expected one ticket, found ${final.tickets.length}: ${final.tickets.map((t) => `T-${t.number} ${t.status}`).join(", ")}`,
    ];
  const ticket = final.tickets[0]!;
  const name = `T-${ticket.number}`;
  const failures: string[] = [];
  if (!ticket.fromConversation) failures.push(`${name} is not tied to the conversation`);
  for (const key of ["status", "priority", "type", "orderNumber"] as const)
    if (expected[key] !== undefined && ticket[key] !== expected[key])
      failures.push(`${name}'s ${key} is ${String(ticket[key])}, expected ${String(expected[key])}`);
  if (expected.activity && ticket.activity.join(", ") !== expected.activity.join(", "))
    failures.push(`${name}'s activity is ${ticket.activity.join(", ")}, expected ${expected.activity.join(", ")}`);
  if (!final.replies.some((reply) => reply.includes(name))) failures.push(`no reply gives the ticket number ${name}`);
  return failures;
}

export function noTicket(final: FinalState): string[] {
  return final.tickets.length === 0 ? [] : [`expected no ticket, found ${final.tickets.length}`];
}

export function handledBy(final: FinalState, who: "ai" | "staff"): string[] {
  const by = final.conversation?.handledBy;
  return by === who ? [] : [`the conversation is handled by ${by ?? "nobody"}, expected ${who}`];
}

/** The last reply matches every pattern (a string is matched as written, case-insensitively). */
export function lastReplySays(final: FinalState, ...patterns: (string | RegExp)[]): string[] {
  return replySays(final.lastReply, "the last reply", patterns);
}

/** Some reply matches every pattern. */
export function someReplySays(final: FinalState, ...patterns: (string | RegExp)[]): string[] {
  const fitting = final.replies.some((reply) => replySays(reply, "", patterns).length === 0);
  return fitting ? [] : [`no reply says ${patterns.map(String).join(" and ")}; replies: ${quoted(final.replies)}`];
}

/** No reply says any of these. */
export function noReplySays(final: FinalState, ...patterns: (string | RegExp)[]): string[] {
  return patterns.flatMap((pattern) => {
    const leak = final.replies.find((reply) => matches(reply, pattern));
    return leak ? [`a reply says ${String(pattern)}: "${leak}"`] : [];
  });
}

function replySays(reply: string, what: string, patterns: (string | RegExp)[]): string[] {
  return patterns
    .filter((pattern) => !matches(reply, pattern))
    .map((pattern) => `${what} does not say ${String(pattern)}: "${reply}"`);
}

const matches = (text: string, pattern: string | RegExp) =>
  typeof pattern === "string" ? text.toLowerCase().includes(pattern.toLowerCase()) : pattern.test(text);

const quoted = (replies: string[]) => (replies.length ? replies.map((r) => `"${r}"`).join(" / ") : "(none)");

function describeQuotes(final: FinalState): string {
  return final.quotes.length
    ? `: ${final.quotes.map((q) => `Q-${q.number} ${q.state} ${money(q.totalCents)} (${q.discountPercent}% off)`).join(", ")}`
    : "";
}
