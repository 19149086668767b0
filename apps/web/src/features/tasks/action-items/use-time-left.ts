import { type TimeLeft, timeLeft } from "@foreman/contract";
import { useEffect, useState } from "react";

// The live countdown of an action item: re-rendered only when its label changes.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Wake a little after the boundary, so the label has certainly changed. */
const SLACK_MS = 20;

/**
 * Milliseconds until the `timeLeft` label next changes, or null once expired: every second in the
 * last hour ("12m 05s left"), else at the next whole minute ("2h 05m left"; the day labels are checked
 * as often, which is cheap).
 */
export function nextTickDelay(msLeft: number): number | null {
  if (!(msLeft > 0)) return null;
  const unit = msLeft <= HOUR ? SECOND : MINUTE;
  return (msLeft % unit || unit) + SLACK_MS;
}

/** `timeLeft(dueAt)`, kept current: counts down each second in the last hour, each minute before. */
export function useTimeLeft(dueAt: string): TimeLeft {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const delay = nextTickDelay(timeLeft(dueAt, now).msLeft);
    if (delay === null) return;
    const timer = setTimeout(() => setNow(Date.now()), delay);
    return () => clearTimeout(timer);
  }, [dueAt, now]);
  return timeLeft(dueAt, now);
}
