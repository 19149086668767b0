import { DEFAULT_TIME_FRAME, type DepartmentWork, formatLongDate, formatMoney, orderAmount } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { LeadStageBadge } from "#web/components/badges/lead-stage-badge.tsx";
import { OrderStatusBadge } from "#web/components/badges/order-status-badge.tsx";
import { ROW_LINK_CLASS, WorkCard } from "./work-card.tsx";
import { type WorkColumn, WorkTable } from "./work-table.tsx";

type Leads = DepartmentWork["leads"];
type Quotes = DepartmentWork["openQuotes"];

/** Sales' work: the leads still in play and the quotes waiting on the customer. */
export function SalesWork({ work }: { work: DepartmentWork }) {
  return (
    <div className="grid gap-6">
      <OpenLeads leads={work.leads} />
      <OpenQuotes quotes={work.openQuotes} />
    </div>
  );
}

const LEAD_COLUMNS: readonly WorkColumn<Leads["items"][number]>[] = [
  {
    head: "Person",
    className: "max-w-52 truncate",
    // A lead is worked in its conversation; without one there is nowhere to open.
    cell: (lead) =>
      lead.conversationId ? (
        <Link
          to="/conversations/$conversationId"
          params={{ conversationId: lead.conversationId }}
          className={ROW_LINK_CLASS}
        >
          {lead.personName}
        </Link>
      ) : (
        <span className="font-medium">{lead.personName}</span>
      ),
  },
  { head: "Company", className: "max-w-48 truncate text-muted-foreground", cell: (lead) => lead.companyName ?? "—" },
  { head: "Stage", cell: (lead) => <LeadStageBadge stage={lead.stage} /> },
  {
    head: "Deal size",
    align: "right",
    className: "font-medium tabular-nums",
    cell: (lead) => formatMoney(orderAmount(lead.dealSizeCents), lead.currency),
  },
  { head: "AI employee", className: "text-muted-foreground", cell: (lead) => lead.aiEmployee.name },
  { head: "Created", className: "text-muted-foreground", cell: (lead) => formatLongDate(lead.createdAt) },
];

function OpenLeads({ leads }: { leads: Leads }) {
  return (
    <WorkCard title="Open leads" shown={leads.items.length} total={leads.total} testId="open-leads">
      <WorkTable rows={leads.items} columns={LEAD_COLUMNS} empty="No open leads" rowTestId="lead-row" />
    </WorkCard>
  );
}

const QUOTE_COLUMNS: readonly WorkColumn<Quotes["items"][number]>[] = [
  {
    head: "Number",
    className: "tabular-nums",
    // Numbered as the orders list numbers them.
    cell: (quote) => (
      <Link to="/orders/$orderId" params={{ orderId: quote.id }} className={ROW_LINK_CLASS}>
        #{quote.number}
      </Link>
    ),
  },
  { head: "Customer", className: "max-w-52 truncate", cell: (quote) => quote.customerName ?? "—" },
  { head: "State", cell: (quote) => <OrderStatusBadge state={quote.state} /> },
  {
    head: "Total",
    align: "right",
    className: "font-medium tabular-nums",
    cell: (quote) => formatMoney(orderAmount(quote.totalCents), quote.currency),
  },
  { head: "AI employee", className: "text-muted-foreground", cell: (quote) => quote.aiEmployee.name },
];

function OpenQuotes({ quotes }: { quotes: Quotes }) {
  return (
    <WorkCard
      title="Open quotes"
      shown={quotes.items.length}
      total={quotes.total}
      testId="open-quotes"
      aside={
        <Link to="/orders" search={{ timeFrame: DEFAULT_TIME_FRAME }} className={ROW_LINK_CLASS}>
          All orders
        </Link>
      }
    >
      <WorkTable rows={quotes.items} columns={QUOTE_COLUMNS} empty="No open quotes" rowTestId="quote-row" />
    </WorkCard>
  );
}
