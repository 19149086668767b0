// Failed sign-in throttling, as pure functions of the stored state and the current time.
//
// The rule (throttle per account and per address without letting an attacker lock a real
// user out for long):
// - Address: 20 failures within 15 minutes lock that address out of every account, starting at 30 s
//   and doubling with each further failure, capped at 15 minutes.
// - Account: 5 failures within 15 minutes lock the account the same way (30 s, doubling, capped at
//   15 minutes), but the account lock only applies to addresses that have failed themselves within
//   their current window. An address with no recent failures (the real user at home or work) still
//   gets through; if it then fails, it counts and is held back like any other. So guessing from
//   one place is slowed to a crawl, an attacker with many addresses gets one guess per fresh address,
//   and nobody can keep the real user out: at worst a user who also mistyped waits at most 15 minutes.
// - A successful sign-in clears the account's counter (not the address's: signing in to one's own
//   account must not reset an attacker's address counter).
// - A refused (429) attempt is not counted: the password is never checked while locked.

export type ThrottleState = { failureCount: number; windowStart: Date; lockedUntil: Date | null };

export type ThrottleRule = { threshold: number; windowMs: number; baseLockMs: number; maxLockMs: number };

const MINUTE = 60_000;

export const ACCOUNT_RULE: ThrottleRule = {
  threshold: 5,
  windowMs: 15 * MINUTE,
  baseLockMs: 30_000,
  maxLockMs: 15 * MINUTE,
};
export const ADDRESS_RULE: ThrottleRule = {
  threshold: 20,
  windowMs: 15 * MINUTE,
  baseLockMs: 30_000,
  maxLockMs: 15 * MINUTE,
};

export type SignInDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The counter still applies: inside its window, or still locked. */
function isCurrent(state: ThrottleState | null | undefined, rule: ThrottleRule, now: Date): state is ThrottleState {
  if (!state) return false;
  if (state.lockedUntil && state.lockedUntil > now) return true;
  return now.getTime() - state.windowStart.getTime() < rule.windowMs;
}

/** Lock length after the given number of failures: base at the threshold, doubling, capped. */
export function lockDurationMs(failureCount: number, rule: ThrottleRule): number {
  if (failureCount < rule.threshold) return 0;
  const doublings = Math.min(failureCount - rule.threshold, 30);
  return Math.min(rule.baseLockMs * 2 ** doublings, rule.maxLockMs);
}

/** The state after one more failure. */
export function recordFailure(state: ThrottleState | null | undefined, rule: ThrottleRule, now: Date): ThrottleState {
  const current = isCurrent(state, rule, now) ? state : { failureCount: 0, windowStart: now, lockedUntil: null };
  const failureCount = current.failureCount + 1;
  const lockMs = lockDurationMs(failureCount, rule);
  const lockedUntil = lockMs > 0 ? new Date(now.getTime() + lockMs) : current.lockedUntil;
  return { failureCount, windowStart: current.windowStart, lockedUntil };
}

/** Whole seconds until the lock ends; 0 when not locked. */
export function lockRemainingSeconds(state: ThrottleState | null | undefined, now: Date): number {
  if (!state?.lockedUntil) return 0;
  const ms = state.lockedUntil.getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

export function hasRecentFailures(state: ThrottleState | null | undefined, rule: ThrottleRule, now: Date): boolean {
  return isCurrent(state, rule, now) && state.failureCount > 0;
}

/** May this attempt go ahead to the password check? */
export function decideSignIn(input: {
  account: ThrottleState | null | undefined;
  address: ThrottleState | null | undefined;
  now: Date;
  accountRule?: ThrottleRule;
  addressRule?: ThrottleRule;
}): SignInDecision {
  const { account, address, now, addressRule = ADDRESS_RULE } = input;
  const addressWait = lockRemainingSeconds(address, now);
  if (addressWait > 0) return { allowed: false, retryAfterSeconds: addressWait };
  const accountWait = lockRemainingSeconds(account, now);
  if (accountWait > 0 && hasRecentFailures(address, addressRule, now)) {
    return { allowed: false, retryAfterSeconds: accountWait };
  }
  return { allowed: true };
}
