import {
  type Period,
  parseTicketNumber,
  TICKET_UNASSIGNED,
  type TicketPriority,
  type TicketSort,
  type TicketSource,
  type TicketStatusFilter,
  type TicketType,
} from "@foreman/contract";
import { and, asc, eq, gte, ilike, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "#server/db/client.ts";
import { preparedOnce } from "#server/db/prepared-statements.ts";
import { aiEmployees, customers, tickets, users } from "#server/db/schema/index.ts";
import { descIndexed } from "#server/lib/index-order.ts";

// The tickets list's reads: one query for the page, one for the tabs' three counts, both on the
// (company_id[, status], created_at desc, id desc) indexes.

export type TicketsFilter = {
  companyId: string;
  priority?: TicketPriority | undefined;
  type?: TicketType | undefined;
  source?: TicketSource | undefined;
  /** A staff member's or an AI employee's id, or "none" for the unassigned. */
  responsible?: string | undefined;
  tag?: string | undefined;
  customerId?: string | undefined;
  conversationId?: string | undefined;
  q?: string | undefined;
  /** The created-at range; null for all time. */
  period: Period | null;
};

// `%`, `_` and `\` typed by a person are searched for as themselves.
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The subject, the client's name or organization, or the number ("T-1042", "1042"). */
function searchCondition(companyId: string, q: string): SQL {
  const pattern = likePattern(q);
  const number = parseTicketNumber(q);
  // The clients as a subquery, not a join: the counts read tickets alone.
  const clients = sql`select ${customers.id} from ${customers} where ${customers.companyId} = ${companyId} and (${ilike(customers.fullName, pattern)} or ${ilike(customers.organization, pattern)})`;
  return or(
    number === null ? undefined : eq(tickets.number, number),
    ilike(tickets.subject, pattern),
    sql`${tickets.customerId} in (${clients})`,
  )!;
}

function responsibleCondition(responsible: string): SQL {
  if (responsible === TICKET_UNASSIGNED)
    return and(isNull(tickets.assigneeUserId), isNull(tickets.assigneeAiEmployeeId))!;
  return or(eq(tickets.assigneeUserId, responsible), eq(tickets.assigneeAiEmployeeId, responsible))!;
}

/** Every filter but the status: what the tabs' counts share with the list. */
function filterConditions(filter: TicketsFilter): (SQL | undefined)[] {
  const q = filter.q?.trim();
  return [
    eq(tickets.companyId, filter.companyId),
    filter.priority ? eq(tickets.priority, filter.priority) : undefined,
    filter.type ? eq(tickets.type, filter.type) : undefined,
    filter.source ? eq(tickets.source, filter.source) : undefined,
    filter.responsible ? responsibleCondition(filter.responsible) : undefined,
    filter.tag ? sql`${tickets.tags} @> array[${filter.tag}]::text[]` : undefined,
    filter.customerId ? eq(tickets.customerId, filter.customerId) : undefined,
    filter.conversationId ? eq(tickets.conversationId, filter.conversationId) : undefined,
    q ? searchCondition(filter.companyId, q) : undefined,
    filter.period ? gte(tickets.createdAt, filter.period.start) : undefined,
    filter.period ? lt(tickets.createdAt, filter.period.end) : undefined,
  ];
}

export function ticketsWhere(filter: TicketsFilter, status: TicketStatusFilter): SQL | undefined {
  return and(...filterConditions(filter), status === "all" ? undefined : eq(tickets.status, status));
}

/** How many tickets match every filter but the status: all, open and closed in one pass. */
export async function countTicketsByStatus(db: Executor, filter: TicketsFilter) {
  const [row] = await db
    .select({
      all: sql<number>`count(*)`.mapWith(Number),
      open: sql<number>`count(*) filter (where ${tickets.status} = 'open')`.mapWith(Number),
      closed: sql<number>`count(*) filter (where ${tickets.status} = 'closed')`.mapWith(Number),
    })
    .from(tickets)
    .where(and(...filterConditions(filter)));
  return row!;
}

const priorityRank = sql`case ${tickets.priority} when 'high' then 3 when 'medium' then 2 else 1 end`;

/** The ORDER BY of each sort; the id last, so pages never repeat or skip a row among equals. */
export function ticketsOrder(sort: TicketSort): SQL[] {
  const newest = [descIndexed(tickets.createdAt), descIndexed(tickets.id)];
  switch (sort) {
    case "-created_at":
      return newest;
    case "created_at":
      // The same index read backwards: ASC NULLS FIRST mirrors DESC NULLS LAST.
      return [sql`${tickets.createdAt} asc nulls first`, sql`${tickets.id} asc nulls first`];
    case "-updated_at":
      return [descIndexed(tickets.updatedAt), descIndexed(tickets.id)];
    case "-priority":
      return [sql`${priorityRank} desc`, ...newest];
    case "priority":
      return [sql`${priorityRank} asc`, ...newest];
  }
}

export const assigneeUser = alias(users, "assignee_user");
export const assigneeAi = alias(aiEmployees, "assignee_ai");
export const involvedAi = alias(aiEmployees, "involved_ai");

/** What a row of the list shows, with its client, responsible and AI employee (the joins below). */
export const summaryColumns = {
  id: tickets.id,
  number: tickets.number,
  subject: tickets.subject,
  priority: tickets.priority,
  type: tickets.type,
  status: tickets.status,
  source: tickets.source,
  tags: tickets.tags,
  requestedAt: tickets.requestedAt,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  closedAt: tickets.closedAt,
  client: {
    id: customers.id,
    fullName: customers.fullName,
    organization: customers.organization,
    email: customers.email,
    phone: customers.phone,
  },
  assigneeUser: {
    id: assigneeUser.id,
    firstName: assigneeUser.firstName,
    lastName: assigneeUser.lastName,
    email: assigneeUser.email,
  },
  assigneeAi: { id: assigneeAi.id, name: assigneeAi.name },
  aiEmployee: { id: involvedAi.id, name: involvedAi.name },
};

/** The list's select with its joins (to one row each): the caller adds where, order and limit. */
export function selectTicketSummaries(db: Executor) {
  return db
    .select(summaryColumns)
    .from(tickets)
    .leftJoin(customers, eq(customers.id, tickets.customerId))
    .leftJoin(assigneeUser, eq(assigneeUser.id, tickets.assigneeUserId))
    .leftJoin(assigneeAi, eq(assigneeAi.id, tickets.assigneeAiEmployeeId))
    .leftJoin(involvedAi, eq(involvedAi.id, tickets.aiEmployeeId));
}

export type TicketSummaryRow = Awaited<ReturnType<typeof listTickets>>[number];

/** One page of the list in the sort asked for. */
export function listTickets(
  db: Executor,
  filter: TicketsFilter,
  status: TicketStatusFilter,
  sort: TicketSort,
  limit: number,
  offset: number,
) {
  return selectTicketSummaries(db)
    .where(ticketsWhere(filter, status))
    .orderBy(...ticketsOrder(sort))
    .limit(limit)
    .offset(offset);
}

/** Only the company: no other filter (the desk as it opens, on any tab and sort). */
function companyOnly(filter: TicketsFilter): boolean {
  const { companyId: _company, period, q, ...others } = filter;
  return period === null && !q?.trim() && Object.values(others).every((value) => value === undefined);
}

/**
 * `listTickets`, run as a prepared statement (one per tab and sort) when only the company filters it,
 * as the desk opens; any other filter runs the plain query. Its results are the same.
 */
export function pageOfTickets(
  db: Executor,
  filter: TicketsFilter,
  status: TicketStatusFilter,
  sort: TicketSort,
  limit: number,
  offset: number,
) {
  if (!companyOnly(filter)) return listTickets(db, filter, status, sort, limit, offset);
  const name = `tickets_page_${status}_${sort.replace("-", "desc_")}`;
  const statement = preparedOnce(db, name, (prepared) =>
    selectTicketSummaries(db)
      .where(
        and(
          eq(tickets.companyId, sql.placeholder("companyId")),
          status === "all" ? undefined : eq(tickets.status, status),
        ),
      )
      .orderBy(...ticketsOrder(sort))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(prepared),
  );
  return statement.execute({ companyId: filter.companyId, limit, offset });
}

/** The company's customers for the client picker, by name (case-folded byte order on both engines). */
export function listClients(db: Executor, companyId: string, q: string | undefined, limit: number) {
  const pattern = q ? likePattern(q) : null;
  return db
    .select({
      id: customers.id,
      fullName: customers.fullName,
      organization: customers.organization,
      email: customers.email,
      phone: customers.phone,
    })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, companyId),
        pattern
          ? or(
              ilike(customers.fullName, pattern),
              ilike(customers.organization, pattern),
              ilike(customers.email, pattern),
              ilike(customers.phone, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(sql`lower(${customers.fullName}) collate "C"`, asc(customers.id))
    .limit(limit);
}
