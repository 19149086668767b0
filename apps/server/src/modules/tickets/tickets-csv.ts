import {
  formatCsv,
  TICKET_PRIORITY_LABELS,
  TICKET_SOURCE_LABELS,
  TICKET_STATUS_LABELS,
  TICKET_TYPE_LABELS,
  type TicketStatusFilter,
  type TicketSummary,
  ticketDisplayId,
} from "@foreman/contract";
import { and, type SQL, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { tickets } from "#server/db/schema/index.ts";
import { toTicketSummary } from "./ticket-view.ts";
import {
  selectTicketSummaries,
  type TicketSummaryRow,
  type TicketsFilter,
  ticketsOrder,
  ticketsWhere,
} from "./tickets.repository.ts";

// The tickets list as CSV (RFC 4180): every ticket the list's filters match, newest first, read in
// batches along the (company_id[, status], created_at, id) index rather than one unbounded query.
// Text a spreadsheet would run as a formula is written as text (contract formatCsvField).

export const TICKET_CSV_COLUMNS = [
  "ticket_id",
  "subject",
  "status",
  "priority",
  "type",
  "source",
  "client",
  "organization",
  "email",
  "phone",
  "responsible",
  "ai_employee",
  "tags",
  "requested_at",
  "created_at",
  "closed_at",
] as const;

const BATCH = 1000;

function toCsvRow(ticket: TicketSummary): string[] {
  return [
    ticketDisplayId(ticket.number),
    ticket.subject,
    TICKET_STATUS_LABELS[ticket.status],
    TICKET_PRIORITY_LABELS[ticket.priority],
    TICKET_TYPE_LABELS[ticket.type],
    TICKET_SOURCE_LABELS[ticket.source],
    ticket.client?.fullName ?? "",
    ticket.client?.organization ?? "",
    ticket.client?.email ?? "",
    ticket.client?.phone ?? "",
    ticket.responsible?.name ?? "",
    ticket.aiEmployee?.name ?? "",
    ticket.tags.join(";"),
    ticket.requestedAt,
    ticket.createdAt,
    ticket.closedAt ?? "",
  ];
}

/** The CSV text of every ticket matching the filters and status, the header first. */
export async function exportTicketsCsv(db: Executor, filter: TicketsFilter, status: TicketStatusFilter) {
  const parts = [formatCsv([[...TICKET_CSV_COLUMNS]])];
  let afterId: string | null = null;
  for (;;) {
    // Keyset paging: the rows after the last one read, in the list's newest-first order. The last
    // row's time is read in the database, which keeps its microseconds (a JavaScript Date would not).
    const after: SQL | undefined = afterId
      ? sql`(${tickets.createdAt}, ${tickets.id}) < (select t.created_at, t.id from ${tickets} t where t.id = ${afterId})`
      : undefined;
    const rows: TicketSummaryRow[] = await selectTicketSummaries(db)
      .where(and(ticketsWhere(filter, status), after))
      .orderBy(...ticketsOrder("-created_at"))
      .limit(BATCH);
    parts.push(formatCsv(rows.map((row) => toCsvRow(toTicketSummary(row)))));
    if (rows.length < BATCH) break;
    afterId = rows.at(-1)!.id;
  }
  return parts.join("");
}
