import {
  type CreateTicketBody,
  FIRST_PAGE,
  type Member,
  type MessagesPage,
  type ResponsibleInput,
  type SupportSearch,
  type TicketCommentVisibility,
  type TicketDetail,
  type TicketPriority,
  ticketActivitiesSchema,
  ticketClientsSchema,
  ticketDetailSchema,
  ticketsPageSchema,
} from "@foreman/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { isApiError } from "#web/lib/api-error.ts";

// The support desk's calls: the tickets list, one ticket with its activity and its conversation's last
// messages, the staff who can be assigned, the client picker, and every change. The tickets API's answers
// are parsed with the contract's schemas (this module loads with the desk only, so zod stays out of the
// shell). The members' and messages' answers are only typed, as their own screens read them: parsing them
// here would cut the team's and conversations' schema modules out of their screens' chunks into shared
// ones, each named in the preload table the signed-in shell carries.

export const TICKETS_PER_PAGE = 25;
/** How many of the conversation's latest messages the preview shows. */
export const PREVIEW_MESSAGES = 5;

const scoped = (companyId: string) => ({ companyScoped: true as const, companyId });
const ticketPath = (id: string, suffix = ".json") => `/app/tickets/${encodeURIComponent(id)}${suffix}`;

/** The part of the desk's address the list depends on: opening a preview does not refetch it. */
export type TicketsListSearch = Pick<
  SupportSearch,
  "status" | "priority" | "type" | "source" | "responsible" | "tag" | "q" | "sort" | "page"
>;

export function ticketsListSearch(search: SupportSearch): TicketsListSearch {
  const { status, priority, type, source, responsible, tag, q, sort, page } = search;
  return { status, priority, type, source, responsible, tag, q, sort, page };
}

/** The list's wire query; the API's defaults (all, newest first) are left out as the address leaves them out. */
export function ticketsQuery(search: TicketsListSearch) {
  return {
    status: search.status,
    priority: search.priority,
    type: search.type,
    source: search.source,
    responsible: search.responsible,
    tag: search.tag,
    q: search.q,
    sort: search.sort,
    page: search.page ?? FIRST_PAGE,
    perPage: TICKETS_PER_PAGE,
  };
}

export const ticketsKeys = {
  /** Everything the desk shows of tickets: a live event or a change refetches what is on screen. */
  all: (companyId: string) => ["tickets", companyId] as const,
  list: (companyId: string, search: TicketsListSearch) => ["tickets", companyId, "list", search] as const,
  detail: (companyId: string, id: string) => ["tickets", companyId, "detail", id] as const,
  activities: (companyId: string, id: string) => ["tickets", companyId, "detail", id, "activities"] as const,
  messages: (companyId: string, conversationId: string) =>
    ["tickets", companyId, "conversation", conversationId] as const,
  staff: (companyId: string) => ["ticket-staff", companyId] as const,
  clients: (companyId: string, q: string) => ["ticket-clients", companyId, q] as const,
};

/** `GET /app/tickets.json`: one page with the all/open/closed counts of the other filters. */
export function ticketsQueryOptions(companyId: string, search: TicketsListSearch) {
  return queryOptions({
    queryKey: ticketsKeys.list(companyId, search),
    queryFn: async ({ signal }) =>
      ticketsPageSchema.parse(
        await apiRequest<unknown>("/app/tickets.json", { ...scoped(companyId), signal, query: ticketsQuery(search) }),
      ),
  });
}

/** Missing, malformed or another company's: the server answers the same 404. */
export const isTicketNotFound = (error: unknown) => isApiError(error) && error.status === 404;

export function ticketQueryOptions(companyId: string, id: string) {
  return queryOptions({
    queryKey: ticketsKeys.detail(companyId, id),
    queryFn: async ({ signal }) =>
      ticketDetailSchema.parse(await apiRequest<unknown>(ticketPath(id), { ...scoped(companyId), signal })),
  });
}

