// Amounts of money as decimal text in currency units, as CSV cells and form fields write them.

/** Cents as a decimal in currency units: 150000 → "1500.00". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A decimal in currency units as cents ("1500", "1500.5", "1,500.00" is not accepted), or null. */
export function decimalToCents(text: string): number | null {
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}
