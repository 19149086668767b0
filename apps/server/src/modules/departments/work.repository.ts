import {
  DEPARTMENT_WORK_LIMIT,
  OPEN_QUOTE_STATES,
  PLACED_ORDER_STATES,
  RETENTION_LAPSED_DAYS,
  UNPAID_ORDER_STATES,
} from "@foreman/contract";
import { and, asc, count, desc, eq, inArray, lt, max, ne, notInArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { aiEmployees, conversations, customers, leads, quotes, tasks } from "#server/db/schema/index.ts";

// The department screens' lists. A department's work is what its AI employees have open; collections
// and retention work on the whole company's orders and customers.

const employee = { id: aiEmployees.id, name: aiEmployees.name };

/** Employees of the department, joined on the row's ai_employee_id, inside the company. */
const ofDepartment = (companyId: string, departmentId: string) =>
  and(eq(aiEmployees.companyId, companyId), eq(aiEmployees.departmentId, departmentId));

async function withTotal<T>(items: Promise<T[]>, total: Promise<{ n: number }[]>) {
  const [rows, [counted]] = await Promise.all([items, total]);
  return { total: counted?.n ?? 0, items: rows };
}

export function openLeadsOf(db: Executor, companyId: string, departmentId: string) {
  const where = and(eq(leads.companyId, companyId), notInArray(leads.stage, ["won", "lost"]));
  const join = and(eq(aiEmployees.id, leads.aiEmployeeId), ofDepartment(companyId, departmentId));
  const items = db
    .select({
      id: leads.id,
      personName: leads.personName,
      companyName: leads.companyName,
      stage: leads.stage,
      channel: leads.channel,
      dealSizeCents: leads.dealSizeCents,
      currency: leads.currency,
      conversationId: leads.conversationId,
      aiEmployee: employee,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .innerJoin(aiEmployees, join)
    .where(where)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(DEPARTMENT_WORK_LIMIT);
  return withTotal(items, db.select({ n: count() }).from(leads).innerJoin(aiEmployees, join).where(where));
}

export function openQuotesOf(db: Executor, companyId: string, departmentId: string) {
  const where = and(
    eq(quotes.companyId, companyId),
    eq(quotes.isTest, false),
    inArray(quotes.state, [...OPEN_QUOTE_STATES]),
  );
  const join = and(eq(aiEmployees.id, quotes.aiEmployeeId), ofDepartment(companyId, departmentId));
  const items = db
    .select({
      id: quotes.id,
      number: quotes.number,
      state: quotes.state,
      totalCents: quotes.totalCents,
      currency: quotes.currency,
      customerName: customers.fullName,
      aiEmployee: employee,
      createdAt: quotes.createdAt,
    })
    .from(quotes)
    .innerJoin(aiEmployees, join)
    .leftJoin(customers, eq(customers.id, quotes.customerId))
    .where(where)
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(DEPARTMENT_WORK_LIMIT);
  return withTotal(items, db.select({ n: count() }).from(quotes).innerJoin(aiEmployees, join).where(where));
}

export function openConversationsOf(db: Executor, companyId: string, departmentId: string) {
  const where = and(
    eq(conversations.companyId, companyId),
    eq(conversations.isTest, false),
    ne(conversations.status, "resolved"),
  );
  const join = and(eq(aiEmployees.id, conversations.aiEmployeeId), ofDepartment(companyId, departmentId));
  const items = db
    .select({
      id: conversations.id,
      displayId: conversations.displayId,
      customerName: customers.fullName,
      channel: conversations.channel,
      status: conversations.status,
      handledBy: conversations.handledBy,
      aiEmployee: employee,
      lastActivityAt: conversations.lastActivityAt,
    })
    .from(conversations)
    .innerJoin(aiEmployees, join)
    .leftJoin(customers, eq(customers.id, conversations.customerId))
    .where(where)
    .orderBy(desc(conversations.lastActivityAt), desc(conversations.id))
    .limit(DEPARTMENT_WORK_LIMIT);
  return withTotal(items, db.select({ n: count() }).from(conversations).innerJoin(aiEmployees, join).where(where));
}

export function openActionItemsOf(db: Executor, companyId: string, departmentId: string) {
  const where = and(eq(tasks.companyId, companyId), eq(tasks.state, "to_do"));
  const join = and(eq(aiEmployees.id, tasks.aiEmployeeId), ofDepartment(companyId, departmentId));
  const items = db
    .select({
      id: tasks.id,
      title: tasks.title,
      actionType: tasks.actionType,
      dueAt: tasks.dueAt,
      aiEmployee: employee,
      createdAt: tasks.createdAt,
    })
    .from(tasks)
    .innerJoin(aiEmployees, join)
    .where(where)
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(DEPARTMENT_WORK_LIMIT);
  return withTotal(items, db.select({ n: count() }).from(tasks).innerJoin(aiEmployees, join).where(where));
}

const unpaid = (companyId: string) =>
  and(eq(quotes.companyId, companyId), eq(quotes.isTest, false), inArray(quotes.state, [...UNPAID_ORDER_STATES]));

/** Placed orders not yet won, oldest first (the id breaks ties, so pages never repeat a row). */
export function listUnpaidOrders(db: Executor, companyId: string, limit: number, offset: number) {
  return db
    .select({
      id: quotes.id,
      number: quotes.number,
      state: quotes.state,
      totalCents: quotes.totalCents,
      currency: quotes.currency,
      customerName: customers.fullName,
      aiEmployeeId: aiEmployees.id,
      aiEmployeeName: aiEmployees.name,
      createdAt: quotes.createdAt,
    })
    .from(quotes)
    .leftJoin(customers, eq(customers.id, quotes.customerId))
    .leftJoin(aiEmployees, eq(aiEmployees.id, quotes.aiEmployeeId))
    .where(unpaid(companyId))
    .orderBy(asc(quotes.createdAt), asc(quotes.id))
    .limit(limit)
    .offset(offset);
}

/** How many orders are unpaid, and their sum in `currency`. */
export async function unpaidOrdersSummary(db: Executor, companyId: string, currency: string) {
  const [row] = await db
    .select({
      total: count(),
      outstandingCents:
        sql<number>`coalesce(sum(${quotes.totalCents}) filter (where ${eq(quotes.currency, currency)}), 0)::float8`.mapWith(
          Number,
        ),
    })
    .from(quotes)
    .where(unpaid(companyId));
  return row!;
}

/**
 * Customers with a placed order and none placed since `now` − RETENTION_LAPSED_DAYS. Grouped once per
 * customer; the lifetime value counts completed orders in `currency`.
 */
function lapsedCustomers(db: Executor, companyId: string, currency: string, now: Date) {
  const since = new Date(now.getTime() - RETENTION_LAPSED_DAYS * 86_400_000);
  const lastOrderAt = max(quotes.createdAt);
  const wonInCurrency = and(eq(quotes.state, "completed"), eq(quotes.currency, currency)) as SQL;
  return db
    .select({
      customerId: sql<string>`${quotes.customerId}`.as("customer_id"),
      lifetimeValueCents:
        sql<number>`coalesce(sum(${quotes.totalCents}) filter (where ${wonInCurrency}), 0)::float8`.as(
          "lifetime_value_cents",
        ),
      orders: sql<number>`count(*)::int`.as("orders"),
      lastOrderAt: sql<Date>`${lastOrderAt}`.as("last_order_at"),
    })
    .from(quotes)
    .where(
      and(
        eq(quotes.companyId, companyId),
        inArray(quotes.state, [...PLACED_ORDER_STATES]),
        sql`${quotes.customerId} is not null`,
      ),
    )
    .groupBy(quotes.customerId)
    .having(lt(lastOrderAt, since))
    .as("lapsed");
}

export function listLapsedCustomers(
  db: Executor,
  companyId: string,
  currency: string,
  now: Date,
  limit: number,
  offset: number,
) {
  const lapsed = lapsedCustomers(db, companyId, currency, now);
  return db
    .select({
      id: customers.id,
      fullName: customers.fullName,
      organization: customers.organization,
      email: customers.email,
      phone: customers.phone,
      lifetimeValueCents: sql<number>`${lapsed.lifetimeValueCents}`.mapWith(Number),
      orders: sql<number>`${lapsed.orders}`.mapWith(Number),
      lastOrderAt: sql<string>`${lapsed.lastOrderAt}`.mapWith((value) => new Date(value)),
    })
    .from(lapsed)
    .innerJoin(customers, and(eq(customers.id, lapsed.customerId), eq(customers.companyId, companyId)))
    .orderBy(desc(lapsed.lifetimeValueCents), desc(lapsed.lastOrderAt), asc(customers.id))
    .limit(limit)
    .offset(offset);
}

export async function countLapsedCustomers(db: Executor, companyId: string, currency: string, now: Date) {
  const [row] = await db.select({ n: count() }).from(lapsedCustomers(db, companyId, currency, now));
  return row?.n ?? 0;
}
