import { type Period, PLACED_ORDER_STATES, type ReportBucket } from "@foreman/contract";
import { and, count, eq, gte, inArray, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "#server/db/client.ts";
import { agentRuns, aiEmployees, conversations, leads, quotes, tasks, tickets } from "#server/db/schema/index.ts";

// The per-employee figures behind the outcomes endpoints. Each query reads one table over
// [previousStart, end) once, grouped by employee, and splits the two periods with FILTER (as the
// dashboard's indicators do). Rows without an AI employee are left out.

type Scope = { companyId: string; period: Period; aiEmployeeId?: string | undefined };

/** One row per (employee, period half); `present` is false for the previous period. */
const presentOf = (column: PgColumn, period: Period) => sql<boolean>`${column} >= ${period.start}`.mapWith(Boolean);

function inScope(
  table: { companyId: PgColumn; createdAt: PgColumn; aiEmployeeId: PgColumn; isTest?: PgColumn },
  scope: Scope,
): SQL {
  return and(
    eq(table.companyId, scope.companyId),
    // Playground quotes and conversations are staff's tests: never counted.
    table.isTest ? eq(table.isTest, false) : undefined,
    gte(table.createdAt, scope.period.previousStart),
    lt(table.createdAt, scope.period.end),
    scope.aiEmployeeId ? eq(table.aiEmployeeId, scope.aiEmployeeId) : isNotNull(table.aiEmployeeId),
  ) as SQL;
}

/**
 * Seconds from `from` to `to` as float8. date_part, not extract(): extract answers numeric, which is
 * several times slower to compute and to sort (the first-reply medians sort a month of these).
 */
const secondsBetween = (from: PgColumn, to: PgColumn) => sql<number>`date_part('epoch', ${to} - ${from})`;

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** Quotes and orders created, those placed and won, and the revenue won in `currency`. */
export function quoteFigures(db: Executor, scope: Scope, currency: string) {
  const won = eq(quotes.state, "completed");
  return db
    .select({
      aiEmployeeId: sql<string>`${quotes.aiEmployeeId}`,
      present: presentOf(quotes.createdAt, scope.period),
      revenueCents:
        sql<number>`coalesce(sum(${quotes.totalCents}) filter (where ${and(won, eq(quotes.currency, currency))}), 0)::float8`.mapWith(
          Number,
        ),
      quotes: count(),
      orders: countWhere(inArray(quotes.state, [...PLACED_ORDER_STATES])),
      won: countWhere(won),
    })
    .from(quotes)
    .where(inScope(quotes, scope))
    .groupBy(sql`1`, sql`2`);
}

/** Leads created, and those of them won since. */
export function leadFigures(db: Executor, scope: Scope) {
  return db
    .select({
      aiEmployeeId: sql<string>`${leads.aiEmployeeId}`,
      present: presentOf(leads.createdAt, scope.period),
      leads: count(),
      leadsWon: countWhere(eq(leads.stage, "won")),
    })
    .from(leads)
    .where(inScope(leads, scope))
    .groupBy(sql`1`, sql`2`);
}

export function conversationFigures(db: Executor, scope: Scope) {
  return db
    .select({
      aiEmployeeId: sql<string>`${conversations.aiEmployeeId}`,
      present: presentOf(conversations.createdAt, scope.period),
      conversations: count(),
    })
    .from(conversations)
    .where(inScope(conversations, scope))
    .groupBy(sql`1`, sql`2`);
}

/**
 * Conversations started per employee, and the median first reply in plain seconds (for a company
 * without business hours) per employee and per department (over all its employees' conversations, not
 * a median of medians), each for both halves: one scan of the (company, created_at) index, with no row
 * per conversation leaving the database. An employee's row has both ids; a department's has no employee
 * id (and its count is not used: the service adds up its employees').
 */
export function conversationMedians(db: Executor, scope: Scope) {
  const seconds = secondsBetween(conversations.firstCustomerMessageAt, conversations.firstReplyAt);
  return (
    db
      .select({
        aiEmployeeId: sql<string | null>`${conversations.aiEmployeeId}`,
        departmentId: sql<string | null>`${aiEmployees.departmentId}`,
        present: presentOf(conversations.createdAt, scope.period),
        conversations: count(),
        medianFirstReplySeconds: sql<
          number | null
        >`(percentile_cont(0.5) within group (order by ${seconds}) filter (where ${isNotNull(conversations.firstReplyAt)}))::float8`.mapWith(
          Number,
        ),
      })
      .from(conversations)
      .innerJoin(
        aiEmployees,
        and(eq(aiEmployees.id, conversations.aiEmployeeId), eq(aiEmployees.companyId, scope.companyId)),
      )
      .where(inScope(conversations, scope))
      // (department, half, employee) and (department, half) from one sort of the period's conversations.
      .groupBy(sql`2, 3, rollup(1)`)
  );
}

/** Action items raised (handoffs to a human), and those still to do. */
export function actionItemFigures(db: Executor, scope: Scope) {
  return db
    .select({
      aiEmployeeId: sql<string>`${tasks.aiEmployeeId}`,
      present: presentOf(tasks.createdAt, scope.period),
      actionItemsRaised: count(),
      actionItemsOpen: countWhere(eq(tasks.state, "to_do")),
    })
    .from(tasks)
    .where(inScope(tasks, scope))
    .groupBy(sql`1`, sql`2`);
}

/** The agent runtime's replies and hand-offs, by when the run finished; playground runs never count. */
export function runtimeFigures(db: Executor, scope: Scope) {
  const finished = agentRuns.finishedAt;
  return db
    .select({
      aiEmployeeId: sql<string>`${agentRuns.aiEmployeeId}`,
      present: presentOf(finished, scope.period),
      aiReplies: countWhere(isNotNull(agentRuns.replyMessageId)),
      handoffs: countWhere(eq(agentRuns.outcome, "handed_off")),
    })
    .from(agentRuns)
    .innerJoin(conversations, eq(conversations.id, agentRuns.conversationId))
    .where(
      and(
        eq(agentRuns.companyId, scope.companyId),
        eq(conversations.isTest, false),
        gte(finished, scope.period.previousStart),
        lt(finished, scope.period.end),
        scope.aiEmployeeId ? eq(agentRuns.aiEmployeeId, scope.aiEmployeeId) : isNotNull(agentRuns.aiEmployeeId),
      ),
    )
    .groupBy(sql`1`, sql`2`);
}

/** Support tickets opened with the employee as the AI employee involved. */
export function ticketFigures(db: Executor, scope: Scope) {
  return db
    .select({
      aiEmployeeId: sql<string>`${tickets.aiEmployeeId}`,
      present: presentOf(tickets.createdAt, scope.period),
      ticketsOpened: count(),
    })
    .from(tickets)
    .where(inScope(tickets, scope))
    .groupBy(sql`1`, sql`2`);
}

/**
 * Each of the employees' tickets closed in scope (by when it was closed, whenever it was opened), with
 * the seconds from opening to that close: the service counts them and takes the medians. A reopened
 * ticket has no close until it is closed again.
 */
export function ticketCloses(db: Executor, scope: Scope) {
  return db
    .select({
      aiEmployeeId: sql<string>`${tickets.aiEmployeeId}`,
      present: presentOf(tickets.closedAt, scope.period),
      seconds: secondsBetween(tickets.createdAt, tickets.closedAt).mapWith(Number),
    })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, scope.companyId),
        // The status narrows the read to the (company, status) index; closed_at is set exactly when closed.
        eq(tickets.status, "closed"),
        gte(tickets.closedAt, scope.period.previousStart),
        lt(tickets.closedAt, scope.period.end),
        scope.aiEmployeeId ? eq(tickets.aiEmployeeId, scope.aiEmployeeId) : isNotNull(tickets.aiEmployeeId),
      ),
    );
}

