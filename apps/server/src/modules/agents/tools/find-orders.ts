import { orderStatusLabel, orderTitle } from "@foreman/contract";
import { and, desc, eq, inArray } from "drizzle-orm";
import { lineItems, quotes } from "#server/db/schema/index.ts";
import { type AgentTool, formatPrice, ok } from "./tool.ts";

const ORDER_STATES = ["confirmed", "pending", "completed", "cancelled", "started"] as const;
/** Orders one look-up answers. */
const RECENT = 5;

/**
 * The conversation's own customer's orders. It takes no customer: whoever the model names, it only ever
 * reads the customer the channel identified, so another customer's orders are never within reach. That
 * customer is only ever reached through the channel's own contact or an identifier it verified (never
 * a phone or email someone typed: agents/verified-customer.ts), so typing a number reaches no one's orders.
 */
export const findOrders: AgentTool<"find_orders"> = {
  name: "find_orders",
  async run({ order_number }, { db, context }) {
    const customer = context.customer;
    if (!customer) return ok({ orders: [], note: "No customer is on file for this conversation." });
    const rows = await db
      .select()
      .from(quotes)
      .where(
        and(
          eq(quotes.companyId, context.companyId),
          eq(quotes.customerId, customer.id),
          inArray(quotes.state, [...ORDER_STATES]),
          order_number === undefined ? undefined : eq(quotes.number, order_number),
        ),
      )
      .orderBy(desc(quotes.createdAt))
      .limit(RECENT);
    const items = rows.length
      ? await db
          .select({
            quoteId: lineItems.quoteId,
            sku: lineItems.sku,
            productName: lineItems.productName,
            quantity: lineItems.quantity,
            position: lineItems.position,
          })
          .from(lineItems)
          .where(
            inArray(
              lineItems.quoteId,
              rows.map((row) => row.id),
            ),
          )
      : [];
    const orders = rows.map((row) => {
      const lines = items.filter((item) => item.quoteId === row.id).sort((a, b) => a.position - b.position);
      return {
        number: row.number,
        title: orderTitle(lines),
        // What it held, so "same as last time" can be quoted again.
        items: lines.map((line) => ({ sku: line.sku, name: line.productName, quantity: line.quantity })),
        state: row.state,
        status: orderStatusLabel(row.state),
        total: formatPrice(row.totalCents, row.currency),
        placed_on: row.createdAt.toISOString().slice(0, 10),
      };
    });
    return ok(
      order_number !== undefined && orders.length === 0
        ? { orders, note: `No order ${order_number} on this customer's account.` }
        : { orders },
    );
  },
};
