import {
  formatLongDate,
  formatMoney,
  type LapsedCustomersPage,
  orderAmount,
  RETENTION_LAPSED_DAYS,
} from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { ListPagination } from "#web/components/layout/list-pagination.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { formatDays } from "./age.ts";
import { WorkCard, WorkEmpty } from "./work-card.tsx";

/** A contact detail that may be long: cut to the column, whole in its tooltip. */
function Truncated({ value }: { value: string | null }) {
  if (!value) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="block max-w-48 truncate" title={value}>
      {value}
    </span>
  );
}

/** Retention's work: customers who bought before and not lately, most valuable first. */
export function RetentionWork({ data }: { data: LapsedCustomersPage }) {
  const { customers, total, page, perPage, currency } = data;
  return (
    <WorkCard title="Customers to win back" total={total} testId="lapsed-customers">
      <p className="px-4 pb-2 text-muted-foreground text-sm">
        No orders in the last {RETENTION_LAPSED_DAYS} days, most valuable first.
      </p>
      {customers.length === 0 ? (
        <WorkEmpty>No customers to win back</WorkEmpty>
      ) : (
        <>
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="pl-4">Name</TableHead>
                <TableHead>Organization</TableHead>
                <TableHead className="text-right">Lifetime value</TableHead>
                <TableHead className="text-right">Orders</TableHead>
                <TableHead>Last order</TableHead>
                <TableHead>Email</TableHead>
                <TableHead className="pr-4">Phone</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {customers.map((customer) => (
                <TableRow key={customer.id} data-testid="lapsed-customer-row">
                  <TableCell className="max-w-52 truncate pl-4 font-medium">{customer.fullName}</TableCell>
                  <TableCell className="max-w-48 truncate text-muted-foreground">
                    {customer.organization ?? "—"}
                  </TableCell>
                  <TableCell className="text-right font-medium tabular-nums">
                    {formatMoney(orderAmount(customer.lifetimeValueCents), currency)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{customer.orders}</TableCell>
                  <TableCell>
                    {formatLongDate(customer.lastOrderAt)}
                    <span className="block text-muted-foreground text-xs tabular-nums">
                      {formatDays(customer.daysSinceLastOrder)} ago
                    </span>
                  </TableCell>
                  <TableCell>
                    <Truncated value={customer.email} />
                  </TableCell>
                  <TableCell className="pr-4">
                    <Truncated value={customer.phone} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <div className="px-4 pt-2 pb-2">
            <ListPagination
              page={page}
              perPage={perPage}
              total={total}
              noun="customers"
              pageLink={pageLink}
              hideSinglePage
            />
          </div>
        </>
      )}
    </WorkCard>
  );
}

/** Another page of the list, keeping the period; page 1 stays out of the address. */
function pageLink(page: number, children: ReactNode) {
  return (
    <Link from="/retention" to="/retention" search={(prev) => ({ ...prev, page: page > 1 ? page : undefined })}>
      {children}
    </Link>
  );
}
