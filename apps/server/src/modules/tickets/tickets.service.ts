import {
  TICKET_CLIENTS_LIMIT,
  type TicketActivity,
  type TicketClient,
  type TicketDetail,
  type TicketSort,
  type TicketStatusFilter,
  type TicketsPage,
} from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { findTicketDetail, findTicketRow, listFollowers, listTicketActivities } from "./ticket-detail.repository.ts";
import { toTicketActivity, toTicketDetail, toTicketSummary } from "./ticket-view.ts";
import { ticketNotFound } from "./ticket-writes.ts";
import { countTicketsByStatus, listClients, pageOfTickets, type TicketsFilter } from "./tickets.repository.ts";

export type TicketsListQuery = {
  status: TicketStatusFilter;
  sort: TicketSort;
  page: number;
  perPage: number;
};

/**
 * A page of the company's tickets with the tabs' counts: every ticket the other filters match, per
 * status. The total is the count of the status asked for, so list and tabs always agree.
 */
export async function getTicketsPage(
  db: Executor,
  filter: TicketsFilter,
  query: TicketsListQuery,
): Promise<TicketsPage> {
  const [rows, counts] = await Promise.all([
    pageOfTickets(db, filter, query.status, query.sort, query.perPage, (query.page - 1) * query.perPage),
    countTicketsByStatus(db, filter),
  ]);
  return {
    tickets: rows.map(toTicketSummary),
    total: counts[query.status],
    counts,
    page: query.page,
    perPage: query.perPage,
  };
}

/** One ticket of the company; another company's id, an unknown one and a malformed one are the same 404. */
export async function getTicket(db: Executor, companyId: string, id: string): Promise<TicketDetail> {
  const row = isUuid(id) ? await findTicketDetail(db, companyId, id) : null;
  if (!row) throw ticketNotFound();
  return toTicketDetail(row, await listFollowers(db, row.id));
}

/** The ticket's activity, oldest first; 404 unless the ticket is the company's. */
export async function getTicketActivities(
  db: Executor,
  companyId: string,
  id: string,
): Promise<{ activities: TicketActivity[] }> {
  if (!isUuid(id) || !(await findTicketRow(db, companyId, id))) throw ticketNotFound();
  return { activities: (await listTicketActivities(db, companyId, id)).map(toTicketActivity) };
}

/** The client picker: the company's customers matching `q`, by name, at most TICKET_CLIENTS_LIMIT. */
export async function getClients(
  db: Executor,
  companyId: string,
  q: string | undefined,
): Promise<{ clients: TicketClient[] }> {
  return { clients: await listClients(db, companyId, q || undefined, TICKET_CLIENTS_LIMIT) };
}
