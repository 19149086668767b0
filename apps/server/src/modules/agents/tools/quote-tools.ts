import { and, eq, inArray } from "drizzle-orm";
import { quotes } from "#server/db/schema/index.ts";
import { findOpenQuote } from "../context.ts";
import { describeQuote, priceLines, writeQuote } from "./quote-store.ts";
import { type AgentTool, formatPrice, needsHuman, ok, refuse } from "./tool.ts";

export const upsertQuote: AgentTool<"upsert_quote"> = {
  name: "upsert_quote",
  async run({ items, discount_percent }, env) {
    const { db, context } = env;
    const discount = discount_percent ?? context.openQuote?.discountPercent ?? 0;
    const limit = context.employee?.maxDiscountPercent ?? 0;
    if (discount > 0 && needsHuman(env, "apply_discount"))
      return refuse("Every discount needs staff's authorization: use request_authorization.");
    if (discount > limit)
      return refuse(
        `A ${discount}% discount is above your limit of ${limit}%. Quote without it and use request_authorization.`,
      );
    const { priced, unknown } = await priceLines(db, context.companyId, items);
    if (unknown.length > 0) return refuse(`Not in the catalog: ${unknown.join(", ")}. Use find_products for SKUs.`);
    if (new Set(priced.map((line) => line.currency)).size > 1)
      return refuse("Those products are priced in different currencies: quote them separately.");
    const quote = await db.transaction((tx) => writeQuote(tx, context, priced, discount));
    context.openQuote = quote;
    return ok({ quote: describeQuote(quote, formatPrice) });
  },
};

export const sendQuote: AgentTool<"send_quote"> = {
  name: "send_quote",
  async run(_args, env) {
    const { db, context } = env;
    const quote = context.openQuote;
    if (!quote) return refuse("There is no open quote in this conversation: build one with upsert_quote.");
    if (needsHuman(env, "send_quote"))
      return refuse("Sending quotes needs staff's authorization: use request_authorization.");
    await db
      .update(quotes)
      .set({ state: "sent" })
      .where(and(eq(quotes.companyId, context.companyId), eq(quotes.id, quote.id)));
    quote.state = "sent";
    return ok({ quote: describeQuote(quote, formatPrice) });
  },
};

export const confirmOrder: AgentTool<"confirm_order"> = {
  name: "confirm_order",
  async run(_args, env) {
    const { db, context } = env;
    const quote = context.openQuote;
    if (!quote) return refuse("There is no open quote to confirm: build one with upsert_quote.");
    const limit = context.employee?.maxOrderTotalCents ?? 0;
    if (needsHuman(env, "confirm_order"))
      return refuse("Confirming orders needs staff's authorization: use request_authorization.");
    if (quote.totalCents > limit)
      return refuse(
        `This order's total (${formatPrice(quote.totalCents, quote.currency)}) is above what you may confirm alone (${formatPrice(limit, quote.currency)}): use request_authorization.`,
      );
    const [row] = await db
      .update(quotes)
      .set({ state: "confirmed" })
      .where(
        and(
          eq(quotes.companyId, context.companyId),
          eq(quotes.id, quote.id),
          inArray(quotes.state, ["draft", "draft_sent", "sent"]),
        ),
      )
      .returning({ id: quotes.id });
    if (!row) return refuse("That quote can no longer be confirmed.");
    const confirmed = { ...quote, state: "confirmed" };
    context.openQuote = await findOpenQuote(db, context.companyId, context.conversation.id);
    return ok({ order: describeQuote(confirmed, formatPrice) });
  },
};
