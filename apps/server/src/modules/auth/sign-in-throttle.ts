import type { Executor } from "#server/db/client.ts";
import { deleteThrottle, readThrottles, updateThrottle } from "./throttle.repository.ts";
import { ACCOUNT_RULE, ADDRESS_RULE, decideSignIn, recordFailure, type SignInDecision } from "./throttle-policy.ts";

// Applies the pure rule of throttle-policy.ts to the counters stored in `sign_in_throttles`.
export type SignInAttempt = { email: string; address: string };

export const accountKey = (email: string) => `account:${email}`;
export const addressKey = (address: string) => `ip:${address}`;

export async function checkSignIn(db: Executor, attempt: SignInAttempt, now: Date): Promise<SignInDecision> {
  const account = accountKey(attempt.email);
  const address = addressKey(attempt.address);
  const states = await readThrottles(db, [account, address]);
  return decideSignIn({ account: states.get(account), address: states.get(address), now });
}

export async function recordSignInFailure(db: Executor, attempt: SignInAttempt, now: Date): Promise<void> {
  await updateThrottle(db, accountKey(attempt.email), now, (state) => recordFailure(state, ACCOUNT_RULE, now));
  await updateThrottle(db, addressKey(attempt.address), now, (state) => recordFailure(state, ADDRESS_RULE, now));
}

/** A success clears the account's counter only (see throttle-policy.ts). */
export async function recordSignInSuccess(db: Executor, attempt: SignInAttempt): Promise<void> {
  await deleteThrottle(db, accountKey(attempt.email));
}
