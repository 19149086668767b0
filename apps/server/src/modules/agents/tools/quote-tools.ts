import type { Executor } from "#server/db/client.ts";
import { confirmOpenQuote, sendOpenQuote } from "../../orders/index.ts";
import { findOpenQuote, pendingAuthorizationOn, type QuoteSummary } from "../context.ts";
import { describeQuote, priceLines, writeQuote } from "./quote-store.ts";
import { type AgentTool, formatPrice, needsHuman, ok, refuse, type ToolEnv, type ToolOutcome } from "./tool.ts";

/**
 * The refusal for a change to a quote that waits on staff's authorization, or null when it may change.
 * Read from the database at the moment of the change, not from the run's context.
 */
export async function frozenQuoteRefusal(db: Executor, env: ToolEnv, quote: QuoteSummary): Promise<ToolOutcome | null> {
  const { context } = env;
  const waiting = await pendingAuthorizationOn(db, {
    id: quote.id,
    companyId: context.companyId,
    conversationId: context.conversation.id,
  });
  if (waiting === null) return null;
  quote.awaitingApproval = waiting;
  return refuse(
    `Q-${quote.number} is waiting for staff's authorization ("${waiting}"): it cannot change until they decide. Tell the customer their request is with the team and you will come back to them here; once staff have decided you can change the quote or make a new one.`,
  );
}

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
    const { priced, unknown, refused } = await priceLines(db, context.companyId, items);
    if (unknown.length > 0) return refuse(`Not in the catalog: ${unknown.join(", ")}. Use find_products for SKUs.`);
    if (refused.length > 0) return refuse(refused.join(" "));
    if (new Set(priced.map((line) => line.currency)).size > 1)
      return refuse("Those products are priced in different currencies: quote them separately.");
    const written = await db.transaction(async (tx) => {
      const open = await findOpenQuote(tx, context.companyId, context.conversation.id);
      const frozen = open && (await frozenQuoteRefusal(tx, env, open));
      if (frozen) {
        context.openQuote = open;
        return frozen;
      }
      return writeQuote(tx, context, priced, discount);
    });
    if ("ok" in written) return written;
    context.openQuote = written;
    return ok({ quote: describeQuote(written, formatPrice) });
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
    const frozen = await frozenQuoteRefusal(db, env, quote);
    if (frozen) return frozen;
    const sent = await sendOpenQuote(db, context.companyId, quote.id);
    if (!sent) return refuse("That quote can no longer be sent.");
    quote.state = sent.state;
    quote.version = sent.version;
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
    const frozen = await frozenQuoteRefusal(db, env, quote);
    if (frozen) return frozen;
    // The limit is an amount in the company's currency: another currency's total cannot be held to it.
    const currency = context.company.currency;
    if (quote.currency !== currency)
      return refuse(
        `This quote is in ${quote.currency} but your order limit is in ${currency}, so you cannot confirm it alone: use request_authorization, and quote in ${currency} from now on.`,
      );
    if (quote.totalCents > limit)
      return refuse(
        `This order's total (${formatPrice(quote.totalCents, quote.currency)}) is above what you may confirm alone (${formatPrice(limit, quote.currency)}): use request_authorization.`,
      );
    // Only the quote as the model last saw it (its version), and only while it is still a quote.
    const confirmed = await db.transaction((tx) => confirmOpenQuote(tx, context.companyId, quote.id, quote.version));
    if (!confirmed)
      return refuse("That quote can no longer be confirmed as you last saw it: it changed or is no longer open.");
    const order = { ...quote, state: confirmed.state, version: confirmed.version };
    context.openQuote = await findOpenQuote(db, context.companyId, context.conversation.id);
    return ok({ order: describeQuote(order, formatPrice) });
  },
};
