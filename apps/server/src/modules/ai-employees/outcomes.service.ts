import {
  EMPTY_OUTCOME_FIGURES,
  type EmployeeOutcomes,
  median,
  type OutcomeComparison,
  type OutcomeFigures,
  type Period,
  reportBucketDates,
  reportBucketFor,
  sumOutcomeFigures,
  type WorkforceOutcomes,
} from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { listDepartments } from "#server/modules/departments/index.ts";
import { findCompanyCurrency } from "#server/modules/sales/index.ts";
import { findAiEmployeeRow } from "./ai-employees.service.ts";
import {
  actionItemFigures,
  conversationFigures,
  conversationsByBucket,
  firstReplyWaits,
  leadFigures,
  listScoreboardEmployees,
  quoteFigures,
  quotesByBucket,
  runtimeFigures,
} from "./outcomes.repository.ts";

type Half = "present" | "past";
type Counted = Omit<OutcomeFigures, "medianFirstReplySeconds">;
type Halves<T> = Record<Half, T>;

const halfOf = (present: boolean): Half => (present ? "present" : "past");

const wirePeriod = (period: Period) => ({
  frame: period.frame,
  start: period.start.toISOString(),
  end: period.end.toISOString(),
  previousStart: period.previousStart.toISOString(),
});

/**
 * Every figure of every employee in scope, both halves, keyed by employee id, plus the raw first-reply
 * waits (medians of a group must come from its waits, not from its members' medians).
 */
async function figuresByEmployee(
  db: Executor,
  scope: { companyId: string; period: Period; aiEmployeeId?: string },
  currency: string,
) {
  const [quoteRows, leadRows, conversationRows, actionRows, runtimeRows, waits] = await Promise.all([
    quoteFigures(db, scope, currency),
    leadFigures(db, scope),
    conversationFigures(db, scope),
    actionItemFigures(db, scope),
    runtimeFigures(db, scope),
    firstReplyWaits(db, scope),
  ]);
  const byEmployee = new Map<string, Halves<Counted>>();
  const entry = (id: string, present: boolean) => {
    let halves = byEmployee.get(id);
    if (!halves) {
      const { medianFirstReplySeconds: _, ...zero } = EMPTY_OUTCOME_FIGURES;
      halves = { present: { ...zero }, past: { ...zero } };
      byEmployee.set(id, halves);
    }
    return halves[halfOf(present)];
  };
  for (const { aiEmployeeId, present, ...figures } of [
    ...quoteRows,
    ...leadRows,
    ...conversationRows,
    ...actionRows,
    ...runtimeRows,
  ]) {
    Object.assign(entry(aiEmployeeId, present), figures);
  }
  const waitsByEmployee = new Map<string, Halves<number[]>>();
  for (const { aiEmployeeId, present, seconds } of waits) {
    let halves = waitsByEmployee.get(aiEmployeeId);
    if (!halves) {
      halves = { present: [], past: [] };
      waitsByEmployee.set(aiEmployeeId, halves);
    }
    halves[halfOf(present)].push(seconds);
  }
  return { byEmployee, waits: waitsByEmployee };
}

/** The comparison of a group of employees: their counts added up, the median over all their waits. */
function comparisonOf(
  ids: readonly string[],
  byEmployee: Map<string, Halves<Counted>>,
  waits: Map<string, Halves<number[]>>,
): OutcomeComparison {
  const half = (which: Half): OutcomeFigures => {
    const rows = ids.map((id) => byEmployee.get(id)?.[which]).filter((row) => row !== undefined);
    const seconds = ids.flatMap((id) => waits.get(id)?.[which] ?? []);
    return sumOutcomeFigures(
      rows.map((row) => ({ ...row, medianFirstReplySeconds: null })),
      median(seconds),
    );
  };
  return { present: half("present"), past: half("past") };
}

/** The workforce scoreboard: every employee (or one department's) and every department, with figures. */
export async function getWorkforceOutcomes(
  db: Executor,
  companyId: string,
  period: Period,
  departmentId?: string,
): Promise<WorkforceOutcomes> {
  const currency = await findCompanyCurrency(db, companyId);
  const [employees, departments, { byEmployee, waits }] = await Promise.all([
    listScoreboardEmployees(db, companyId, departmentId),
    listDepartments(db, companyId),
    figuresByEmployee(db, { companyId, period }, currency),
  ]);
  if (departmentId && !departments.some((d) => d.id === departmentId)) {
    throw httpError(404, "not_found", "Department not found");
  }
  const departmentNames = new Map(departments.map((d) => [d.id, d.name]));
  const shown = departmentId ? departments.filter((d) => d.id === departmentId) : departments;
  return {
    currency,
    period: wirePeriod(period),
    employees: employees.map((employee) => ({
      id: employee.id,
      name: employee.name,
      role: employee.role,
      status: employee.status,
      avatarUrl: employee.avatarUrl,
      department: { id: employee.departmentId, name: departmentNames.get(employee.departmentId) ?? "" },
      createdAt: employee.createdAt.toISOString(),
      ...comparisonOf([employee.id], byEmployee, waits),
    })),
    departments: shown
      .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name))
      .map((department) => {
        const members = employees.filter((e) => e.departmentId === department.id);
        return {
          id: department.id,
          name: department.name,
          employees: members.length,
          activeEmployees: members.filter((e) => e.status === "active").length,
          ...comparisonOf(
            members.map((e) => e.id),
            byEmployee,
            waits,
          ),
        };
      }),
  };
}

/** One employee's figures and its revenue, orders and conversations over the period; 404 if not the company's. */
export async function getEmployeeOutcomes(
  db: Executor,
  companyId: string,
  aiEmployeeId: string,
  period: Period,
): Promise<EmployeeOutcomes> {
  await findAiEmployeeRow(db, companyId, aiEmployeeId);
  const scope = { companyId, period, aiEmployeeId };
  const bucket = reportBucketFor(period);
  const currency = await findCompanyCurrency(db, companyId);
  const [{ byEmployee, waits }, quoteBuckets, conversationBuckets] = await Promise.all([
    figuresByEmployee(db, scope, currency),
    quotesByBucket(db, scope, currency, bucket),
    conversationsByBucket(db, scope, bucket),
  ]);
  const quotesOn = new Map(quoteBuckets.map((row) => [row.date, row]));
  const conversationsOn = new Map(conversationBuckets.map((row) => [row.date, row.conversations]));
  return {
    currency,
    period: wirePeriod(period),
    bucket,
    ...comparisonOf([aiEmployeeId], byEmployee, waits),
    series: reportBucketDates(period, bucket).map((date) => ({
      date,
      revenueCents: quotesOn.get(date)?.revenueCents ?? 0,
      orders: quotesOn.get(date)?.orders ?? 0,
      conversations: conversationsOn.get(date) ?? 0,
    })),
  };
}
