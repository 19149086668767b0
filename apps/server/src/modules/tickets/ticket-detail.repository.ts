import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import {
  activities,
  conversations,
  customers,
  quotes,
  ticketFollowers,
  tickets,
  users,
} from "#server/db/schema/index.ts";
import { assigneeAi, assigneeUser, involvedAi, summaryColumns } from "./tickets.repository.ts";

// One ticket's reads: its preview (links, followers, who opened it) and its activity.

/** The company's ticket with what its preview shows; null when it is not the company's. */
export async function findTicketDetail(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .select({
      ...summaryColumns,
      description: tickets.description,
      conversation: { id: conversations.id, displayId: conversations.displayId, channel: conversations.channel },
      order: { id: quotes.id, number: quotes.number, state: quotes.state },
      createdByType: tickets.createdByType,
      createdByUserId: tickets.createdByUserId,
      createdByAiEmployeeId: tickets.createdByAiEmployeeId,
      createdByName: tickets.createdByName,
    })
    .from(tickets)
    .leftJoin(customers, eq(customers.id, tickets.customerId))
    .leftJoin(assigneeUser, eq(assigneeUser.id, tickets.assigneeUserId))
    .leftJoin(assigneeAi, eq(assigneeAi.id, tickets.assigneeAiEmployeeId))
    .leftJoin(involvedAi, eq(involvedAi.id, tickets.aiEmployeeId))
    .leftJoin(conversations, eq(conversations.id, tickets.conversationId))
    .leftJoin(quotes, eq(quotes.id, tickets.orderId))
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
    .limit(1);
  return row ?? null;
}

/** The company's ticket as stored (no joins); null when it is not the company's. */
export async function findTicketRow(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
    .limit(1);
  return row ?? null;
}

export type TicketDetailRow = NonNullable<Awaited<ReturnType<typeof findTicketDetail>>>;

/** The staff who follow the ticket, with their names and addresses, in the order they started. */
export function listFollowers(db: Executor, ticketId: string) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(ticketFollowers)
    .innerJoin(users, eq(users.id, ticketFollowers.userId))
    .where(eq(ticketFollowers.ticketId, ticketId))
    .orderBy(asc(ticketFollowers.createdAt), asc(ticketFollowers.userId));
}

/** The followers to tell about a change: everyone following but the one who made it. */
export function listFollowersBut(db: Executor, ticketId: string, userId: string | null) {
  return db
    .select({ id: users.id, email: users.email })
    .from(ticketFollowers)
    .innerJoin(users, eq(users.id, ticketFollowers.userId))
    .where(and(eq(ticketFollowers.ticketId, ticketId), userId ? ne(ticketFollowers.userId, userId) : undefined));
}

/**
 * The ticket's entries of the activity log, oldest first. Entries of one change share their time; the
 * opening comes first among them, the rest by id so the order never changes between reads.
 */
export function listTicketActivities(db: Executor, companyId: string, ticketId: string) {
  return db
    .select()
    .from(activities)
    .where(
      and(
        eq(activities.companyId, companyId),
        eq(activities.subjectType, "ticket"),
        eq(activities.subjectId, ticketId),
      ),
    )
    .orderBy(
      asc(activities.createdAt),
      sql`case when ${activities.kind} = 'ticket.created' then 0 else 1 end`,
      asc(activities.id),
    );
}
