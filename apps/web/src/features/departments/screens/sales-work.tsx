import { DEFAULT_TIME_FRAME, type DepartmentWork, formatLongDate, formatMoney, orderAmount } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { LeadStageBadge } from "#web/components/badges/lead-stage-badge.tsx";
import { OrderStatusBadge } from "#web/components/badges/order-status-badge.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { ROW_LINK_CLASS, WorkCard, WorkEmpty } from "./work-card.tsx";

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

function OpenLeads({ leads }: { leads: Leads }) {
  return (
    <WorkCard title="Open leads" shown={leads.items.length} total={leads.total} testId="open-leads">
      {leads.items.length === 0 ? (
        <WorkEmpty>No open leads</WorkEmpty>
      ) : (
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="pl-4">Person</TableHead>
              <TableHead>Company</TableHead>
              <TableHead>Stage</TableHead>
              <TableHead className="text-right">Deal size</TableHead>
              <TableHead>AI employee</TableHead>
              <TableHead className="pr-4">Created</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {leads.items.map((lead) => (
              <TableRow key={lead.id} data-testid="lead-row">
                <TableCell className="max-w-52 truncate pl-4">
                  {/* A lead is worked in its conversation; without one there is nowhere to open. */}
                  {lead.conversationId ? (
                    <Link
                      to="/conversations/$conversationId"
                      params={{ conversationId: lead.conversationId }}
                      className={ROW_LINK_CLASS}
                    >
                      {lead.personName}
                    </Link>
                  ) : (
                    <span className="font-medium">{lead.personName}</span>
                  )}
                </TableCell>
                <TableCell className="max-w-48 truncate text-muted-foreground">{lead.companyName ?? "—"}</TableCell>
                <TableCell>
                  <LeadStageBadge stage={lead.stage} />
                </TableCell>
                <TableCell className="text-right font-medium tabular-nums">
                  {formatMoney(orderAmount(lead.dealSizeCents), lead.currency)}
                </TableCell>
                <TableCell className="text-muted-foreground">{lead.aiEmployee.name}</TableCell>
                <TableCell className="pr-4 text-muted-foreground">{formatLongDate(lead.createdAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </WorkCard>
  );
}

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
      {quotes.items.length === 0 ? (
        <WorkEmpty>No open quotes</WorkEmpty>
      ) : (
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="pl-4">Number</TableHead>
              <TableHead>Customer</TableHead>
              <TableHead>State</TableHead>
              <TableHead className="text-right">Total</TableHead>
              <TableHead className="pr-4">AI employee</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {quotes.items.map((quote) => (
              <TableRow key={quote.id} data-testid="quote-row">
                <TableCell className="pl-4 tabular-nums">
                  {/* Numbered as the orders list numbers them. */}
                  <Link to="/orders/$orderId" params={{ orderId: quote.id }} className={ROW_LINK_CLASS}>
                    #{quote.number}
                  </Link>
                </TableCell>
                <TableCell className="max-w-52 truncate">{quote.customerName ?? "—"}</TableCell>
                <TableCell>
                  <OrderStatusBadge state={quote.state} />
                </TableCell>
                <TableCell className="text-right font-medium tabular-nums">
                  {formatMoney(orderAmount(quote.totalCents), quote.currency)}
                </TableCell>
                <TableCell className="pr-4 text-muted-foreground">{quote.aiEmployee.name}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </WorkCard>
  );
}
