import { formatMoney, orderAmount, type UnpaidOrdersPage } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { OrderStatusBadge } from "#web/components/badges/order-status-badge.tsx";
import { AgeChip } from "./age-chip.tsx";
import { ROW_LINK_CLASS, WorkCard } from "./work-card.tsx";
import { type WorkColumn, WorkPages, WorkTable } from "./work-table.tsx";

type UnpaidOrder = UnpaidOrdersPage["orders"][number];

const COLUMNS: readonly WorkColumn<UnpaidOrder>[] = [
  {
    head: "Number",
    className: "tabular-nums",
    cell: (order) => (
      <Link to="/orders/$orderId" params={{ orderId: order.id }} className={ROW_LINK_CLASS}>
        #{order.number}
      </Link>
    ),
  },
  { head: "Customer", className: "max-w-52 truncate", cell: (order) => order.customerName ?? "—" },
  { head: "State", cell: (order) => <OrderStatusBadge state={order.state} /> },
  {
    head: "Total",
    align: "right",
    className: "font-medium tabular-nums",
    cell: (order) => formatMoney(orderAmount(order.totalCents), order.currency),
  },
  { head: "AI employee", className: "text-muted-foreground", cell: (order) => order.aiEmployee?.name ?? "—" },
  { head: "Age", align: "right", cell: (order) => <AgeChip days={order.ageDays} /> },
];

/** Collections' work: every placed, unpaid order, oldest first, with what is owed in all. */
export function CollectionsWork({ data }: { data: UnpaidOrdersPage }) {
  const { orders, total, page, perPage } = data;
  return (
    <WorkCard title="Unpaid orders, oldest first" total={total} testId="unpaid-orders">
      <p className="px-4 pb-2 text-muted-foreground text-sm" data-testid="outstanding">
        {formatMoney(orderAmount(data.outstandingCents), data.currency)} outstanding across {total}{" "}
        {total === 1 ? "order" : "orders"}
      </p>
      <WorkTable
        rows={orders}
        columns={COLUMNS}
        empty="No unpaid orders"
        rowTestId="unpaid-order-row"
        footer={<WorkPages path="/collections" page={page} perPage={perPage} total={total} noun="unpaid orders" />}
      />
    </WorkCard>
  );
}
