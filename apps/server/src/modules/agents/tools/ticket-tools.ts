import {
  parseTicketNumber,
  TICKET_DEFAULTS,
  type TicketStatusFilter,
  ticketDisplayId,
  ticketSourceOfChannel,
} from "@foreman/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { activities, quotes, type Ticket, tickets } from "#server/db/schema/index.ts";
import { isHttpError } from "#server/lib/http-error.ts";
import { descIndexed } from "#server/lib/index-order.ts";
import { changeTicket, mailFollowers, openTicket, type TicketActor, type TicketChange } from "../../tickets/index.ts";
import { type AgentTool, ok, refuse, type ToolEnv, type ToolOutcome } from "./tool.ts";

// An AI employee's support tickets: it opens them for the conversation's own customer, reads only that
// customer's, and adds to, re-prioritizes or closes only theirs. Every write goes through the tickets
// module's writer (`openTicket`, `changeTicket`), so the AI's changes are checked and recorded in the
// activity log exactly as staff's are, with the AI employee as the actor.

/** Tickets one look-up answers. */
const RECENT = 5;

const NO_CUSTOMER =
  "No customer is on file for this conversation, so there is nobody to open a ticket for: use ask_human.";

const actorOf = (env: ToolEnv): TicketActor => {
  const employee = env.context.employee!;
  return { type: "ai_employee", id: employee.id, name: employee.name };
};

/** The customer's order with this number (an order, not a quote still being worked), or null. */
async function findCustomersOrder(db: Executor, companyId: string, customerId: string, number: number) {
  const [order] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.companyId, companyId), eq(quotes.customerId, customerId), eq(quotes.number, number)))
    .limit(1);
  return order ?? null;
}

/** The ticket as the model reads it: the number people say, never the uuid. */
function describeTicket(ticket: Ticket, orderNumber: number | null, conversationId: string) {
  return {
    number: ticketDisplayId(ticket.number),
    subject: ticket.subject,
    status: ticket.status,
    priority: ticket.priority,
    type: ticket.type,
    order_number: orderNumber,
    /** Opened from this very conversation: a follow-up here is most likely about it. */
    from_this_conversation: ticket.conversationId === conversationId,
    opened_on: ticket.createdAt.toISOString().slice(0, 10),
  };
}

async function orderNumberOf(db: Executor, ticket: Ticket): Promise<number | null> {
  if (!ticket.orderId) return null;
  const [order] = await db
    .select({ number: quotes.number })
    .from(quotes)
    .where(and(eq(quotes.companyId, ticket.companyId), eq(quotes.id, ticket.orderId)))
    .limit(1);
  return order?.number ?? null;
}

/** A writer's refusal (a 4xx) as an error the model can read; anything else is a real failure. */
function refusalOf(error: unknown): ToolOutcome {
  if (isHttpError(error) && error.statusCode < 500) {
    const details = error.details?.map((detail) => detail.message).join("; ");
    return refuse(details ? `${error.message}: ${details}.` : `${error.message}.`);
  }
  throw error;
}

/**
 * Opens a ticket for the conversation's customer, tied to the conversation, its source the
 * conversation's channel and its request date the customer's message. One ticket per customer message
 * and order: a run retried after a crash finds the ticket it opened instead of opening a second one,
 * while one message about two orders may open one for each.
 */
export const createTicket: AgentTool<"create_ticket"> = {
  name: "create_ticket",
  async run({ subject, description, type, priority, order_number }, env) {
    const { db, context } = env;
    const customer = context.customer;
    if (!customer) return refuse(NO_CUSTOMER);
    const order =
      order_number === undefined ? null : await findCustomersOrder(db, context.companyId, customer.id, order_number);
    if (order_number !== undefined && !order)
      return refuse(
        `There is no order ${order_number} on this customer's account: check the number with them, or open the ticket without it.`,
      );
    try {
      const { ticket, opened } = await db.transaction(async (tx) => {
        // A retried run waits here for the first and then finds its ticket.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ticket-from:${context.inbound.id}`}))`);
        const [existing] = await tx
          .select()
          .from(tickets)
          .where(
            and(
              eq(tickets.companyId, context.companyId),
              eq(tickets.conversationId, context.conversation.id),
              eq(tickets.createdByType, "ai_employee"),
              eq(tickets.requestedAt, context.inbound.createdAt),
              order ? eq(tickets.orderId, order.id) : isNull(tickets.orderId),
            ),
          )
          .limit(1);
        if (existing) return { ticket: existing, opened: false };
        const created = await openTicket(tx, {
          companyId: context.companyId,
          actor: actorOf(env),
          subject,
          description,
          priority: priority ?? TICKET_DEFAULTS.priority,
          type: type ?? TICKET_DEFAULTS.type,
          source: ticketSourceOfChannel(context.conversation.channel),
          customerId: customer.id,
          conversationId: context.conversation.id,
          orderId: order?.id ?? null,
          aiEmployeeId: context.employee?.id ?? null,
          responsible: null,
          // Like the action items it raises, a ticket from the playground says so.
          tags: context.conversation.isTest ? ["playground"] : [],
          requestedAt: context.inbound.createdAt,
          callNumber: context.conversation.callNumber,
        });
        return { ticket: created, opened: true };
      });
      env.effects.tickets.set(ticket.id, ticket.status);
      return ok({
        ticket: describeTicket(ticket, order_number ?? null, context.conversation.id),
        ...(opened ? {} : { note: "This ticket was already opened for this message." }),
        tell_customer: "the ticket number, and that the team will follow up here",
      });
    } catch (error) {
      return refusalOf(error);
    }
  },
};

