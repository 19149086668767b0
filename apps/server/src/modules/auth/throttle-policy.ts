// Failed sign-in throttling, as pure functions of the stored state and the current time.
//
// The rule (throttle per account and per address without letting an attacker lock a real user out):
// - Address (an IPv4 address or an IPv6 /64, lib/client-network.ts): 20 failures within 15 minutes lock
//   that address out of every account, starting at 30 s and doubling with each further failure, capped
//   at 15 minutes.
// - Account: 5 failures within 15 minutes, from any mix of addresses, hold the account back from every
//   address for a short wait: 30 s, doubling with each further failure, capped at 1 minute — so however
//   many addresses an attacker rotates through, an account gets at most one guess a minute, and the
//   real user is never locked out for longer than that minute.
// - The addresses the account signed in from successfully within 30 days are trusted: the account's
//   wait does not apply to them unless they have failed themselves. An attacker failing from elsewhere
//   therefore cannot keep the real user out at home or at work, even by taking every slot after each wait.
// - A successful sign-in clears the account's counter (not the address's: signing in to one's own
//   account must not reset an attacker's address counter) and trusts the address.
// - A refused (429) attempt is not counted: the password is never checked while locked.
// - The refresh-token grant is not throttled here: a client that holds a live refresh token does not
//   guess passwords, and is limited only by the request rate limit of the sign-in bucket.

export type ThrottleState = { failureCount: number; windowStart: Date; lockedUntil: Date | null };

export type ThrottleRule = { threshold: number; windowMs: number; baseLockMs: number; maxLockMs: number };

const MINUTE = 60_000;

export const ACCOUNT_RULE: ThrottleRule = {
  threshold: 5,
  windowMs: 15 * MINUTE,
  baseLockMs: 30_000,
  maxLockMs: MINUTE,
};
export const ADDRESS_RULE: ThrottleRule = {
  threshold: 20,
  windowMs: 15 * MINUTE,
  baseLockMs: 30_000,
  maxLockMs: 15 * MINUTE,
};

/** How long a successful sign-in keeps its address trusted by the account. */
export const TRUSTED_ADDRESS_MS = 30 * 24 * 60 * MINUTE;

export type SignInDecision =
  | { allowed: true }
  | { allowed: false; retryAfterSeconds: number; heldBack: "account" | "address" };

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

/** The account signed in from this address recently enough to trust it. */
export function isTrustedAddress(lastSignedInAt: Date | null | undefined, now: Date): boolean {
  return !!lastSignedInAt && now.getTime() - lastSignedInAt.getTime() < TRUSTED_ADDRESS_MS;
}

/** May this attempt go ahead to the password check? */
export function decideSignIn(input: {
  account: ThrottleState | null | undefined;
  address: ThrottleState | null | undefined;
  /** When the account last signed in successfully from this address, if ever. */
  lastSignedInFromAddress?: Date | null;
  now: Date;
  addressRule?: ThrottleRule;
}): SignInDecision {
  const { account, address, lastSignedInFromAddress, now, addressRule = ADDRESS_RULE } = input;
  const addressWait = lockRemainingSeconds(address, now);
  if (addressWait > 0) return { allowed: false, retryAfterSeconds: addressWait, heldBack: "address" };
  const accountWait = lockRemainingSeconds(account, now);
  const exempt = isTrustedAddress(lastSignedInFromAddress, now) && !hasRecentFailures(address, addressRule, now);
  if (accountWait > 0 && !exempt) return { allowed: false, retryAfterSeconds: accountWait, heldBack: "account" };
  return { allowed: true };
}