/** `GET /app/tickets/{id}/activities.json`: every change, comment and note, oldest first. */
export function ticketActivitiesQueryOptions(companyId: string, id: string) {
  return queryOptions({
    queryKey: ticketsKeys.activities(companyId, id),
    queryFn: async ({ signal }) =>
      ticketActivitiesSchema.parse(
        await apiRequest<unknown>(ticketPath(id, "/activities.json"), { ...scoped(companyId), signal }),
      ).activities,
  });
}

/** The conversation's latest messages, oldest to newest (the conversations' own endpoint). */
export function conversationMessagesQueryOptions(companyId: string, conversationId: string) {
  return queryOptions({
    queryKey: ticketsKeys.messages(companyId, conversationId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<MessagesPage>(`/app/conversations/${encodeURIComponent(conversationId)}/messages.json`, {
          ...scoped(companyId),
          signal,
          query: { limit: PREVIEW_MESSAGES },
        })
      ).messages,
  });
}

/** `GET /app/members.json`: the staff a ticket can be assigned to; `you` marks the caller. */
export function staffQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: ticketsKeys.staff(companyId),
    queryFn: async ({ signal }): Promise<Member[]> =>
      (await apiRequest<{ members: Member[] }>("/app/members.json", { ...scoped(companyId), signal })).members,
    staleTime: 60_000,
  });
}

/** `GET /app/tickets/clients.json?q=`: the company's customers for the form's client picker. */
export function ticketClientsQueryOptions(companyId: string, q: string) {
  return queryOptions({
    queryKey: ticketsKeys.clients(companyId, q),
    queryFn: async ({ signal }) =>
      ticketClientsSchema.parse(
        await apiRequest<unknown>("/app/tickets/clients.json", {
          ...scoped(companyId),
          signal,
          query: { q: q || undefined },
        }),
      ).clients,
    staleTime: 30_000,
  });
}

// ---------------------------------------------------------------------------------------------------
// Changes: each answers the ticket as the preview shows it.

async function write(companyId: string, path: string, method: "POST" | "PATCH" | "DELETE", body?: unknown) {
  return ticketDetailSchema.parse(await apiRequest<unknown>(path, { ...scoped(companyId), method, body }));
}

/** `POST /app/tickets.json` → 201 with the new ticket. */
export function createTicket(companyId: string, body: CreateTicketBody): Promise<TicketDetail> {
  return write(companyId, "/app/tickets.json", "POST", body);
}

export function closeTicket(companyId: string, id: string) {
  return write(companyId, ticketPath(id, "/close.json"), "POST", {});
}

export function reopenTicket(companyId: string, id: string) {
  return write(companyId, ticketPath(id, "/reopen.json"), "POST", {});
}

/** A staff member or an AI employee of the company, or nobody (null). */
export function assignTicket(companyId: string, id: string, responsible: ResponsibleInput | null) {
  return write(companyId, ticketPath(id, "/assign.json"), "POST", { responsible });
}

export function changeTicketPriority(companyId: string, id: string, priority: TicketPriority) {
  return write(companyId, ticketPath(id), "PATCH", { priority });
}

/** public: a reply to the client through the conversation's channel; internal: a note only staff see. */
export function commentOnTicket(companyId: string, id: string, body: string, visibility: TicketCommentVisibility) {
  return write(companyId, ticketPath(id, "/comments.json"), "POST", { body, visibility });
}

export function followTicket(companyId: string, id: string, userId: string) {
  return write(companyId, ticketPath(id, "/followers.json"), "POST", { userId });
}

export function unfollowTicket(companyId: string, id: string, userId: string) {
  return write(companyId, ticketPath(id, `/followers/${encodeURIComponent(userId)}.json`), "DELETE");
}

/**
 * After a change: the changed ticket at once, then whatever the desk shows of tickets (the list and its
 * counts, the activity, the conversation's messages after a reply).
 */
export async function afterTicketChange(queryClient: QueryClient, companyId: string, ticket: TicketDetail) {
  queryClient.setQueryData(ticketsKeys.detail(companyId, ticket.id), ticket);
  await queryClient.invalidateQueries({ queryKey: ticketsKeys.all(companyId) });
}
