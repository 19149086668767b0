import {
  conversionPercent,
  formatCount,
  formatMoney,
  type OutcomeComparison,
  type OutcomeFigures,
  orderAmount,
} from "@foreman/contract";
import type { Figure } from "#web/components/figures/figure-card.tsx";
import { formatDurationMinutes } from "#web/lib/format-duration.ts";

// The outcome figures as the screens show them: labels, formats and which way is good. One list, used
// by the employee profile, the department screens and the scoreboard's columns.

export type OutcomeKey =
  | "revenue"
  | "quotes"
  | "orders"
  | "won"
  | "conversion"
  | "conversations"
  | "actionItemsRaised"
  | "actionItemsOpen"
  | "firstReply"
  | "aiReplies"
  | "handoffs"
  | "ticketsOpened"
  | "ticketsClosed"
  | "timeToClose";

type OutcomeDefinition = {
  key: OutcomeKey;
  label: string;
  value: (figures: OutcomeFigures) => number | null;
  format: (value: number | null, currency: string) => string;
  lowerIsBetter?: boolean;
};

const count = (value: number | null) => formatCount(value ?? 0);

/** "42%" (whole percent), "—" when nothing could convert. */
export function formatConversion(value: number | null): string {
  return value === null ? "—" : `${Math.round(value)}%`;
}

/** "42 s" under a minute, then "3 m", "1 h 5 m", "2 d 4 h"; "—" when there is nothing to measure. */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return "—";
  return seconds < 59.5 ? `${Math.round(seconds)} s` : formatDurationMinutes(seconds / 60);
}

/** A first reply's wait; "—" when no conversation has had a reply. */
export const formatFirstReply = formatSeconds;

export const OUTCOME_DEFINITIONS: readonly OutcomeDefinition[] = [
  {
    key: "revenue",
    label: "Revenue won",
    value: (f) => f.revenueCents,
    format: (value, currency) => formatMoney(orderAmount(value), currency),
  },
  { key: "quotes", label: "Quotes", value: (f) => f.quotes, format: count },
  { key: "orders", label: "Orders", value: (f) => f.orders, format: count },
  { key: "won", label: "Won", value: (f) => f.won, format: count },
  { key: "conversion", label: "Lead-to-won", value: conversionPercent, format: formatConversion },
  { key: "conversations", label: "Conversations", value: (f) => f.conversations, format: count },
  {
    key: "actionItemsRaised",
    label: "Action items raised",
    value: (f) => f.actionItemsRaised,
    format: count,
    lowerIsBetter: true,
  },
  {
    key: "actionItemsOpen",
    label: "Still open",
    value: (f) => f.actionItemsOpen,
    format: count,
    lowerIsBetter: true,
  },
  {
    key: "firstReply",
    label: "Median first reply",
    value: (f) => f.medianFirstReplySeconds,
    format: formatFirstReply,
    lowerIsBetter: true,
  },
  { key: "aiReplies", label: "AI replies", value: (f) => f.aiReplies, format: count },
  { key: "handoffs", label: "Handoffs", value: (f) => f.handoffs, format: count, lowerIsBetter: true },
  { key: "ticketsOpened", label: "Tickets opened", value: (f) => f.ticketsOpened, format: count },
  { key: "ticketsClosed", label: "Tickets closed", value: (f) => f.ticketsClosed, format: count },
  {
    key: "timeToClose",
    label: "Median time to close",
    value: (f) => f.medianCloseSeconds,
    format: formatSeconds,
    lowerIsBetter: true,
  },
];

export const outcomeDefinition = (key: OutcomeKey) => OUTCOME_DEFINITIONS.find((d) => d.key === key)!;

/** The cards of a comparison (optionally only some figures), ready for `FigureCard`. */
export function outcomeCards(
  comparison: OutcomeComparison,
  currency: string,
  keys: readonly OutcomeKey[] = OUTCOME_DEFINITIONS.map((d) => d.key),
): (Figure & { key: OutcomeKey })[] {
  return keys.map((key) => {
    const definition = outcomeDefinition(key);
    return {
      key,
      label: definition.label,
      present: definition.value(comparison.present),
      past: definition.value(comparison.past),
      format: (value) => definition.format(value, currency),
      lowerIsBetter: definition.lowerIsBetter,
    };
  });
}
