import type { DepartmentWork, LapsedCustomersPage, UnpaidOrdersPage } from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { findCompanyCurrency } from "#server/modules/sales/index.ts";
import { findDepartment } from "./departments.repository.ts";
import {
  countLapsedCustomers,
  listLapsedCustomers,
  listUnpaidOrders,
  openActionItemsOf,
  openConversationsOf,
  openLeadsOf,
  openQuotesOf,
  unpaidOrdersSummary,
} from "./work.repository.ts";

const DAY_MS = 86_400_000;
const wholeDaysSince = (date: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - date.getTime()) / DAY_MS));
type Paging = { page: number; perPage: number };

/** A department's open work; another company's, an unknown and a malformed id are the same 404. */
export async function getDepartmentWork(
  db: Executor,
  companyId: string,
  departmentId: string,
): Promise<DepartmentWork> {
  const department = isUuid(departmentId) ? await findDepartment(db, companyId, departmentId) : null;
  if (!department) throw httpError(404, "not_found", "Department not found");
  const [leads, openQuotes, conversations, actionItems] = await Promise.all([
    openLeadsOf(db, companyId, departmentId),
    openQuotesOf(db, companyId, departmentId),
    openConversationsOf(db, companyId, departmentId),
    openActionItemsOf(db, companyId, departmentId),
  ]);
  return {
    department,
    leads: { ...leads, items: leads.items.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) },
    openQuotes: {
      ...openQuotes,
      items: openQuotes.items.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    },
    conversations: {
      ...conversations,
      items: conversations.items.map((row) => ({ ...row, lastActivityAt: row.lastActivityAt.toISOString() })),
    },
    actionItems: {
      ...actionItems,
      items: actionItems.items.map((row) => ({
        ...row,
        dueAt: row.dueAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
      })),
    },
  };
}

/** Collections' list: unpaid orders oldest first, with their age and the outstanding sum. */
export async function getUnpaidOrders(
  db: Executor,
  companyId: string,
  { page, perPage }: Paging,
  now = new Date(),
): Promise<UnpaidOrdersPage> {
  const currency = await findCompanyCurrency(db, companyId);
  const [rows, summary] = await Promise.all([
    listUnpaidOrders(db, companyId, perPage, (page - 1) * perPage),
    unpaidOrdersSummary(db, companyId, currency),
  ]);
  return {
    orders: rows.map(({ aiEmployeeId, aiEmployeeName, createdAt, ...order }) => ({
      ...order,
      aiEmployee: aiEmployeeId ? { id: aiEmployeeId, name: aiEmployeeName ?? "" } : null,
      createdAt: createdAt.toISOString(),
      ageDays: wholeDaysSince(createdAt, now),
    })),
    total: summary.total,
    outstandingCents: summary.outstandingCents,
    currency,
    page,
    perPage,
  };
}

/** Retention's list: customers who bought before and not lately, most valuable first. */
export async function getLapsedCustomers(
  db: Executor,
  companyId: string,
  { page, perPage }: Paging,
  now = new Date(),
): Promise<LapsedCustomersPage> {
  const currency = await findCompanyCurrency(db, companyId);
  const [rows, total] = await Promise.all([
    listLapsedCustomers(db, companyId, currency, now, perPage, (page - 1) * perPage),
    countLapsedCustomers(db, companyId, currency, now),
  ]);
  return {
    customers: rows.map(({ lastOrderAt, ...customer }) => ({
      ...customer,
      lastOrderAt: lastOrderAt.toISOString(),
      daysSinceLastOrder: wholeDaysSince(lastOrderAt, now),
    })),
    total,
    currency,
    page,
    perPage,
  };
}
