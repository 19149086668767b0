// The "time left" of an action item, counting down to its due time.

export type TimeLeft = {
  expired: boolean;
  /** Under an hour left: the UI shows it as urgent. */
  urgent: boolean;
  /** Milliseconds until due (0 once expired). */
  msLeft: number;
  /** "1d 23h left", "2h 05m left", "12m 05s left", "45s left" or "Expired". */
  label: string;
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const two = (n: number) => String(n).padStart(2, "0");

/** A missing or invalid due time counts as expired: such a task cannot be resolved. */
export function timeLeft(dueAt: Date | string | number | null | undefined, now: Date | number = Date.now()): TimeLeft {
  const due = dueAt === null || dueAt === undefined || dueAt === "" ? Number.NaN : new Date(dueAt).getTime();
  const ms = due - (typeof now === "number" ? now : now.getTime());
  if (!Number.isFinite(ms) || ms <= 0) return { expired: true, urgent: false, msLeft: 0, label: "Expired" };
  // Seconds round up, so the label never reads "0s left" while time remains.
  const total = Math.ceil(ms / SECOND) * SECOND;
  const days = Math.floor(total / DAY);
  const hours = Math.floor((total % DAY) / HOUR);
  const minutes = Math.floor((total % HOUR) / MINUTE);
  const seconds = Math.floor((total % MINUTE) / SECOND);
  let label: string;
  if (days > 0) label = `${days}d ${hours}h left`;
  else if (hours > 0) label = `${hours}h ${two(minutes)}m left`;
  else if (minutes > 0) label = `${minutes}m ${two(seconds)}s left`;
  else label = `${seconds}s left`;
  return { expired: false, urgent: ms < HOUR, msLeft: ms, label };
}
