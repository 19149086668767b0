import type { Executor } from "#server/db/client.ts";
import { clientNetworkOf } from "#server/lib/client-network.ts";
import { updateThrottle } from "../throttle.repository.ts";
import type { ThrottleState } from "../throttle-policy.ts";

// How often a reset link may be asked for, counted in `sign_in_throttles` (the database, so the limits
// hold across instances): per address asked for, how many mails go out; per client network, how many
// requests are answered at all. Fixed windows: the first request opens one, the counter starts over
// when it ends.

export const RESET_WINDOW_MS = 15 * 60_000;
/** Mails per address per window: further requests are answered the same, and send nothing. */
export const RESET_MAILS_PER_ADDRESS = 3;
/** Requests per client network per window: further ones get 429. */
export const RESET_REQUESTS_PER_NETWORK = 20;

export const resetEmailKey = (email: string) => `reset:${email}`;
export const resetNetworkKey = (ip: string) => `reset-ip:${clientNetworkOf(ip)}`;

export type Counted = { count: number; retryAfterSeconds: number };

/** One more request in `key`'s window (a new window when the last one ended). */
export async function countRequest(db: Executor, key: string, now: Date): Promise<Counted> {
  const state = await updateThrottle(db, key, now, (current): ThrottleState => {
    const open = current && now.getTime() - current.windowStart.getTime() < RESET_WINDOW_MS;
    return open
      ? { failureCount: current.failureCount + 1, windowStart: current.windowStart, lockedUntil: null }
      : { failureCount: 1, windowStart: now, lockedUntil: null };
  });
  const endsInMs = state.windowStart.getTime() + RESET_WINDOW_MS - now.getTime();
  return { count: state.failureCount, retryAfterSeconds: Math.max(1, Math.ceil(endsInMs / 1000)) };
}
