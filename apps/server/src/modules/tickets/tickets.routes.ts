import {
  assignTicketSchema,
  createTicketSchema,
  MANAGER_ROLE_REQUIRED,
  TICKET_CLIENTS_LIMIT,
  TICKET_SORTS,
  TICKET_UNASSIGNED,
  type TicketsQuery,
  ticketActivitiesSchema,
  ticketClientsQuerySchema,
  ticketClientsSchema,
  ticketCommentSchema,
  ticketDetailSchema,
  ticketFollowerSchema,
  ticketsPageSchema,
  ticketsQuerySchema,
  ticketTransitionSchema,
  updateTicketSchema,
} from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { optionalPeriodOf } from "#server/lib/period-query.ts";
import { companyOf, managerOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import {
  assignTicket,
  closeTicket,
  commentOnTicket,
  createTicket,
  deleteTicket,
  followTicket,
  reopenTicket,
  type TicketCaller,
  type TicketDeps,
  unfollowTicket,
  updateTicket,
} from "./ticket-actions.service.ts";
import type { TicketsFilter } from "./tickets.repository.ts";
import { getClients, getTicket, getTicketActivities, getTicketsPage } from "./tickets.service.ts";
import { exportTicketsCsv } from "./tickets-csv.ts";

const tags = ["support"];
const params = z.object({ id: z.string() });
const followerParams = z.object({ id: z.string(), userId: z.string() });

const FILTERS_NOTE = `status (all | open | closed; all by default), priority, type, source, responsible (a staff member's or an AI employee's id, or ${TICKET_UNASSIGNED}), tag, customer_id, conversation_id, q (the subject, the client's name or organization, or the number: T-1042 or 1042), and the created-at range: relative_date or both q[created_at_gteq] and q[created_at_lteq] (all time without).`;
const ROLES_NOTE =
  "Members may do this; assigning a ticket to anyone but oneself (and unassigning someone else) takes an owner or admin.";
const WRITE_NOTE =
  "Recorded in the ticket's activity; followers other than the caller get a mail; ticket.updated goes out on the event stream. Another company's ticket is a 404.";

/** The list's filters as the repository takes them; the period is checked here (400 naming the field). */
function filterOf(companyId: string, query: TicketsQuery): TicketsFilter {
  return {
    companyId,
    priority: query.priority,
    type: query.type,
    source: query.source,
    responsible: query.responsible,
    tag: query.tag,
    customerId: query.customerId,
    conversationId: query.conversationId,
    q: query.q,
    period: optionalPeriodOf(query),
  };
}

export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: TicketDeps = {
    db: app.db,
    events: app.events,
    queue: app.jobs,
    outbound: app.outbound,
    config: app.config,
  };
  const callerOf = (request: FastifyRequest): TicketCaller => {
    const { id, role } = companyOf(request);
    return { companyId: id, role, userId: request.user!.id };
  };

  app.get(
    "/app/tickets.json",
    {
      // Answered from memory until the company's data changes (plugins/answer-cache.ts).
      config: { cachedAnswer: true },
      schema: {
        tags,
        summary: "The company's support tickets with the all/open/closed counts the other filters match",
        description: `${FILTERS_NOTE} sort: ${TICKET_SORTS.join(", ")} (-created_at by default); page, per_page ≤ 100 (25 by default). total is every ticket the filters match; counts.all/open/closed ignore the status filter, so counts[status] = total.`,
        querystring: ticketsQuerySchema,
        response: { 200: ticketsPageSchema },
      },
    },
    async (request) => {
      const query = request.query;
      return getTicketsPage(app.db, filterOf(companyOf(request).id, query), {
        status: query.status,
        sort: query.sort,
        page: query.page,
        perPage: query.perPage,
      });
    },
  );

  app.post(
    "/app/tickets.json",
    {
      schema: {
        tags,
        summary: "Open a ticket",
        description:
          "subject (3–200), description, priority (medium), type (question), source, tags; the client picked (customer_id) or typed (client: {full_name, email, phone, organization}, a new customer of the company); conversation_id fills the client, the source (its channel) and the AI employee when they are not given; order_id (the client's order); responsible {kind: user | ai_employee, id}: a member may name only themselves. Another company's customer, conversation, order or responsible is a 422 naming the field. Answers 201 with the ticket; ticket.updated goes out on the event stream.",
        body: createTicketSchema,
        response: { 201: ticketDetailSchema, ...errorResponses(403, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await createTicket(deps, callerOf(request), request.body)),
  );

  app.get(
    "/app/tickets/export.csv",
    {
      schema: {
        tags,
        summary: "The tickets the list's filters match, as CSV (RFC 4180), newest first",
        description: `The list's filters: ${FILTERS_NOTE} Every matching ticket, no paging. Text a spreadsheet would run as a formula starts with an apostrophe. Answers text/csv as an attachment named tickets.csv.`,
        querystring: ticketsQuerySchema,
        response: { 200: z.string().describe("The CSV file (text/csv)") },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const csv = await exportTicketsCsv(app.db, filterOf(companyOf(request).id, query), query.status);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="tickets.csv"')
        .send(`\uFEFF${csv}`);
    },
  );

  app.get(
    "/app/tickets/clients.json",
    {
      schema: {
        tags,
        summary: "The company's customers for the ticket form's client picker",
        description: `q: part of the name, organization, email or phone (none lists the first ones). At most ${TICKET_CLIENTS_LIMIT}, by name.`,
        querystring: ticketClientsQuerySchema,
        response: { 200: ticketClientsSchema },
      },
    },
    async (request) => getClients(app.db, companyOf(request).id, request.query.q),
  );

  app.get(
    "/app/tickets/:id.json",
    {
      schema: {
        tags,
        summary: "One ticket with its issue, client, conversation, order, followers and who opened it",
        description: "Another company's ticket, an unknown id and a malformed one all answer 404.",
        params,
        response: { 200: ticketDetailSchema },
      },
    },
    async (request) => getTicket(app.db, companyOf(request).id, request.params.id),
  );

  app.patch(
    "/app/tickets/:id.json",
    {
      schema: {
        tags,
        summary: "Edit a ticket's subject, issue, priority, type, source, tags or order",
        description: `Any of subject, description, priority, type, source, tags, order_id (the client's order, or null). A change that changes nothing is a 422. ${WRITE_NOTE}`,
        params,
        body: updateTicketSchema,
        response: { 200: ticketDetailSchema, ...errorResponses(422) },
      },
    },
    async (request) => updateTicket(deps, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    "/app/tickets/:id.json",
    {
      schema: {
        tags,
        summary: "Delete a ticket (owners and admins)",
        description: `${MANAGER_ROLE_REQUIRED} (403 otherwise). The deletion is recorded in the activity log, which keeps the ticket's history. 204; another company's ticket is a 404.`,
        params,
        response: { 204: z.null(), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      const { id: companyId, role } = managerOf(request);
      await deleteTicket(deps, { companyId, role, userId: request.user!.id }, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/app/tickets/:id/close.json",
    {
      schema: {
        tags,
        summary: "Close an open ticket",
        description: `note: why, optional (an internal note on the entry). A closed ticket is a 422 invalid_transition. ${WRITE_NOTE}`,
        params,
        body: ticketTransitionSchema,
        response: { 200: ticketDetailSchema, ...errorResponses(422) },
      },
    },
    async (request) => closeTicket(deps, callerOf(request), request.params.id, request.body.note),
  );

  app.post(
    "/app/tickets/:id/reopen.json",
    {
      schema: {
        tags,
        summary: "Reopen a closed ticket",
        description: `note: why, optional. An open ticket is a 422 invalid_transition. ${WRITE_NOTE}`,
        params,
        body: ticketTransitionSchema,
        response: { 200: ticketDetailSchema, ...errorResponses(422) },
      },
    },
    async (request) => reopenTicket(deps, callerOf(request), request.params.id, request.body.note),
  );

  app.post(
    "/app/tickets/:id/assign.json",
    {
      schema: {
        tags,
        summary: "Make a staff member or an AI employee responsible for a ticket, or nobody",
        description: `responsible: {kind: user | ai_employee, id} of this company (else 422 naming responsible.id), or null. ${ROLES_NOTE} ${WRITE_NOTE}`,
        params,
        body: assignTicketSchema,
        response: { 200: ticketDetailSchema, ...errorResponses(403, 422) },
      },
    },
    async (request) => assignTicket(deps, callerOf(request), request.params.id, request.body),
  );

  app.get(
    "/app/tickets/:id/activities.json",
    {
      schema: {
        tags,
        summary: "A ticket's activity, oldest first: every change, comment and note with who made it",
        description: "Read from the company's activity log. Another company's ticket is a 404.",
        params,
        response: { 200: ticketActivitiesSchema },
      },
    },
    async (request) => getTicketActivities(app.db, companyOf(request).id, request.params.id),
  );

  app.post(
    "/app/tickets/:id/comments.json",
    {
      schema: {
        tags,
        summary: "Reply to the client through the ticket's conversation, or add an internal note",
        description: `body (1–5000); visibility: internal (a note only staff see; the default) or public (sent to the client through the conversation's channel as a staff reply, which takes the conversation over; a ticket without a conversation is a 422 no_conversation). ${WRITE_NOTE}`,
        params,
        body: ticketCommentSchema,
        response: { 200: ticketDetailSchema, ...errorResponses(409, 422) },
      },
    },
    async (request) => commentOnTicket(deps, callerOf(request), request.params.id, request.body),
  );

  app.post(
    "/app/tickets/:id/followers.json",
    {
      schema: {
        tags,
        summary: "Add a staff member to a ticket's followers",
        description: `user_id: a member of this company (else 422 naming user_id); one who already follows is a 422. Followers get a mail when the ticket is commented, noted, closed, reopened or assigned. ${WRITE_NOTE}`,
        params,
        body: ticketFollowerSchema,
        response: { 200: ticketDetailSchema, ...errorResponses(422) },
      },
    },
    async (request) => followTicket(deps, callerOf(request), request.params.id, request.body.userId),
  );

  app.delete(
    "/app/tickets/:id/followers/:userId.json",
    {
      schema: {
        tags,
        summary: "Remove a staff member from a ticket's followers",
        description: `One who does not follow the ticket is a 404. ${WRITE_NOTE}`,
        params: followerParams,
        response: { 200: ticketDetailSchema },
      },
    },
    async (request) => unfollowTicket(deps, callerOf(request), request.params.id, request.params.userId),
  );
};
