import type { BillingLine } from "./billing-line.ts";

// What a phone number costs in a month: its monthly price charged per day. In a month of D days a
// number active on d of them costs round(monthly × d / D) cents. Days are UTC calendar days, from the
// day it was bought (inclusive) to the day it was released (exclusive); bought and released on the
// same day is still one day. Each line is rounded on its own and an invoice is the sum of its lines,
// so what a customer reads adds up.

const DAY_MS = 86_400_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** A billing period: a UTC calendar month, first and last day as YYYY-MM-DD, and its length. */
export type BillingPeriod = { periodStart: string; periodEnd: string; days: number };

/** A number as billing sees it: who it is, what it costs a month, and when it was bought and released. */
export type NumberUsage = {
  phoneNumberId: string | null;
  /** E.164, "+15550100123". */
  phoneNumber: string;
  monthlyCostCents: number;
  currency: string;
  purchasedAt: Date | string;
  releasedAt: Date | string | null;
};

/** The UTC day of a moment, YYYY-MM-DD. */
export function utcDay(at: Date | string): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** Days from `a` to `b` (YYYY-MM-DD), whole; negative when `b` is before `a`. */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC month holding `at` (or the month named by a YYYY-MM-DD day). */
export function billingPeriodOf(at: Date | string): BillingPeriod {
  const day = typeof at === "string" && /^\d{4}-\d{2}-\d{2}$/.test(at) ? at : utcDay(at);
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = day.slice(0, 7);
  return { periodStart: `${prefix}-01`, periodEnd: `${prefix}-${String(days).padStart(2, "0")}`, days };
}

/** The month after `period`. */
export function nextBillingPeriod(period: BillingPeriod): BillingPeriod {
  return billingPeriodOf(addDays(period.periodEnd, 1));
}

/** The closed months (before the one holding `now`) from the month of `since` on, oldest first. */
export function closedPeriodsSince(since: Date | string, now: Date): BillingPeriod[] {
  const current = billingPeriodOf(now).periodStart;
  const periods: BillingPeriod[] = [];
  for (let period = billingPeriodOf(since); period.periodStart < current; period = nextBillingPeriod(period))
    periods.push(period);
  return periods;
}

/** round(monthly × days / daysInMonth): 10 days of a 30-day month at $3.00 is $1.00. */
export function proratedCents(monthlyCents: number, days: number, daysInMonth: number): number {
  return Math.round((monthlyCents * days) / daysInMonth);
}

/**
 * The days of `period` a number is charged for, up to `through` (YYYY-MM-DD, inclusive; the period's end
 * when omitted): from its purchase day (or the period's start) to the day before its release (or the
 * end). Null when it was not held on any of them.
 */
export function chargedDays(
  usage: Pick<NumberUsage, "purchasedAt" | "releasedAt">,
  period: BillingPeriod,
  through?: string,
): { from: string; to: string; days: number } | null {
  const bought = utcDay(usage.purchasedAt);
  // Released on the day it was bought: that day is still charged.
  const lastHeld = usage.releasedAt === null ? null : addDays(utcDay(usage.releasedAt), -1);
  const lastDay = lastHeld !== null && lastHeld < bought ? bought : lastHeld;
  // YYYY-MM-DD strings order as the days do.
  const from = [bought, period.periodStart].sort()[1]!;
  const to = [period.periodEnd, lastDay ?? period.periodEnd, through ?? period.periodEnd].sort()[0]!;
  if (to < from) return null;
  return { from, to, days: daysBetween(from, to) + 1 };
}

/** "+1 555 010 0123" for a North American number; other countries' E.164 as it is. */
export function billingPhoneText(e164: string): string {
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return nanp ? `+1 ${nanp[1]} ${nanp[2]} ${nanp[3]}` : e164;
}

/** "Nov 10" for 2026-11-10. */
export function shortDayText(day: string): string {
  return `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;
}

/** "Nov 10 – Nov 19 (10 days)", "Nov 10 (1 day)". */
export function chargedDaysText(from: string, to: string, days: number): string {
  const span = from === to ? shortDayText(from) : `${shortDayText(from)} – ${shortDayText(to)}`;
  return `${span} (${days} ${days === 1 ? "day" : "days"})`;
}

/** One number's line in `period` (to `through`, inclusive), or null when it was not held then. */
export function billingLine(usage: NumberUsage, period: BillingPeriod, through?: string): BillingLine | null {
  const charged = chargedDays(usage, period, through);
  if (!charged) return null;
  const phone = billingPhoneText(usage.phoneNumber);
  return {
    phoneNumberId: usage.phoneNumberId,
    description: `${phone} · ${chargedDaysText(charged.from, charged.to, charged.days)}`,
    phoneNumber: usage.phoneNumber,
    from: charged.from,
    to: charged.to,
    days: charged.days,
    amountCents: proratedCents(usage.monthlyCostCents, charged.days, period.days),
    currency: usage.currency,
  };
}

/** Every number's line in `period` (to `through`), by first day then number, and their total. */
export function periodCharges(
  usages: NumberUsage[],
  period: BillingPeriod,
  through?: string,
): { lines: BillingLine[]; totalCents: number } {
  const lines = usages
    .map((usage) => billingLine(usage, period, through))
    .filter((line): line is BillingLine => line !== null)
    .sort((a, b) => a.from.localeCompare(b.from) || a.phoneNumber.localeCompare(b.phoneNumber));
  return { lines, totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0) };
}

/**
 * A computed invoice's number: "FM-", the month (YYYYMM), and the company's short id (the first 8 hex
 * digits of its id, upper case), e.g. "FM-202611-3F2A9C01". The same month of the same company always
 * has the same number; Stripe's invoices keep Stripe's numbers.
 */
export function computedInvoiceNumber(companyId: string, periodStart: string): string {
  const short = companyId.replace(/-/g, "").slice(0, 8).toUpperCase();
  return `FM-${periodStart.slice(0, 4)}${periodStart.slice(5, 7)}-${short}`;
}
