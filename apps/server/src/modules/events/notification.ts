import type { LiveEvent } from "@foreman/contract";

// The NOTIFY payload of the PostgreSQL bus. PostgreSQL refuses payloads of 8000 bytes or more, and a
// message of 4000 multi-byte characters (or one with many attachments) can exceed that: such an event
// travels slim, with ids only, and the receiving instance reads the rest from the database.

/** Payloads above this many bytes (UTF-8) are sent slim; leaves room under PostgreSQL's 8000-byte limit. */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7000;

/** A slim `message.created`: the ids to read the message back with. */
export type SlimMessageCreated = { type: "message.created"; conversationId: string; messageId: string };
/** What travels in `event`: the whole event, or its slim form. */
export type WireEvent = LiveEvent | SlimMessageCreated;

export type Notification = {
  /** The publishing instance, which has already delivered the event to its own subscribers. */
  origin: string;
  companyId: string;
  event: WireEvent;
  slim: boolean;
};

/** The event's ids only. Only message events can be large; the others are ids already. */
export function slimEvent(event: LiveEvent): WireEvent {
  if (event.type === "message.created") {
    return { type: "message.created", conversationId: event.conversationId, messageId: event.message.id };
  }
  return event;
}

/** The payload for `pg_notify`: the whole event when it fits, else the slim one. */
export function toNotification(origin: string, companyId: string, event: LiveEvent): string {
  const whole = JSON.stringify({ origin, companyId, event, slim: false } satisfies Notification);
  if (Buffer.byteLength(whole, "utf8") <= NOTIFY_PAYLOAD_MAX_BYTES) return whole;
  return JSON.stringify({ origin, companyId, event: slimEvent(event), slim: true } satisfies Notification);
}

/** A payload read back; null for anything this code did not write (another program on the channel). */
export function parseNotification(payload: string): Notification | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { origin, companyId, event, slim } = value as Record<string, unknown>;
  if (typeof origin !== "string" || typeof companyId !== "string" || typeof slim !== "boolean") return null;
  if (typeof event !== "object" || event === null || typeof (event as { type?: unknown }).type !== "string")
    return null;
  return { origin, companyId, event: event as WireEvent, slim };
}
