import type { Executor } from "#server/db/client.ts";
import { clientNetworkOf } from "#server/lib/client-network.ts";
import {
  deleteThrottle,
  readLastSignIn,
  readThrottles,
  recordLastSignIn,
  updateThrottle,
} from "./throttle.repository.ts";
import {
  ACCOUNT_RULE,
  ADDRESS_RULE,
  decideSignIn,
  recordFailure,
  type SignInDecision,
  TRUSTED_ADDRESS_MS,
} from "./throttle-policy.ts";

// Applies the pure rule of throttle-policy.ts to the counters stored in `sign_in_throttles` and the
// addresses in `sign_in_trusted_addresses`.
/** `email` normalised (trimmed, lower case); `address` the client's IP as the request saw it. */
export type SignInAttempt = { email: string; address: string };

export const accountKey = (email: string) => `account:${email}`;
/** One counter per client network: an IPv6 client's whole /64 (lib/client-network.ts). */
export const addressKey = (address: string) => `ip:${clientNetworkOf(address)}`;

export async function checkSignIn(db: Executor, attempt: SignInAttempt, now: Date): Promise<SignInDecision> {
  const account = accountKey(attempt.email);
  const address = addressKey(attempt.address);
  const [states, lastSignedInFromAddress] = await Promise.all([
    readThrottles(db, [account, address]),
    readLastSignIn(db, attempt.email, clientNetworkOf(attempt.address)),
  ]);
  return decideSignIn({ account: states.get(account), address: states.get(address), lastSignedInFromAddress, now });
}

export async function recordSignInFailure(db: Executor, attempt: SignInAttempt, now: Date): Promise<void> {
  await updateThrottle(db, accountKey(attempt.email), now, (state) => recordFailure(state, ACCOUNT_RULE, now));
  await updateThrottle(db, addressKey(attempt.address), now, (state) => recordFailure(state, ADDRESS_RULE, now));
}

/** A success clears the account's counter only, and trusts the address (see throttle-policy.ts). */
export async function recordSignInSuccess(db: Executor, attempt: SignInAttempt, now: Date): Promise<void> {
  await deleteThrottle(db, accountKey(attempt.email));
  const forgetBefore = new Date(now.getTime() - TRUSTED_ADDRESS_MS);
  await recordLastSignIn(db, attempt.email, clientNetworkOf(attempt.address), now, forgetBefore);
}
