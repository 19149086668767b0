// What an approval approves, and whether the quote still is that. An authorize item records the quote as
// staff saw it when it was raised; authorizing applies only while the quote is unchanged and still open.
import { canTransition } from "./order.ts";

/** Whether the quote is still open to the AI's changes and to an approval (`QUOTE_TRANSITIONS.revise`). */
export function isChangeableQuote(state: string | null | undefined): boolean {
  return canTransition(state, "revise");
}

/** The quote as it was when an approval was asked for. `version` counts every change of lines, money or state. */
export type QuoteSnapshot = { version: number; totalCents: number; currency: string; discountPercent: number };

/** The quote as it is now (null when it no longer exists). */
export type CurrentQuote = QuoteSnapshot & { state: string };

/** Why an approval no longer matches its quote: the first difference that matters to a person. */
export type ApprovalDrift =
  | { kind: "gone" }
  | { kind: "state"; state: string }
  | { kind: "total"; from: number; to: number; fromCurrency: string; toCurrency: string }
  | { kind: "discount"; from: number; to: number }
  | { kind: "version" };

/** Null when `current` is still what was approved and still open; else why not. */
export function approvalDrift(approved: QuoteSnapshot, current: CurrentQuote | null): ApprovalDrift | null {
  if (!current) return { kind: "gone" };
  if (!isChangeableQuote(current.state)) return { kind: "state", state: current.state };
  if (current.totalCents !== approved.totalCents || current.currency !== approved.currency)
    return {
      kind: "total",
      from: approved.totalCents,
      to: current.totalCents,
      fromCurrency: approved.currency,
      toCurrency: current.currency,
    };
  if (current.discountPercent !== approved.discountPercent)
    return { kind: "discount", from: approved.discountPercent, to: current.discountPercent };
  // Same money but other lines (or any other change): still not what staff looked at.
  if (current.version !== approved.version) return { kind: "version" };
  return null;
}

const STATE_WORDS: Record<string, string> = {
  cancelled: "it was cancelled",
  confirmed: "it was already confirmed",
  pending: "it is already an order",
  started: "it is already an order",
  completed: "it is already a completed order",
};

/**
 * What staff read on a task that resolved as changed since it was raised: "Q-1301 changed after this was
 * raised (total CLP 1,530,000 → CLP 15,300,000); nothing was confirmed."
 */
export function approvalDriftReason(
  quoteNumber: number | null,
  drift: ApprovalDrift,
  action: "confirmed" | "discounted",
  formatMoney: (cents: number, currency: string) => string,
): string {
  const quote = quoteNumber === null ? "The quote" : `Q-${quoteNumber}`;
  const nothing = action === "confirmed" ? "nothing was confirmed" : "no discount was applied";
  const why = (() => {
    switch (drift.kind) {
      case "gone":
        return "it no longer exists";
      case "state":
        return STATE_WORDS[drift.state] ?? `it is now ${drift.state.replaceAll("_", " ")}`;
      case "total":
        return `total ${formatMoney(drift.from, drift.fromCurrency)} → ${formatMoney(drift.to, drift.toCurrency)}`;
      case "discount":
        return `discount ${drift.from}% → ${drift.to}%`;
      case "version":
        return "its lines changed";
    }
  })();
  return `${quote} changed after this was raised (${why}); ${nothing}.`;
}
