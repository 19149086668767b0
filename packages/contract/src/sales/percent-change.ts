// Present vs past on the indicator cards.

/**
 * The change from past to present in percent. 0 when the past value is zero or missing, so a
 * card never shows Infinity. The denominator is |past|, so a rise reads as positive even from a
 * negative base.
 */
export function percentChange(present: number | null | undefined, past: number | null | undefined): number {
  if (past === null || past === undefined || past === 0 || !Number.isFinite(past)) return 0;
  const now = present ?? 0;
  if (!Number.isFinite(now)) return 0;
  return ((now - past) / Math.abs(past)) * 100;
}

/** "+12.5%", "+0%", "-3%": a leading + when zero or positive, at most one decimal. */
export function formatPercentChange(value: number): string {
  const rounded = Number.isFinite(value) ? Math.round(value * 10) / 10 : 0;
  // -0.04 rounds to -0, which is zero and so takes the +.
  if (rounded === 0) return "+0%";
  return `${rounded > 0 ? "+" : ""}${rounded}%`;
}
