// Order / quote rules.

export const ORDER_STATES = [
  "confirmed",
  "pending",
  "cancelled",
  "draft_sent",
  "sent",
  "draft",
  "completed",
  "started",
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The only state that counts as a sale on the dashboard and the reports. */
export const SALE_STATE: OrderState = "completed";

/** The states a quote is shown in. */
export const QUOTE_DISPLAY_STATES = [
  "started",
  "draft_sent",
  "sent",
  "completed",
] as const satisfies readonly OrderState[];

export function isOrderState(value: unknown): value is OrderState {
  return typeof value === "string" && (ORDER_STATES as readonly string[]).includes(value);
}

/** completed → "Won"; draft_sent → "Draft sent"; missing or unknown → "Unknown". */
export function orderStatusLabel(state?: string | null): string {
  if (!isOrderState(state)) return "Unknown";
  if (state === "completed") return "Won";
  const words = state.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The order amount in currency units: totalCents / 100. A missing total is 0. */
export function orderAmount(totalCents: number | null | undefined): number {
  return (totalCents ?? 0) / 100;
}

export type TitleLineItem = { productName: string; quantity: number };

/** The first product's name, "{name} x {quantity}" when it was bought more than once, "" with no items. */
export function orderTitle(lineItems: readonly TitleLineItem[] | null | undefined): string {
  const first = lineItems?.[0];
  if (!first) return "";
  return first.quantity > 1 ? `${first.productName} x ${first.quantity}` : first.productName;
}

/**
 * States a cancellation can start from. Every open state qualifies: the order has not been won yet, so
 * stopping it is a status change. `completed` is a won sale (counted in the dashboard's figures and
 * usually paid and delivered): undoing it is a refund or a return, not a cancellation. `cancelled` is
 * already the end state, so cancelling again would be a no-op that hides a client bug.
 */
export const CANCELLABLE_ORDER_STATES = [
  "draft",
  "draft_sent",
  "sent",
  "pending",
  "confirmed",
  "started",
] as const satisfies readonly OrderState[];

export function canCancelOrder(state: string | null | undefined): boolean {
  return typeof state === "string" && (CANCELLABLE_ORDER_STATES as readonly string[]).includes(state);
}

/**
 * Cancellable states of a placed order (no longer just a quote). Cancelling one undoes what an approver
 * agreed to, so it takes an approver too (companies/roles.ts `canApprove`); a quote anyone may drop.
 */
export const APPROVER_ONLY_CANCEL_STATES = ["pending", "confirmed", "started"] as const satisfies readonly OrderState[];

export function cancelNeedsApprover(state: string | null | undefined): boolean {
  return typeof state === "string" && (APPROVER_ONLY_CANCEL_STATES as readonly string[]).includes(state);
}

/** The states this caller may cancel from: every cancellable one for an approver, else only quotes. */
export function cancellableStatesFor(mayApprove: boolean): readonly OrderState[] {
  return mayApprove
    ? CANCELLABLE_ORDER_STATES
    : CANCELLABLE_ORDER_STATES.filter((state) => !cancelNeedsApprover(state));
}

/** Quote states that are still a quote (not yet an order, not cancelled): the AI changes and confirms only these. */
export const CHANGEABLE_QUOTE_STATES = ["draft", "draft_sent", "sent"] as const satisfies readonly OrderState[];

/**
 * Every change of a quote's state, with the states it may start from. The server writes each one as a
 * conditional UPDATE with these states in its condition (modules/orders/quote-transitions.ts), so a
 * quote that moved on meanwhile is left as it is. Sending, revising (new lines or money), discounting
 * and confirming apply only to a quote still open; cancelling to anything not yet won nor cancelled.
 */
export const QUOTE_TRANSITIONS = {
  send: CHANGEABLE_QUOTE_STATES,
  revise: CHANGEABLE_QUOTE_STATES,
  discount: CHANGEABLE_QUOTE_STATES,
  confirm: CHANGEABLE_QUOTE_STATES,
  cancel: CANCELLABLE_ORDER_STATES,
} as const satisfies Record<string, readonly OrderState[]>;

export type QuoteTransition = keyof typeof QUOTE_TRANSITIONS;

/** Whether a quote in `state` may go through `transition`. */
export function canTransition(state: string | null | undefined, transition: QuoteTransition): boolean {
  return typeof state === "string" && (QUOTE_TRANSITIONS[transition] as readonly string[]).includes(state);
}

/** The cancellation preview's notice. */
export const ORDER_CANCELLATION_NOTICE = "Cancellation typically takes 1-2 working days.";

/** The 404 message for an order. */
export function orderNotFoundMessage(id: string): string {
  return `Order ${id} not found`;
}
