import type { QuoteSummaryCustomer } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { LazyTooltip } from "#web/components/ui/lazy-tooltip.tsx";

// The customer of an orders-list row: name, organization below in muted text. Both can be long, so
// they truncate and the tooltip shows them whole.

function FullCustomer({ customer }: { customer: QuoteSummaryCustomer }) {
  return (
    <>
      <span className="block">{customer.fullName}</span>
      {customer.organization ? <span className="block font-normal opacity-80">{customer.organization}</span> : null}
    </>
  );
}

function NoCustomer() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden>—</span>
      <span className="sr-only">No customer</span>
    </span>
  );
}

/**
 * The table cell. The row's first link covers the whole row; this one sits above it (z-10) so that
 * pointing at the name can show its tooltip, and goes to the same order so a click still opens it. It
 * is left out of the tab order: the row's first link is the keyboard's way in.
 */
export function OrderCustomerCell({ orderId, customer }: { orderId: string; customer: QuoteSummaryCustomer | null }) {
  if (!customer) return <NoCustomer />;
  return (
    <LazyTooltip content={<FullCustomer customer={customer} />} align="start">
      <Link
        to="/orders/$orderId"
        params={{ orderId }}
        tabIndex={-1}
        className="relative z-10 block max-w-56 outline-none"
        data-testid="order-customer"
      >
        <span className="block truncate">{customer.fullName}</span>
        {customer.organization ? (
          <span className="block truncate text-muted-foreground text-xs">{customer.organization}</span>
        ) : null}
      </Link>
    </LazyTooltip>
  );
}

/** The phone card's line: inside the card's own link, so only the tooltip is added. */
export function OrderCustomerLine({ customer }: { customer: QuoteSummaryCustomer | null }) {
  if (!customer) return <span className="text-muted-foreground text-sm">No customer</span>;
  return (
    <LazyTooltip content={<FullCustomer customer={customer} />} align="start">
      <span className="block truncate text-sm" data-testid="order-customer">
        {customer.fullName}
        {customer.organization ? <span className="text-muted-foreground"> · {customer.organization}</span> : null}
      </span>
    </LazyTooltip>
  );
}
