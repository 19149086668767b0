import {
  type AgentToolName,
  lineTotalCents,
  orderStatusLabel,
  orderTitle,
  quantityIssue,
  ticketDisplayId,
  toolArgumentSchemas,
} from "@foreman/contract";
import type { OrderLine, StaffAction } from "#server/evals/scenario.ts";
import type { QuoteSummary } from "#server/modules/agents/context.ts";
import type { ToolCall, TurnHints } from "#server/modules/agents/model-provider.ts";
import { resumeMessage } from "#server/modules/agents/resume-message.ts";
import { rankProducts } from "#server/modules/agents/text/product-match.ts";
import { unitOfWord } from "#server/modules/agents/text/units.ts";
import { stem, TYPO_MIN_LENGTH } from "#server/modules/agents/text/words.ts";
import { productTerms } from "#server/modules/agents/tools/find-products.ts";
import { describeQuote } from "#server/modules/agents/tools/quote-store.ts";
import { formatPrice, type ToolOutcome } from "#server/modules/agents/tools/tool.ts";

// The engine bench's tool layer: one conversation's quote, orders, action items and tickets in memory,
// answering the tool calls the built-in engine makes with results shaped as the real tools shape them
// (agents/tools/), so the engine takes the same steps it takes on the database. It keeps the rules that
// steer those steps (catalog prices, the discount and order limits, a quote frozen while staff decide)
// and nothing else: no leads, no events, no audit.

export type DeskProduct = { sku: string; name: string; measureUnit: string; unitPriceCents: number };

export type DeskSpec = {
  companyName: string;
  employeeName: string;
  languages: string[];
  currency: string;
  catalog: DeskProduct[];
  maxDiscountPercent: number;
  maxOrderTotalCents: number;
};

type Order = {
  number: number;
  state: string;
  items: QuoteSummary["items"];
  totalCents: number;
  createdAt: Date;
  /** Whose it is: find_orders only ever reads the conversation's own customer's. */
  customerId: string;
};

/** The conversation's customer, as the desk knows them. */
export const DESK_CUSTOMER = "bench-customer";
type Pending = { kind: "discount" | "order_total" | "question"; title: string; percent: number | null };
type Ticket = {
  number: number;
  subject: string;
  status: "open" | "closed";
  priority: string;
  type: string;
  orderNumber: number | null;
};

/** Products one find_products answers. */
const MATCHES = 5;
const ORDER_STATES = new Set(["confirmed", "pending", "completed", "cancelled", "started"]);
const ok = (result: unknown): ToolOutcome => ({ ok: true, result });
const refuse = (error: string): ToolOutcome => ({ ok: false, error });

/**
 * What find_products asks the database for each term (its stem, and a longer word's two halves, so one
 * typo still shares a half): the same rule as the tool's own, which it keeps private.
 */
function probes(term: string): string[] {
  const root = stem(term);
  if (root.length < TYPO_MIN_LENGTH) return [root];
  const half = Math.max(3, Math.floor(root.length / 2));
  return [...new Set([root, root.slice(0, half), root.slice(-half)])];
}

/** Lower case with the accents find_products' SQL takes off (translate 'áéíóúüñ' → 'aeiouun'). */
const unaccented = (text: string) => text.toLowerCase().replace(/[áéíóúüñ]/g, (c) => "aeiouun"["áéíóúüñ".indexOf(c)]!);

export class MemoryDesk {
  openQuote: QuoteSummary | null = null;
  handedOff = false;
  readonly #orders: Order[] = [];
  readonly #tickets: Ticket[] = [];
  #pending: Pending | null = null;
  #number = 1000;
  #ticketNumber = 1000;
  #actionItems = 0;

  constructor(readonly spec: DeskSpec) {}

  /** The open quote as the run's hints tell the engine. */
  openQuoteHint(): TurnHints["openQuote"] {
    const quote = this.openQuote;
    return (
      quote && {
        number: quote.number,
        state: quote.state,
        total: formatPrice(quote.totalCents, quote.currency),
        subtotalCents: quote.subtotalCents,
        awaitingApproval: quote.awaitingApproval !== null,
        discountPercent: quote.discountPercent,
        items: quote.items.map((item) => ({ sku: item.sku, quantity: item.quantity })),
      }
    );
  }

