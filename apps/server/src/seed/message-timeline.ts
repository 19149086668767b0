// When each message of a seeded conversation was sent.

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export type TimedStep = {
  /** Time after the previous message, before any squeeze. */
  gap: number;
  /** Not earlier than this. */
  notBefore?: number;
};

/**
 * Message times: each step `gap` after the previous (and not before its `notBefore`), starting at
 * `start`. Times that run past `now` are squeezed, order kept, to end a minute before it; only the ones
 * from `keepBefore` on move (the start of today: earlier days stay the same whatever the hour), unless
 * too little time is left, when the whole conversation is squeezed (moved back if it started moments ago).
 */
export function timeline(
  steps: readonly TimedStep[],
  start: number,
  now: number,
  keepBefore = Number.NEGATIVE_INFINITY,
): number[] {
  const times: number[] = [];
  let t = start;
  for (const [index, step] of steps.entries()) {
    t = index === 0 ? start : Math.max(t + Math.max(step.gap, SECOND), step.notBefore ?? 0);
    times.push(t);
  }
  const end = now - MINUTE;
  if (times.at(-1)! <= end) return times;
  const fixed = times.filter((time) => time < keepBefore).length;
  const squeeze = (from: number, floor: number) => {
    const first = times[from]!;
    const span = Math.max(1, times.at(-1)! - first);
    for (let index = from; index < times.length; index++) {
      times[index] = floor + Math.floor(((times[index]! - first) * (end - floor)) / span);
      if (index > 0 && times[index]! <= times[index - 1]!) times[index] = times[index - 1]! + 1;
    }
  };
  const floor = fixed > 0 ? Math.max(times[fixed - 1]! + SECOND, keepBefore) : end;
  if (fixed > 0 && end - floor >= (times.length - fixed) * SECOND) squeeze(fixed, floor);
  else squeeze(0, Math.min(start, end - (times.length - 1) * SECOND));
  return times;
}
