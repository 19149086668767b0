import { formatLongDate, formatMoney, orderAmount, orderTitle, type QuoteDetail } from "@foreman/contract";
import type { ReactNode } from "react";
import { OrderStatusBadge } from "#web/components/badges/order-status-badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";

// The read-only parts of the order detail page.

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="break-words font-medium">{children}</dd>
    </div>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return <p className="text-muted-foreground">{children}</p>;
}

const money = (cents: number, currency: string) => formatMoney(orderAmount(cents), currency);

export function OrderOverview({ order }: { order: QuoteDetail }) {
  return (
    <Card className="py-5">
      <CardContent className="px-5">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 md:grid-cols-3 xl:grid-cols-6">
          <Field label="Order ID">#{order.number}</Field>
          <Field label="Full name">{order.customer?.fullName ?? "—"}</Field>
          <Field label="Company">{order.customer?.organization ?? "—"}</Field>
          <Field label="Amount">
            <span className="tabular-nums">{money(order.totalCents, order.currency)}</span>
          </Field>
          <Field label="Status">
            <OrderStatusBadge state={order.state} />
          </Field>
          <Field label="Created at">{formatLongDate(order.createdAt)}</Field>
        </dl>
      </CardContent>
    </Card>
  );
}

export function CustomerInfo({ order }: { order: QuoteDetail }) {
  const { customer } = order;
  return (
    <Card className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle>Customer info</CardTitle>
      </CardHeader>
      <CardContent className="px-5">
        {customer ? (
          <dl className="space-y-3">
            <Field label="Email">
              {customer.email ? (
                <a className="hover:underline" href={`mailto:${customer.email}`}>
                  {customer.email}
                </a>
              ) : (
                "—"
              )}
            </Field>
            <Field label="Phone">
              {customer.phone ? (
                <a className="hover:underline" href={`tel:${customer.phone}`}>
                  {customer.phone}
                </a>
              ) : (
                "—"
              )}
            </Field>
            <Field label="Organization">
              {customer.organization ?? (
                <span className="font-normal text-muted-foreground">No organization found</span>
              )}
            </Field>
          </dl>
        ) : (
          <Muted>No customer information found</Muted>
        )}
      </CardContent>
    </Card>
  );
}

export function DeliveryAddress({ order }: { order: QuoteDetail }) {
  const address = order.deliveryAddress;
  const cityLine = address ? [address.city, address.region, address.postalCode].filter(Boolean).join(", ") : "";
  return (
    <Card className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle>Delivery address</CardTitle>
      </CardHeader>
      <CardContent className="px-5">
        {address ? (
          <address className="space-y-0.5 not-italic">
            <div>{address.line1}</div>
            {address.line2 ? <div>{address.line2}</div> : null}
            <div>{cityLine}</div>
            <div>{address.country}</div>
          </address>
        ) : (
          <Muted>No delivery address found</Muted>
        )}
      </CardContent>
    </Card>
  );
}

function formatQuantity(quantity: number, unit: string): string {
  return `${quantity.toLocaleString("en-US", { maximumFractionDigits: 3 })} ${unit}`.trim();
}

export function OrderItems({ order }: { order: QuoteDetail }) {
  return (
    <Card className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle>Items</CardTitle>
      </CardHeader>
      <CardContent className="px-2 sm:px-3">
        {order.lineItems.length === 0 ? (
          <div className="px-3">
            <Muted>No items found in this order</Muted>
          </div>
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>SKU</TableHead>
                <TableHead>Product</TableHead>
                <TableHead className="text-right">Quantity</TableHead>
                <TableHead className="text-right">Unit price</TableHead>
                <TableHead className="text-right">Total</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {order.lineItems.map((item, index) => (
                // Line items have no id of their own; their position in the order is stable.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <TableRow key={index}>
                  <TableCell className="font-mono text-muted-foreground text-xs">{item.sku}</TableCell>
                  <TableCell className="font-medium">{item.productName}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatQuantity(item.quantity, item.measureUnit)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{money(item.unitPriceCents, item.currency)}</TableCell>
                  <TableCell className="text-right font-medium tabular-nums">
                    {money(item.totalCents, item.currency)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

export function OrderSummary({ order }: { order: QuoteDetail }) {
  const rows = [
    ["Subtotal", order.subtotalCents],
    ["Tax", order.taxCents],
  ] as const;
  return (
    <Card className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle>Summary</CardTitle>
      </CardHeader>
      <CardContent className="px-5">
        <dl className="space-y-2">
          {rows.map(([label, cents]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="tabular-nums">{money(cents, order.currency)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 border-t pt-2 font-semibold">
            <dt>Total</dt>
            <dd className="tabular-nums" data-testid="order-total">
              {money(order.totalCents, order.currency)}
            </dd>
          </div>
        </dl>
        <dl className="mt-4 border-t pt-3">
          <Field label="Conversation ID">
            <span className="font-mono text-xs">{order.conversation?.id ?? "—"}</span>
          </Field>
        </dl>
      </CardContent>
    </Card>
  );
}

/** "Steel bolts x 4", or "Order #1042" for an order without items. */
export function orderHeading(order: QuoteDetail): string {
  return orderTitle(order.lineItems) || `Order #${order.number}`;
}