  /** An order the conversation's setup made (numbered as the quote tools number). */
  insertOrder(order: { customerId: string | null; state: string; lines: OrderLine[]; createdAt?: Date }) {
    const items = this.#price(order.lines);
    const totalCents = items.reduce((sum, item) => sum + item.totalCents, 0);
    const number = ++this.#number;
    this.#orders.push({
      number,
      state: order.state,
      items,
      totalCents,
      createdAt: order.createdAt ?? new Date(),
      customerId: order.customerId ?? "nobody",
    });
    return { id: `order-${number}`, number, totalCents };
  }

  /** Runs one tool call the engine asked for, validating its arguments as the registry does. */
  run(call: ToolCall): ToolOutcome {
    const name = call.name as AgentToolName;
    const schema = toolArgumentSchemas[name];
    if (!schema) return refuse(`There is no tool named ${call.name}.`);
    let raw: unknown;
    try {
      raw = call.arguments.trim() === "" ? {} : JSON.parse(call.arguments);
    } catch {
      return refuse("The arguments are not valid JSON.");
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return refuse(`Invalid arguments: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
    const args = parsed.data as Record<string, unknown>;
    switch (name) {
      case "find_products":
        return this.#findProducts(String(args.query));
      case "upsert_quote":
        return this.#upsertQuote(args.items as OrderLine[], args.discount_percent as number | undefined);
      case "send_quote":
        return this.#sendQuote();
      case "confirm_order":
        return this.#confirmOrder();
      case "request_authorization":
        return this.#requestAuthorization(args.discount_percent as number | undefined);
      case "ask_human":
        return this.#raise({ kind: "question", title: String(args.question), percent: null });
      case "hand_off":
        if (args.to !== "staff")
          return refuse(`No active AI employee works in ${String(args.to)}. Hand off to staff instead.`);
        this.handedOff = true;
        return ok({ handed_to: "staff", tell_customer: "a colleague will take over here" });
      case "find_orders":
        return this.#findOrders(args.order_number as number | undefined);
      case "update_lead_stage":
        return refuse("This conversation has no lead.");
      case "create_ticket":
        return this.#createTicket(args);
      case "find_tickets":
        return this.#findTickets(args.status as string | undefined, args.order_number as number | undefined);
      case "update_ticket":
        return this.#updateTicket(args);
    }
  }

  /**
   * Staff resolve the newest open action item of the kind the action fits, as the tasks service does:
   * the authorized discount or order is applied. Answers what the customer is told, or null when there
   * is nothing to resolve.
   */
  resolve(step: StaffAction, language: Parameters<typeof resumeMessage>[3]): string | null {
    const pending = this.#pending;
    if (!pending || (step.staff === "answer") !== (pending.kind === "question")) return null;
    this.#pending = null;
    const quote = this.openQuote;
    if (quote) quote.awaitingApproval = null;
    const decision = step.staff === "answer" ? null : step.staff === "authorize" ? "authorized" : "left_pending";
    const answer = step.staff === "answer" ? step.answer : (step.note ?? null);
    if (decision === "authorized" && quote && pending.kind === "discount") this.#setDiscount(quote, pending.percent!);
    const facts = {
      quoteNumber: quote?.number ?? null,
      total: quote ? formatPrice(quote.totalCents, quote.currency) : null,
      percent: pending.percent,
      changed: false,
    };
    if (decision === "authorized" && quote && pending.kind === "order_total") this.#confirm(quote);
    const request =
      pending.kind === "question"
        ? { kind: "question" as const }
        : pending.kind === "discount"
          ? { kind: "discount" as const, quoteId: "q", discountPercent: pending.percent!, quote: snapshot(quote) }
          : { kind: "order_total" as const, quoteId: "q", totalCents: quote?.totalCents ?? 0, quote: snapshot(quote) };
    return resumeMessage(
      { actionType: pending.kind === "question" ? "question" : "authorize", title: pending.title, request },
      { answer, decision },
      facts,
      language,
    );
  }

  #price(lines: OrderLine[]): QuoteSummary["items"] {
    return lines.map((line) => {
      const product = this.spec.catalog.find((p) => p.sku === line.sku);
      if (!product) throw new Error(`${line.sku} is not in the catalog`);
      return {
        sku: product.sku,
        productName: product.name,
        quantity: line.quantity,
        unitPriceCents: product.unitPriceCents,
        totalCents: lineTotalCents(product.unitPriceCents, line.quantity),
      };
    });
  }

  /**
   * As find_products answers: the catalog in the database's order (closeness to the words, then the
   * shorter name, then the name), ranked by text/product-match.ts; with none named, the closest as
   * suggestions.
   */
  #findProducts(query: string): ToolOutcome {
    const shown = (list: DeskProduct[]) =>
      list.map((product) => ({
        ...product,
        currency: this.spec.currency,
        available: true,
        stock: null,
        price: formatPrice(product.unitPriceCents, this.spec.currency),
      }));
    const terms = productTerms(query);
    const closeness = (product: DeskProduct) =>
      terms.reduce(
        (sum, term) =>
          sum +
          probes(term).filter((probe) => unaccented(product.name).includes(probe)).length +
          (product.sku.toLowerCase().includes(term) ? 1 : 0) +
          (unitOfWord(term) && unaccented(product.measureUnit).startsWith(term.slice(0, 3)) ? 1 : 0),
        0,
      );
    const rows = this.spec.catalog
      .map((product) => ({ product, closeness: closeness(product) }))
      .sort(
        (x, y) =>
          y.closeness - x.closeness ||
          x.product.name.length - y.product.name.length ||
          (x.product.name < y.product.name ? -1 : x.product.name > y.product.name ? 1 : 0),
      )
      .map((row) => row.product);
    const ranked = rankProducts(query, rows).slice(0, MATCHES);
    if (ranked.length > 0) return ok({ products: shown(ranked.map((hit) => hit.product)) });
    return ok({ products: [], suggestions: shown(rows.slice(0, MATCHES)) });
  }

  #frozen(quote: QuoteSummary): ToolOutcome | null {
    if (!quote.awaitingApproval) return null;
    return refuse(
      `Q-${quote.number} is waiting for staff's authorization ("${quote.awaitingApproval}"): it cannot change until they decide.`,
    );
  }

  #upsertQuote(lines: OrderLine[], discountPercent: number | undefined): ToolOutcome {
    const discount = discountPercent ?? this.openQuote?.discountPercent ?? 0;
    const limit = this.spec.maxDiscountPercent;
    if (discount > limit)
      return refuse(
        `A ${discount}% discount is above your limit of ${limit}%. Quote without it and use request_authorization.`,
      );
    const unknown = lines.filter((line) => !this.spec.catalog.some((p) => p.sku === line.sku.trim().toUpperCase()));
    if (unknown.length > 0)
      return refuse(`Not in the catalog: ${unknown.map((l) => l.sku).join(", ")}. Use find_products for SKUs.`);
    const normalised = lines.map((line) => ({ sku: line.sku.trim().toUpperCase(), quantity: line.quantity }));
    const issues = normalised.flatMap((line) => {
      const issue = quantityIssue(this.spec.catalog.find((p) => p.sku === line.sku)!, line.quantity);
      return issue ? [issue] : [];
    });
    if (issues.length > 0) return refuse(issues.join(" "));
    const open = this.openQuote;
    const frozen = open && this.#frozen(open);
    if (frozen) return frozen;
    const items = this.#price(normalised);
    const subtotalCents = items.reduce((sum, item) => sum + item.totalCents, 0);
    const quote: QuoteSummary = {
      id: open?.id ?? `quote-${this.#number + 1}`,
      number: open?.number ?? ++this.#number,
      state: open?.state === "sent" ? "sent" : "draft",
      version: (open?.version ?? 0) + 1,
      awaitingApproval: null,
      currency: this.spec.currency,
      subtotalCents,
      discountPercent: 0,
      discountCents: 0,
      taxCents: 0,
      totalCents: subtotalCents,
      items,
    };
    this.#setDiscount(quote, discount);
    this.openQuote = quote;
    return ok({ quote: describeQuote(quote, formatPrice) });
  }

  #setDiscount(quote: QuoteSummary, percent: number) {
    quote.discountPercent = percent;
    quote.discountCents = Math.min(quote.subtotalCents, Math.round((quote.subtotalCents * percent) / 100));
    quote.totalCents = quote.subtotalCents - quote.discountCents;
  }

  #sendQuote(): ToolOutcome {
    const quote = this.openQuote;
    if (!quote) return refuse("There is no open quote in this conversation: build one with upsert_quote.");
    const frozen = this.#frozen(quote);
    if (frozen) return frozen;
    quote.state = "sent";
    quote.version++;
    return ok({ quote: describeQuote(quote, formatPrice) });
  }

  #confirm(quote: QuoteSummary) {
    this.#orders.push({
      number: quote.number,
      state: "confirmed",
      items: quote.items,
      totalCents: quote.totalCents,
      createdAt: new Date(),
      customerId: DESK_CUSTOMER,
    });
    this.openQuote = null;
    return { ...quote, state: "confirmed" };
  }

  #confirmOrder(): ToolOutcome {
    const quote = this.openQuote;
    if (!quote) return refuse("There is no open quote to confirm: build one with upsert_quote.");
    const frozen = this.#frozen(quote);
    if (frozen) return frozen;
    const limit = this.spec.maxOrderTotalCents;
    if (quote.totalCents > limit)
      return refuse(
        `This order's total (${formatPrice(quote.totalCents, quote.currency)}) is above what you may confirm alone (${formatPrice(limit, quote.currency)}): use request_authorization.`,
      );
    return ok({ order: describeQuote(this.#confirm(quote), formatPrice) });
  }

  #raise(pending: Pending): ToolOutcome {
    this.#pending = pending;
    return ok({
      action_item_id: `item-${++this.#actionItems}`,
      status: "waiting for staff",
      tell_customer: "that you are checking with the team",
    });
  }

  #requestAuthorization(percent: number | undefined): ToolOutcome {
    const quote = this.openQuote;
    if (!quote) return refuse("There is no open quote to authorize anything on: build one with upsert_quote first.");
    const frozen = this.#frozen(quote);
    if (frozen) return frozen;
    const title =
      percent !== undefined && percent > 0
        ? `${percent}% discount on Q-${quote.number}`
        : `Confirm order Q-${quote.number} for ${formatPrice(quote.totalCents, quote.currency)}`;
    quote.awaitingApproval = title;
    return this.#raise({
      kind: percent !== undefined && percent > 0 ? "discount" : "order_total",
      title,
      percent: percent ?? null,
    });
  }

  #findOrders(orderNumber: number | undefined): ToolOutcome {
    const orders = this.#orders
      .filter(
        (order) =>
          order.customerId === DESK_CUSTOMER &&
          ORDER_STATES.has(order.state) &&
          (orderNumber === undefined || order.number === orderNumber),
      )
      .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime())
      .slice(0, 5)
      .map((order) => ({
        number: order.number,
        title: orderTitle(order.items),
        items: order.items.map((item) => ({ sku: item.sku, name: item.productName, quantity: item.quantity })),
        state: order.state,
        status: orderStatusLabel(order.state),
        total: formatPrice(order.totalCents, this.spec.currency),
        placed_on: order.createdAt.toISOString().slice(0, 10),
      }));
    return ok(
      orderNumber !== undefined && orders.length === 0
        ? { orders, note: `No order ${orderNumber} on this customer's account.` }
        : { orders },
    );
  }

  #describeTicket(ticket: Ticket) {
    return {
      number: ticketDisplayId(ticket.number),
      subject: ticket.subject,
      status: ticket.status,
      priority: ticket.priority,
      type: ticket.type,
      order_number: ticket.orderNumber,
      from_this_conversation: true,
      opened_on: new Date().toISOString().slice(0, 10),
    };
  }

  #createTicket(args: Record<string, unknown>): ToolOutcome {
    const orderNumber = (args.order_number as number | undefined) ?? null;
    if (
      orderNumber !== null &&
      !this.#orders.some((order) => order.customerId === DESK_CUSTOMER && order.number === orderNumber)
    )
      return refuse(
        `There is no order ${orderNumber} on this customer's account: check the number with them, or open the ticket without it.`,
      );
    const ticket: Ticket = {
      number: ++this.#ticketNumber,
      subject: String(args.subject),
      status: "open",
      priority: (args.priority as string | undefined) ?? "medium",
      type: (args.type as string | undefined) ?? "incident",
      orderNumber,
    };
    this.#tickets.push(ticket);
    return ok({
      ticket: this.#describeTicket(ticket),
      tell_customer: "the ticket number, and that the team will follow up here",
    });
  }

  #findTickets(status: string | undefined, orderNumber: number | undefined): ToolOutcome {
    const filter = status ?? "open";
    const found = this.#tickets
      .filter(
        (t) =>
          (filter === "all" || t.status === filter) && (orderNumber === undefined || t.orderNumber === orderNumber),
      )
      .reverse()
      .map((t) => this.#describeTicket(t));
    return ok(found.length ? { tickets: found } : { tickets: found, note: "No tickets for this customer." });
  }

  #updateTicket(args: Record<string, unknown>): ToolOutcome {
    const wanted = typeof args.number === "number" ? args.number : Number(String(args.number).replace(/\D/g, ""));
    const ticket = this.#tickets.find((t) => t.number === wanted);
    if (!ticket) return refuse(`There is no ticket T-${wanted} for this customer: use find_tickets.`);
    const changed: string[] = [];
    if (ticket.status === "closed" && args.comment !== undefined && !args.close) {
      ticket.status = "open";
      changed.push("reopen");
    }
    if (args.comment !== undefined) changed.push("comment");
    if (args.priority !== undefined && args.priority !== ticket.priority) {
      ticket.priority = String(args.priority);
      changed.push("update");
    }
    if (args.close) {
      if (ticket.status === "closed") return refuse(`${ticketDisplayId(ticket.number)} is already closed.`);
      ticket.status = "closed";
      changed.push("close");
    }
    return ok({ ticket: this.#describeTicket(ticket), changed });
  }
}

/** The quote as an authorize item snapshots it. */
function snapshot(quote: QuoteSummary | null) {
  return {
    version: quote?.version ?? 0,
    totalCents: quote?.totalCents ?? 0,
    currency: quote?.currency ?? "USD",
    discountPercent: quote?.discountPercent ?? 0,
  };
}
