import {
  formatLongDate,
  formatMoney,
  type LapsedCustomersPage,
  orderAmount,
  RETENTION_LAPSED_DAYS,
} from "@foreman/contract";
import { formatDays } from "./age.ts";
import { WorkCard } from "./work-card.tsx";
import { type WorkColumn, WorkPages, WorkTable } from "./work-table.tsx";

type LapsedCustomer = LapsedCustomersPage["customers"][number];

/** A contact detail that may be long: cut to the column, whole in its tooltip. */
function Truncated({ value }: { value: string | null }) {
  if (!value) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="block max-w-48 truncate" title={value}>
      {value}
    </span>
  );
}

const columns = (currency: string): readonly WorkColumn<LapsedCustomer>[] => [
  { head: "Name", className: "max-w-52 truncate font-medium", cell: (customer) => customer.fullName },
  {
    head: "Organization",
    className: "max-w-48 truncate text-muted-foreground",
    cell: (customer) => customer.organization ?? "—",
  },
  {
    head: "Lifetime value",
    align: "right",
    className: "font-medium tabular-nums",
    cell: (customer) => formatMoney(orderAmount(customer.lifetimeValueCents), currency),
  },
  { head: "Orders", align: "right", className: "tabular-nums", cell: (customer) => customer.orders },
  {
    head: "Last order",
    cell: (customer) => (
      <>
        {formatLongDate(customer.lastOrderAt)}
        <span className="block text-muted-foreground text-xs tabular-nums">
          {formatDays(customer.daysSinceLastOrder)} ago
        </span>
      </>
    ),
  },
  { head: "Email", cell: (customer) => <Truncated value={customer.email} /> },
  { head: "Phone", cell: (customer) => <Truncated value={customer.phone} /> },
];

/** Retention's work: customers who bought before and not lately, most valuable first. */
export function RetentionWork({ data }: { data: LapsedCustomersPage }) {
  const { customers, total, page, perPage, currency } = data;
  return (
    <WorkCard title="Customers to win back" total={total} testId="lapsed-customers">
      <p className="px-4 pb-2 text-muted-foreground text-sm">
        No orders in the last {RETENTION_LAPSED_DAYS} days, most valuable first.
      </p>
      <WorkTable
        rows={customers}
        columns={columns(currency)}
        empty="No customers to win back"
        rowTestId="lapsed-customer-row"
        footer={<WorkPages path="/retention" page={page} perPage={perPage} total={total} noun="customers" />}
      />
    </WorkCard>
  );
}
