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
  conversationMedians,
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

type Clock = { timeZone: string; businessHours: BusinessHours | null };
type ConversationRows =
  | Awaited<ReturnType<typeof conversationFigures>>
  | Awaited<ReturnType<typeof conversationMedians>>;
type FirstReplyWaits = Awaited<ReturnType<typeof firstReplyWaits>>;
/** The company's currency and clock, asked at the start of a request; each statement waits only for what it needs. */
type CompanyFacts = { currency: Promise<string>; clock: Promise<Clock> };
const companyFacts = (db: Executor, companyId: string): CompanyFacts => ({
  currency: findCompanyCurrency(db, companyId),
  clock: findCompanyClock(db, companyId),
});
/** Medians the database took, keyed by employee or department id (see conversationMedians). */
type GroupMedians = Map<string, Halves<number | null>>;

/**
 * Every figure of every employee in scope, both halves, keyed by employee id, plus the raw values
 * behind the medians (first-reply waits, times to close): medians of a group must come from its
 * values, not from its members' medians. Without business hours a wait is plain seconds and the
 * database takes the first-reply medians itself (`replyMedians`): a big company's month is tens of
 * thousands of conversations, too many to ship to the service one row each.
 */
async function figuresByEmployee(
  db: Executor,
  scope: { companyId: string; period: Period; aiEmployeeId?: string },
  company: CompanyFacts,
) {
  // Only the quotes wait for the currency, and only the conversations for the clock: the rest start now.
  const conversationsAndWaits = company.clock.then(
    (clock): Promise<[ConversationRows, FirstReplyWaits]> =>
      clock.businessHours
        ? Promise.all([conversationFigures(db, scope), firstReplyWaits(db, scope)])
        : Promise.all([conversationMedians(db, scope), []]),
  );
  const [quoteRows, leadRows, [conversationRows, waits], actionRows, runtimeRows, ticketRows, closes, clock] =
    await Promise.all([
      company.currency.then((currency) => quoteFigures(db, scope, currency)),
      leadFigures(db, scope),
      conversationsAndWaits,
      actionItemFigures(db, scope),
      runtimeFigures(db, scope),
      ticketFigures(db, scope),
      ticketCloses(db, scope),
      company.clock,
    ]);
  const replyMedians: GroupMedians | null = clock.businessHours ? null : new Map();
  const employeeConversations: { aiEmployeeId: string; present: boolean; conversations: number }[] = [];
  for (const row of conversationRows) {
    const median = "medianFirstReplySeconds" in row ? row.medianFirstReplySeconds : null;
    const groupId = row.aiEmployeeId ?? ("departmentId" in row ? row.departmentId : null);
    if (replyMedians && groupId) {
      const halves = replyMedians.get(groupId) ?? { present: null, past: null };
      halves[halfOf(row.present)] = median;
      replyMedians.set(groupId, halves);
    }
    if (row.aiEmployeeId)
      employeeConversations.push({
        aiEmployeeId: row.aiEmployeeId,
        present: row.present,
        conversations: row.conversations,
      });
  }
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
    ...employeeConversations,
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
  return { byEmployee, samples, replyMedians };
}

/**
 * First-reply waits as the customer's team counts them: with business hours, only the time the team
 * was in (a message on Saturday answered on Monday at 9:05 waited 5 minutes); without, every second.
 */
function onTheTeamsClock<W extends { seconds: number; askedAt: number }>(
  { timeZone, businessHours }: Clock,
  waits: W[],
): W[] {
  if (!businessHours) return waits;
  return waits.map((wait) => {
    const asked = new Date(wait.askedAt * 1000);
    const replied = new Date(asked.getTime() + wait.seconds * 1000);
    return { ...wait, seconds: businessSecondsBetween(businessHours, timeZone, asked, replied) };
  });
}

/**
 * The comparison of a group of employees (one employee, or a department's: `groupId` is its id): their
 * counts added up, each median over all their values, or as the database took it for the group.
 */
function comparisonOf(
  groupId: string,
  ids: readonly string[],
  { byEmployee, samples, replyMedians }: Awaited<ReturnType<typeof figuresByEmployee>>,
): OutcomeComparison {
  const half = (which: Half): OutcomeFigures => {
    const rows = ids.map((id) => byEmployee.get(id)?.[which]).filter((row) => row !== undefined);
    const medianOf = (key: keyof OutcomeMedians) => median(ids.flatMap((id) => samples.get(id)?.[which][key] ?? []));
    return sumOutcomeFigures(
      rows.map((row) => ({ ...row, medianFirstReplySeconds: null, medianCloseSeconds: null })),
      {
        medianFirstReplySeconds: replyMedians
          ? (replyMedians.get(groupId)?.[which] ?? null)
          : medianOf("medianFirstReplySeconds"),
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
  const company = companyFacts(db, companyId);
  const [employees, departments, figures, currency] = await Promise.all([
    listScoreboardEmployees(db, companyId, departmentId),
    listDepartments(db, companyId),
    figuresByEmployee(db, { companyId, period }, company),
    company.currency,
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
      ...comparisonOf(employee.id, [employee.id], figures),
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
            department.id,
            members.map((e) => e.id),
            figures,
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
  const scope = { companyId, period, aiEmployeeId };
  const bucket = reportBucketFor(period);
  const company = companyFacts(db, companyId);
  // The employee's check (a 404 when it is not the company's) runs beside the figures, not before them.
  const [, figures, quoteBuckets, conversationBuckets, currency] = await Promise.all([
    findAiEmployeeRow(db, companyId, aiEmployeeId),
    figuresByEmployee(db, scope, company),
    company.currency.then((currency) => quotesByBucket(db, scope, currency, bucket)),
    conversationsByBucket(db, scope, bucket),
    company.currency,
  ]);
  const quotesOn = new Map(quoteBuckets.map((row) => [row.date, row]));
  const conversationsOn = new Map(conversationBuckets.map((row) => [row.date, row.conversations]));
  return {
    currency,
    period: wirePeriod(period),
    bucket,
    ...comparisonOf(aiEmployeeId, [aiEmployeeId], figures),
    series: reportBucketDates(period, bucket).map((date) => ({
      date,
      revenueCents: quotesOn.get(date)?.revenueCents ?? 0,
      orders: quotesOn.get(date)?.orders ?? 0,
      conversations: conversationsOn.get(date) ?? 0,
    })),
  };
}