/** This customer's tickets, newest first: open ones unless asked otherwise, about one order if named. */
export const findTickets: AgentTool<"find_tickets"> = {
  name: "find_tickets",
  async run({ status, order_number }, { db, context }) {
    const customer = context.customer;
    if (!customer) return ok({ tickets: [], note: "No customer is on file for this conversation." });
    const filter: TicketStatusFilter = status ?? "open";
    const rows = await db
      .select({ ticket: tickets, orderNumber: quotes.number })
      .from(tickets)
      .leftJoin(quotes, and(eq(quotes.id, tickets.orderId), eq(quotes.companyId, tickets.companyId)))
      .where(
        and(
          eq(tickets.companyId, context.companyId),
          eq(tickets.customerId, customer.id),
          filter === "all" ? undefined : eq(tickets.status, filter),
          order_number === undefined ? undefined : eq(quotes.number, order_number),
        ),
      )
      // A customer's tickets are few (read through their index): the number orders two opened at once.
      .orderBy(descIndexed(tickets.createdAt), descIndexed(tickets.number))
      .limit(RECENT);
    const found = rows.map((row) => describeTicket(row.ticket, row.orderNumber, context.conversation.id));
    if (found.length > 0) return ok({ tickets: found });
    const which = filter === "all" ? "" : `${filter} `;
    return ok({
      tickets: found,
      note: `No ${which}tickets for this customer${order_number === undefined ? "" : ` about order ${order_number}`}.`,
    });
  },
};

/** Whether a comment with this customer message's words is already on the ticket (a retried run). */
async function alreadyRelayed(db: Executor, ticket: Ticket, messageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(
      and(
        eq(activities.companyId, ticket.companyId),
        eq(activities.subjectType, "ticket"),
        eq(activities.subjectId, ticket.id),
        sql`${activities.details}->>'messageId' = ${messageId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Changes one of this customer's tickets: the customer's words as a note, its priority, or closing it.
 * A comment on a closed ticket reopens it first (the customer says the problem is back); closing a
 * closed ticket, or only re-prioritizing one, is refused.
 */
export const updateTicket: AgentTool<"update_ticket"> = {
  name: "update_ticket",
  async run({ number, comment, priority, close }, env) {
    const { db, context, effects } = env;
    const customer = context.customer;
    if (!customer) return refuse(NO_CUSTOMER);
    const wanted = typeof number === "number" ? number : parseTicketNumber(number);
    if (wanted === null)
      return refuse(`"${number}" is not a ticket number: use the number find_tickets gives (T-1042).`);
    const label = ticketDisplayId(wanted);
    try {
      const { outcome, changed } = await db.transaction(async (tx) => {
        const [ticket] = await tx
          .select()
          .from(tickets)
          .where(
            and(
              eq(tickets.companyId, context.companyId),
              eq(tickets.customerId, customer.id),
              eq(tickets.number, wanted),
            ),
          )
          .for("update")
          .limit(1);
        // Another customer's ticket reads exactly as one that does not exist.
        if (!ticket) return { outcome: refuse(`There is no ticket ${label} for this customer: use find_tickets.`) };
        const reopening = ticket.status === "closed" && comment !== undefined && !close;
        if (ticket.status === "closed" && !reopening)
          return {
            outcome: refuse(
              close
                ? `${label} is already closed.`
                : `${label} is closed: add what the customer says as a comment to reopen it, or open a new ticket.`,
            ),
          };
        const changes: TicketChange[] = [];
        if (reopening) changes.push({ kind: "reopen", note: "The customer says the problem is back." });
        if (comment !== undefined && !(await alreadyRelayed(tx, ticket, context.inbound.id)))
          // The customer's words, relayed by the AI: a note staff read, tied to the customer's message.
          changes.push({
            kind: "comment",
            body: comment,
            visibility: "internal",
            messageId: context.inbound.id,
            callNumber: context.conversation.callNumber,
          });
        if (priority !== undefined && priority !== ticket.priority)
          changes.push({ kind: "update", fields: { priority } });
        if (close)
          changes.push({
            kind: "close",
            note: comment === undefined ? "The customer confirmed it is solved." : undefined,
          });
        let current = ticket;
        const actor = actorOf(env);
        for (const change of changes) {
          current = await changeTicket(tx, { companyId: context.companyId, ticketId: ticket.id, actor }, change);
          if (env.followerMail) await mailFollowers(tx, env.followerMail, current, actor, change);
        }
        const outcome = ok({
          ticket: describeTicket(current, await orderNumberOf(tx, current), context.conversation.id),
          changed: changes.map((change) => change.kind),
          ...(changes.length === 0 ? { note: "Nothing new: the ticket already had this." } : {}),
        });
        return { outcome, changed: changes.length > 0 ? current : null };
      });
      if (changed) effects.tickets.set(changed.id, changed.status);
      return outcome;
    } catch (error) {
      return refusalOf(error);
    }
  },
};
