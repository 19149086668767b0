import { formatMoney, orderAmount, type UnpaidOrdersPage } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { OrderStatusBadge } from "#web/components/badges/order-status-badge.tsx";
import { ListPagination } from "#web/components/layout/list-pagination.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { AgeChip } from "./age-chip.tsx";
import { ROW_LINK_CLASS, WorkCard, WorkEmpty } from "./work-card.tsx";

/** Collections' work: every placed, unpaid order, oldest first, with what is owed in all. */
export function CollectionsWork({ data }: { data: UnpaidOrdersPage }) {
  const { orders, total, page, perPage } = data;
  return (
    <WorkCard title="Unpaid orders, oldest first" total={total} testId="unpaid-orders">
      <p className="px-4 pb-2 text-muted-foreground text-sm" data-testid="outstanding">
        {formatMoney(orderAmount(data.outstandingCents), data.currency)} outstanding across {total}{" "}
        {total === 1 ? "order" : "orders"}
      </p>
      {orders.length === 0 ? (
        <WorkEmpty>No unpaid orders</WorkEmpty>
      ) : (
        <>
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="pl-4">Number</TableHead>
                <TableHead>Customer</TableHead>
                <TableHead>State</TableHead>
                <TableHead className="text-right">Total</TableHead>
                <TableHead>AI employee</TableHead>
                <TableHead className="pr-4 text-right">Age</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {orders.map((order) => (
                <TableRow key={order.id} data-testid="unpaid-order-row">
                  <TableCell className="pl-4 tabular-nums">
                    <Link to="/orders/$orderId" params={{ orderId: order.id }} className={ROW_LINK_CLASS}>
                      #{order.number}
                    </Link>
                  </TableCell>
                  <TableCell className="max-w-52 truncate">{order.customerName ?? "—"}</TableCell>
                  <TableCell>
                    <OrderStatusBadge state={order.state} />
                  </TableCell>
                  <TableCell className="text-right font-medium tabular-nums">
                    {formatMoney(orderAmount(order.totalCents), order.currency)}
                  </TableCell>
                  <TableCell className="text-muted-foreground">{order.aiEmployee?.name ?? "—"}</TableCell>
                  <TableCell className="pr-4 text-right">
                    <AgeChip days={order.ageDays} />
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
              noun="unpaid orders"
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
    <Link from="/collections" to="/collections" search={(prev) => ({ ...prev, page: page > 1 ? page : undefined })}>
      {children}
    </Link>
  );
}
