// Charges in cents as people read a bill: "$3.00", "$0.97" — with their cents, unlike the sales
// figures' whole amounts (contract formatMoney).

const formatters = new Map<string, Intl.NumberFormat>();

/** "$3.00" for 300 USD cents; an unknown currency code falls back to USD. */
export function formatCents(cents: number, currency = "USD"): string {
  const code = /^[A-Z]{3}$/.test(currency) ? currency : "USD";
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", { style: "currency", currency: code });
    formatters.set(code, formatter);
  }
  return formatter.format((Number.isFinite(cents) ? cents : 0) / 100);
}
