import { formatLongDate, formatMoney, orderAmount, orderTitle, type QuoteSummary } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { OrderStatusBadge } from "#web/components/badges/order-status-badge.tsx";
import { LIST_CARD_CLASS, ListCardContent } from "#web/components/layout/list-card.tsx";
import { TableOrCards } from "#web/components/layout/table-or-cards.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { OrderCustomerCell, OrderCustomerLine } from "./order-customer.tsx";

// A row shows the title, customer, number, amount, status and date; the detail page has the rest.

const titleOf = (order: QuoteSummary) => orderTitle(order.lineItems) || "No items";
const amountOf = (order: QuoteSummary) => formatMoney(orderAmount(order.totalCents), order.totalCurrency);

/** A table on wide screens, cards on phones; every row opens the order. */
export function OrdersList({ orders }: { orders: readonly QuoteSummary[] }) {
  return (
    <TableOrCards
      by="window"
      table={
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="pl-4">Order</TableHead>
              <TableHead>Customer</TableHead>
              <TableHead>Number</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="pr-4">Created</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {orders.map((order) => (
              <TableRow key={order.id} className="relative" data-testid="order-row">
                <TableCell className="max-w-[28rem] truncate pl-4 font-medium">
                  {/* The link covers the whole row (after:inset-0), so the row is one target. */}
                  <Link
                    to="/orders/$orderId"
                    params={{ orderId: order.id }}
                    className="outline-none after:absolute after:inset-0 focus-visible:underline"
                  >
                    {titleOf(order)}
                  </Link>
                </TableCell>
                <TableCell>
                  <OrderCustomerCell orderId={order.id} customer={order.customer} />
                </TableCell>
                <TableCell className="text-muted-foreground tabular-nums">#{order.number}</TableCell>
                <TableCell className="text-right font-medium tabular-nums">{amountOf(order)}</TableCell>
                <TableCell>
                  <OrderStatusBadge state={order.state} />
                </TableCell>
                <TableCell className="pr-4 text-muted-foreground">{formatLongDate(order.createdAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
      cards={orders.map((order) => (
        <li key={order.id} data-testid="order-card">
          <Link to="/orders/$orderId" params={{ orderId: order.id }} className={LIST_CARD_CLASS}>
            <ListCardContent>
              <div className="flex items-start justify-between gap-3">
                <span className="truncate font-medium">{titleOf(order)}</span>
                <span className="shrink-0 font-medium tabular-nums">{amountOf(order)}</span>
              </div>
              <OrderCustomerLine customer={order.customer} />
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-xs">
                <OrderStatusBadge state={order.state} />
                <span className="tabular-nums">#{order.number}</span>
                <span aria-hidden>·</span>
                <span>{formatLongDate(order.createdAt)}</span>
              </div>
            </ListCardContent>
          </Link>
        </li>
      ))}
    />
  );
}
