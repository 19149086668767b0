// Display formats: money, en-US long dates, k/M counts.
import { displayTimeZone } from "../companies/display-time-zone.ts";
import { currencyOrDefault } from "./currency.ts";

export type MoneyFormatOptions = { compact?: boolean };

// Intl formatters are costly to build; one per (currency, style) is enough.
const moneyFormatters = new Map<string, Intl.NumberFormat>();

function moneyFormatter(currency: string, compact: boolean): Intl.NumberFormat {
  const key = `${currency}:${compact ? "c" : "s"}`;
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      ...(compact
        ? { notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 1 }
        : { minimumFractionDigits: 0, maximumFractionDigits: 0 }),
    });
    moneyFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * An amount in currency units (see `orderAmount` for cents): "$1,235" (standard, no decimals) or
 * "$1.2M" (compact). The currency goes through `currencyOrDefault`, so a missing or unknown one is USD.
 */
export function formatMoney(
  amount: number | null | undefined,
  currency?: string | null,
  options: MoneyFormatOptions = {},
): string {
  const value = amount !== null && amount !== undefined && Number.isFinite(amount) ? amount : 0;
  return moneyFormatter(currencyOrDefault(currency), options.compact === true).format(value);
}

const longDateFormatters = new Map<string, Intl.DateTimeFormat>();

// A calendar day ("2026-11-21", a range's bound): the same day in every zone.
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * "November 21, 2026", in the zone given, else the screens' display zone (the selected company's:
 * companies/display-time-zone.ts), else UTC. A calendar day ("2026-11-21") is shown as that day, whatever
 * the zone. "" for a missing or invalid date.
 */
export function formatLongDate(
  date: Date | string | number | null | undefined,
  timeZone: string = displayTimeZone() ?? "UTC",
): string {
  if (date === null || date === undefined || date === "") return "";
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return "";
  const zone = typeof date === "string" && CALENDAR_DAY.test(date) ? "UTC" : timeZone;
  let formatter = longDateFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: zone });
    longDateFormatters.set(zone, formatter);
  }
  return formatter.format(value);
}

// One decimal at most, without a trailing ".0".
function oneDecimal(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** "999", "1k", "1.5k", "2.3M": k from 1,000 and M from 1,000,000; below 1,000 a whole number. */
export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return "0";
  const sign = n < 0 ? "-" : "";
  const abs = Math.abs(n);
  // Decide the unit on the rounded value too, so 999,950 shows as "1M" rather than "1000k".
  if (abs >= 1_000_000 || Math.round(abs / 100) / 10 >= 1000) return `${sign}${oneDecimal(abs / 1_000_000)}M`;
  const whole = Math.round(abs);
  if (whole >= 1000) return `${sign}${oneDecimal(abs / 1000)}k`;
  return whole === 0 ? "0" : `${sign}${whole}`;
}
