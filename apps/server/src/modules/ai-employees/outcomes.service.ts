import {
  type BusinessHours,
  businessSecondsBetween,
  EMPTY_OUTCOME_FIGURES,
  type EmployeeOutcomes,
  median,
  type OutcomeComparison,
  type OutcomeFigures,
  type OutcomeMedians,
  type Period,
  reportBucketDates,
  reportBucketFor,
  sumOutcomeFigures,
  type WorkforceOutcomes,
} from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { findCompanyClock } from "#server/modules/companies/index.ts";
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
  ticketCloses,
  ticketFigures,
} from "./outcomes.repository.ts";

type Half = "present" | "past";
type Counted = Omit<OutcomeFigures, keyof OutcomeMedians>;
type Halves<T> = Record<Half, T>;
/** Per employee, the raw values each median is taken from (a group's median needs all of them). */
type Samples = Map<string, Halves<Record<keyof OutcomeMedians, number[]>>>;

const halfOf = (present: boolean): Half => (present ? "present" : "past");

const wirePeriod = (period: Period) => ({
  frame: period.frame,
  start: period.start.toISOString(),
  end: period.end.toISOString(),
  previousStart: period.previousStart.toISOString(),
});

/**
 * Every figure of every employee in scope, both halves, keyed by employee id, plus the raw values
 * behind the medians (first-reply waits, times to close): medians of a group must come from its
 * values, not from its members' medians.
 */
async function figuresByEmployee(
  db: Executor,
  scope: { companyId: string; period: Period; aiEmployeeId?: string },
  currency: string,
) {
  const [quoteRows, leadRows, conversationRows, actionRows, runtimeRows, ticketRows, waits, closes, clock] =
    await Promise.all([
      quoteFigures(db, scope, currency),
      leadFigures(db, scope),
      conversationFigures(db, scope),
      actionItemFigures(db, scope),
      runtimeFigures(db, scope),
      ticketFigures(db, scope),
      firstReplyWaits(db, scope),
      ticketCloses(db, scope),
      findCompanyClock(db, scope.companyId),
    ]);
  const byEmployee = new Map<string, Halves<Counted>>();
  const entry = (id: string, present: boolean) => {
    let halves = byEmployee.get(id);
    if (!halves) {
      const { medianFirstReplySeconds: _reply, medianCloseSeconds: _close, ...zero } = EMPTY_OUTCOME_FIGURES;
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
    ...ticketRows,
  ]) {
    Object.assign(entry(aiEmployeeId, present), figures);
  }
  // Closes are one row per ticket: counted here, their times kept for the median.
  for (const { aiEmployeeId, present } of closes) entry(aiEmployeeId, present).ticketsClosed += 1;
  const samples: Samples = new Map();
  const add = (median: keyof OutcomeMedians, rows: { aiEmployeeId: string; present: boolean; seconds: number }[]) => {
    for (const { aiEmployeeId, present, seconds } of rows) {
      let halves = samples.get(aiEmployeeId);
      if (!halves) {
        const empty = () => ({ medianFirstReplySeconds: [], medianCloseSeconds: [] });
        halves = { present: empty(), past: empty() };
        samples.set(aiEmployeeId, halves);
      }
      halves[halfOf(present)][median].push(seconds);
    }
  };
  add("medianFirstReplySeconds", onTheTeamsClock(clock, waits));
  add("medianCloseSeconds", closes);
  return { byEmployee, samples };
}

/**
 * First-reply waits as the customer's team counts them: with business hours, only the time the team
 * was in (a message on Saturday answered on Monday at 9:05 waited 5 minutes); without, every second.
 */
function onTheTeamsClock<W extends { seconds: number; askedAt: number }>(
  { timeZone, businessHours }: { timeZone: string; businessHours: BusinessHours | null },
  waits: W[],
): W[] {
  if (!businessHours) return waits;
  return waits.map((wait) => {
    const asked = new Date(wait.askedAt * 1000);
    const replied = new Date(asked.getTime() + wait.seconds * 1000);
    return { ...wait, seconds: businessSecondsBetween(businessHours, timeZone, asked, replied) };
  });
}

/** The comparison of a group of employees: their counts added up, each median over all their values. */
function comparisonOf(
  ids: readonly string[],
  byEmployee: Map<string, Halves<Counted>>,
  samples: Samples,
): OutcomeComparison {
  const half = (which: Half): OutcomeFigures => {
    const rows = ids.map((id) => byEmployee.get(id)?.[which]).filter((row) => row !== undefined);
    const medianOf = (key: keyof OutcomeMedians) => median(ids.flatMap((id) => samples.get(id)?.[which][key] ?? []));
    return sumOutcomeFigures(
      rows.map((row) => ({ ...row, medianFirstReplySeconds: null, medianCloseSeconds: null })),
      {
        medianFirstReplySeconds: medianOf("medianFirstReplySeconds"),
        medianCloseSeconds: medianOf("medianCloseSeconds"),
      },
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
  const [employees, departments, { byEmployee, samples }] = await Promise.all([
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
      ...comparisonOf([employee.id], byEmployee, samples),
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
            samples,
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
  const [{ byEmployee, samples }, quoteBuckets, conversationBuckets] = await Promise.all([
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
    ...comparisonOf([aiEmployeeId], byEmployee, samples),
    series: reportBucketDates(period, bucket).map((date) => ({
      date,
      revenueCents: quotesOn.get(date)?.revenueCents ?? 0,
      orders: quotesOn.get(date)?.orders ?? 0,
      conversations: conversationsOn.get(date) ?? 0,
    })),
  };
}
