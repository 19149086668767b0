// The keyset cursor of a conversation's message pages: `before` = "<ISO time>|<message id>" of the oldest
// message already shown. Messages are ordered by (created_at, id), so two messages in the same instant
// still page without gaps or repeats.

export type MessageCursor = { createdAt: Date; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;

export function encodeMessageCursor(message: { createdAt: Date | string; id: string }): string {
  const createdAt = message.createdAt instanceof Date ? message.createdAt.toISOString() : message.createdAt;
  return `${createdAt}|${message.id}`;
}

/** The cursor, or null when the text is not one (a malformed `before` is a 400, not an empty page). */
export function parseMessageCursor(text: string | null | undefined): MessageCursor | null {
  if (typeof text !== "string") return null;
  const bar = text.indexOf("|");
  if (bar < 0) return null;
  const time = text.slice(0, bar);
  const id = text.slice(bar + 1);
  if (!ISO.test(time) || !UUID.test(id)) return null;
  const createdAt = new Date(time);
  if (Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, id: id.toLowerCase() };
}
