import {
  CHANNEL_LABELS,
  CHANNELS,
  type Channel,
  FUNNEL_STAGES,
  type FunnelStage,
  type OrderState,
  orderStatusLabel,
  type ReportBucket,
  type SalesReports,
} from "@foreman/contract";

// What the reports screen derives from the one answer: funnel conversions, totals, shares, labels.

export const FUNNEL_STAGE_LABELS: Record<FunnelStage, string> = {
  leads: "Leads",
  qualified: "Qualified",
  quoting: "Quoting",
  following_up: "Following up",
  won: "Won",
};

export type FunnelStep = {
  stage: FunnelStage;
  label: string;
  count: number;
  /** Share of the first stage (Leads), 0–1; null when there are no leads. */
  ofFirst: number | null;
  /** Conversion from the step before, 0–1; null for the first step or an empty step before. */
  fromPrevious: number | null;
  previousLabel: string | null;
};

/** part ÷ whole, or null when the whole is empty (no "NaN %" or "∞ %"). */
export function ratio(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/**
 * The funnel's steps in order. A lead counts at every step it reached (contract FUNNEL_STEP_STAGES),
 * so each step holds the next and a conversion is never above 100 %.
 */
export function funnelSteps(funnel: SalesReports["funnel"]): FunnelStep[] {
  const counts = new Map(funnel.map((row) => [row.stage, row.count]));
  const countOf = (stage: FunnelStage) => counts.get(stage) ?? 0;
  const first = countOf(FUNNEL_STAGES[0]);
  return FUNNEL_STAGES.map((stage, index) => {
    const previous = index > 0 ? FUNNEL_STAGES[index - 1] : undefined;
    return {
      stage,
      label: FUNNEL_STAGE_LABELS[stage],
      count: countOf(stage),
      ofFirst: ratio(countOf(stage), first),
      fromPrevious: previous ? ratio(countOf(stage), countOf(previous)) : null,
      previousLabel: previous ? FUNNEL_STAGE_LABELS[previous] : null,
    };
  });
}

/** "64.8%", "100%", "0%", "<0.1%" for a sliver; "—" when there is nothing to measure against. */
export function formatPercent(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return "—";
  if (value > 0 && value < 0.001) return "<0.1%";
  return `${Math.round(value * 1000) / 10}%`;
}

const dayFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });
const SHORT_DAY = dayFormat({ month: "short", day: "numeric" });
const FULL_DAY = dayFormat({ month: "short", day: "numeric", year: "numeric" });
const SHORT_MONTH = dayFormat({ month: "short", year: "numeric" });
const FULL_MONTH = dayFormat({ month: "long", year: "numeric" });

// Buckets are UTC days ("YYYY-MM-DD"), as the server groups them; shown in UTC so a bar never shifts a day.
function bucketDate(date: string): Date | null {
  const value = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(value.getTime()) ? null : value;
}

/** An axis tick: "Nov 3", "Week of Nov 3", "Nov 2026". */
export function formatBucketTick(date: string, bucket: ReportBucket): string {
  const value = bucketDate(date);
  if (!value) return date;
  if (bucket === "month") return SHORT_MONTH.format(value);
  const day = SHORT_DAY.format(value);
  return bucket === "week" ? `Week of ${day}` : day;
}

/** A tooltip or table row, with the year: "Nov 3, 2026", "Week of Nov 3, 2026", "November 2026". */
export function formatBucketLabel(date: string, bucket: ReportBucket): string {
  const value = bucketDate(date);
  if (!value) return date;
  if (bucket === "month") return FULL_MONTH.format(value);
  const day = FULL_DAY.format(value);
  return bucket === "week" ? `Week of ${day}` : day;
}

export function sumOf<T>(rows: readonly T[], value: (row: T) => number): number {
  return rows.reduce((total, row) => total + value(row), 0);
}

export type ChannelShare = { channel: Channel; label: string; count: number; share: number | null };

/** Every channel in the contract's order, with its share of the period's leads. */
export function channelShares(channels: SalesReports["channels"]): ChannelShare[] {
  const counts = new Map(channels.map((row) => [row.channel, row.count]));
  const total = sumOf(channels, (row) => row.count);
  return CHANNELS.map((channel) => {
    const count = counts.get(channel) ?? 0;
    return { channel, label: CHANNEL_LABELS[channel], count, share: ratio(count, total) };
  });
}

/** Orders read in the order they move: drafted, sent, waiting, confirmed, then won or cancelled. */
export const ORDER_STATE_FLOW: readonly OrderState[] = [
  "draft",
  "started",
  "draft_sent",
  "sent",
  "pending",
  "confirmed",
  "completed",
  "cancelled",
];

export type OrderStateRow = { state: OrderState; label: string; count: number; amount: number };

export function orderStateRows(purchaseOrders: SalesReports["purchaseOrders"]): OrderStateRow[] {
  const byState = new Map(purchaseOrders.map((row) => [row.state, row]));
  return ORDER_STATE_FLOW.map((state) => ({
    state,
    label: orderStatusLabel(state),
    count: byState.get(state)?.count ?? 0,
    amount: byState.get(state)?.amount ?? 0,
  }));
}