/**
 * For each conversation started in scope: seconds from its first customer message to the first
 * message after it from anyone else (the AI employee or staff), and when that first message was sent
 * (epoch seconds: the service counts only business hours when the company has them). Conversations
 * not yet answered are left out. Both times are kept on the conversation by a trigger on messages
 * (migration 0022), so this reads the (company, created_at) index alone, never the messages. The
 * medians are taken from these by the service.
 */
export function firstReplyWaits(db: Executor, scope: Scope) {
  return db
    .select({
      aiEmployeeId: sql<string>`${conversations.aiEmployeeId}`,
      present: presentOf(conversations.createdAt, scope.period),
      seconds: secondsBetween(conversations.firstCustomerMessageAt, conversations.firstReplyAt).mapWith(Number),
      askedAt: sql<number>`date_part('epoch', ${conversations.firstCustomerMessageAt})`.mapWith(Number),
    })
    .from(conversations)
    .where(and(inScope(conversations, scope), isNotNull(conversations.firstReplyAt)));
}

const bucketOf = (column: PgColumn, bucket: ReportBucket) =>
  sql<string>`to_char(date_trunc(${sql.raw(`'${bucket}'`)}, ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;

/** One employee's revenue won and orders placed per bucket of the period; empty buckets are absent. */
export function quotesByBucket(db: Executor, scope: Scope, currency: string, bucket: ReportBucket) {
  const date = bucketOf(quotes.createdAt, bucket);
  const won = and(eq(quotes.state, "completed"), eq(quotes.currency, currency));
  return db
    .select({
      date,
      revenueCents: sql<number>`coalesce(sum(${quotes.totalCents}) filter (where ${won}), 0)::float8`.mapWith(Number),
      orders: countWhere(inArray(quotes.state, [...PLACED_ORDER_STATES])),
    })
    .from(quotes)
    .where(and(inScope(quotes, scope), gte(quotes.createdAt, scope.period.start)))
    .groupBy(sql`1`);
}

/** One employee's conversations started per bucket of the period; empty buckets are absent. */
export function conversationsByBucket(db: Executor, scope: Scope, bucket: ReportBucket) {
  const date = bucketOf(conversations.createdAt, bucket);
  return db
    .select({ date, conversations: count() })
    .from(conversations)
    .where(and(inScope(conversations, scope), gte(conversations.createdAt, scope.period.start)))
    .groupBy(sql`1`);
}

/** Who is on the scoreboard: the company's employees (or one department's), with their department. */
export function listScoreboardEmployees(db: Executor, companyId: string, departmentId?: string) {
  return db
    .select({
      id: aiEmployees.id,
      name: aiEmployees.name,
      role: aiEmployees.role,
      status: aiEmployees.status,
      avatarUrl: aiEmployees.avatarUrl,
      departmentId: aiEmployees.departmentId,
      createdAt: aiEmployees.createdAt,
    })
    .from(aiEmployees)
    .where(
      and(eq(aiEmployees.companyId, companyId), departmentId ? eq(aiEmployees.departmentId, departmentId) : undefined),
    );
}
