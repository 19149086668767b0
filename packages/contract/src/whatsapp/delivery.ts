// What happened to a message sent through an outside channel (WhatsApp), as the channel reports it.
// Statuses only move forward: a "delivered" that arrives after "read" changes nothing.

export const DELIVERY_STATUSES = ["pending", "sent", "delivered", "read", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: "Sending",
  sent: "Sent",
  delivered: "Delivered",
  read: "Read",
  failed: "Not delivered",
};

/** The order statuses may move in; failed is final. */
export const DELIVERY_STATUS_RANK: Record<DeliveryStatus, number> = {
  pending: 0,
  sent: 1,
  delivered: 2,
  read: 3,
  failed: 4,
};

/** The status after `next` arrives: the later of the two in DELIVERY_STATUS_RANK. */
export function advanceDeliveryStatus(current: DeliveryStatus | null, next: DeliveryStatus): DeliveryStatus {
  if (current === null) return next;
  return DELIVERY_STATUS_RANK[next] > DELIVERY_STATUS_RANK[current] ? next : current;
}

export function isDeliveryStatus(value: unknown): value is DeliveryStatus {
  return typeof value === "string" && (DELIVERY_STATUSES as readonly string[]).includes(value);
}
