import { displayTimeZone, type Message, messageDateTime } from "@foreman/contract";

// What the thread draws, in order: a separator at each new day, and the messages grouped into runs by
// one sender (the avatar and name show once per run, like any chat). Pure, so it is tested on its own.

/** Messages of one sender further apart than this start a new run (their name and avatar again). */
export const RUN_GAP_MS = 5 * 60_000;

export type DayItem = { kind: "day"; key: string; label: string };
export type MessageItem = {
  kind: "message";
  key: string;
  message: Message;
  /** "10:30 AM", or null when the message has no usable time. */
  time: string | null;
  /** "November 21, 2026 at 10:30 AM", for the time's tooltip and assistive technology. */
  dateTime: string | null;
  /** The first of a run: shows the avatar and the sender's name. */
  first: boolean;
  /** The last of a run: the bubble's tail, and more space below. */
  last: boolean;
  /** Whether the time is written beside the bubble: not when the next message of the run shows the same minute. */
  showTime: boolean;
};
export type ThreadItem = DayItem | MessageItem;

// Formatting dates is the costly part of a long thread: each message's labels are worked out once per
// display zone (messages are immutable objects in the query cache, so they key the cache; a new company
// time zone starts a new one).
const labelCaches = new Map<string, WeakMap<Message, ReturnType<typeof messageDateTime>>>();
function localLabels(message: Message) {
  const zone = displayTimeZone() ?? "";
  let labelCache = labelCaches.get(zone);
  if (!labelCache) {
    labelCache = new WeakMap();
    labelCaches.set(zone, labelCache);
  }
  if (!labelCache.has(message)) labelCache.set(message, messageDateTime(message.createdAt));
  return labelCache.get(message)!;
}

const sender = (message: Message) => `${message.senderType}\u0000${message.senderName}`;

export function threadItems(messages: readonly Message[], timeZone?: string): ThreadItem[] {
  const items: ThreadItem[] = [];
  let day: string | null = null;
  let previous: MessageItem | null = null;
  // The time of the latest message that had one (a message without a time stays in its neighbour's run).
  let previousAt: number | null = null;

  for (const message of messages) {
    const labels = timeZone === undefined ? localLabels(message) : messageDateTime(message.createdAt, timeZone);
    const at = labels ? Date.parse(message.createdAt!) : null;
    const newDay = labels !== null && labels.date !== day;
    if (newDay) {
      day = labels.date;
      items.push({ kind: "day", key: `day-${message.id}`, label: labels.date });
    }
    const apart = at !== null && previousAt !== null && at - previousAt > RUN_GAP_MS;
    const first = previous === null || newDay || sender(previous.message) !== sender(message) || apart;
    if (first && previous !== null) previous.last = true;
    // Within a run, one time per minute: the last message of that minute shows it.
    if (!first && previous !== null && previous.time === (labels?.time ?? null)) previous.showTime = false;
    const item: MessageItem = {
      kind: "message",
      key: message.id,
      message,
      time: labels?.time ?? null,
      dateTime: labels ? `${labels.date} at ${labels.time}` : null,
      first,
      last: false,
      showTime: true,
    };
    items.push(item);
    previous = item;
    if (at !== null) previousAt = at;
  }
  if (previous !== null) previous.last = true;
  return items;
}
