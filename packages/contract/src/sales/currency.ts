// Accepted currencies and the fallback rule.

/** The product's accepted list, in the product's order. */
export const ACCEPTED_CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "CAD",
  "AUD",
  "NZD",
  "CHF",
  "JPY",
  "CNY",
  "INR",
  "BRL",
  "ARS",
  "CLP",
  "COP",
  "MXN",
  "PEN",
  "PYG",
  "UYU",
  "VND",
  "ZAR",
] as const;
export type Currency = (typeof ACCEPTED_CURRENCIES)[number];

export const DEFAULT_CURRENCY: Currency = "USD";

/** Exactly one of the accepted codes (upper case, as stored and sent on the wire). */
export function isAcceptedCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (ACCEPTED_CURRENCIES as readonly string[]).includes(value);
}

/**
 * The currency to use for a value that may be missing or odd. USD when absent or shorter than
 * 3 characters. The spec does not say what an unknown 3-letter code gives; we fall back to USD too, so
 * formatting and sums only ever see accepted codes (a stray "XYZ" would make Intl throw or print the
 * raw code). Case and surrounding spaces are forgiven: " eur " reads as EUR.
 */
export function currencyOrDefault(value: unknown): Currency {
  if (typeof value !== "string") return DEFAULT_CURRENCY;
  const code = value.trim().toUpperCase();
  if (code.length < 3) return DEFAULT_CURRENCY;
  return isAcceptedCurrency(code) ? code : DEFAULT_CURRENCY;
}
