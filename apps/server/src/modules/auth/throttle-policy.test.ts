import { describe, expect, it } from "vitest";
import {
  ACCOUNT_RULE,
  ADDRESS_RULE,
  decideSignIn,
  isTrustedAddress,
  lockDurationMs,
  lockRemainingSeconds,
  recordFailure,
  type ThrottleState,
  TRUSTED_ADDRESS_MS,
} from "./throttle-policy.ts";

const t0 = new Date("2025-01-01T12:00:00Z");
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

function fail(times: number, rule = ACCOUNT_RULE, start = t0, state: ThrottleState | null = null) {
  let current = state;
  for (let i = 0; i < times; i++) current = recordFailure(current, rule, start);
  return current!;
}

describe("lockDurationMs", () => {
  it("holds an account 30 s at the threshold, doubling, never longer than a minute", () => {
    expect(lockDurationMs(4, ACCOUNT_RULE)).toBe(0);
    expect(lockDurationMs(5, ACCOUNT_RULE)).toBe(30_000);
    expect(lockDurationMs(6, ACCOUNT_RULE)).toBe(60_000);
    expect(lockDurationMs(7, ACCOUNT_RULE)).toBe(60_000);
    expect(lockDurationMs(500, ACCOUNT_RULE)).toBe(60_000);
  });

  it("locks an address 30 s at the threshold, doubling, capped at 15 minutes", () => {
    expect(lockDurationMs(19, ADDRESS_RULE)).toBe(0);
    expect(lockDurationMs(20, ADDRESS_RULE)).toBe(30_000);
    expect(lockDurationMs(24, ADDRESS_RULE)).toBe(480_000);
    expect(lockDurationMs(25, ADDRESS_RULE)).toBe(900_000);
    expect(lockDurationMs(500, ADDRESS_RULE)).toBe(900_000);
  });
});

describe("recordFailure", () => {
  it("counts failures inside the window and locks at the threshold", () => {
    expect(fail(4)).toEqual({ failureCount: 4, windowStart: t0, lockedUntil: null });
    expect(fail(5)).toEqual({ failureCount: 5, windowStart: t0, lockedUntil: at(30) });
  });

  it("starts a new window once the old one is over and no lock is running", () => {
    const old = fail(4);
    expect(recordFailure(old, ACCOUNT_RULE, at(15 * 60))).toEqual({
      failureCount: 1,
      windowStart: at(15 * 60),
      lockedUntil: null,
    });
  });

  it("keeps counting while a lock outlasts the window, so the lock keeps growing", () => {
    const locked = { failureCount: 23, windowStart: t0, lockedUntil: at(16 * 60) };
    expect(recordFailure(locked, ADDRESS_RULE, at(15 * 60 + 30))).toEqual({
      failureCount: 24,
      windowStart: t0,
      lockedUntil: at(15 * 60 + 30 + 480),
    });
  });
});

describe("lockRemainingSeconds", () => {
  it("rounds up and is 0 once the lock is over", () => {
    const state = fail(5);
    expect(lockRemainingSeconds(state, t0)).toBe(30);
    expect(lockRemainingSeconds(state, new Date(t0.getTime() + 29_001))).toBe(1);
    expect(lockRemainingSeconds(state, at(30))).toBe(0);
    expect(lockRemainingSeconds(null, t0)).toBe(0);
  });
});

describe("decideSignIn", () => {
  const lockedAccount = fail(5);
  const failedAddress = fail(1, ADDRESS_RULE);
  const lastWeek = at(-7 * 24 * 3600);

  it("lets attempts through when nothing is locked", () => {
    expect(decideSignIn({ account: fail(4), address: fail(19, ADDRESS_RULE), now: t0 })).toEqual({ allowed: true });
  });

  it("holds a locked account back from every address, one that never failed included, with the seconds left", () => {
    const heldBack = { allowed: false, retryAfterSeconds: 20, heldBack: "account" };
    expect(decideSignIn({ account: lockedAccount, address: failedAddress, now: at(10) })).toEqual(heldBack);
    expect(decideSignIn({ account: lockedAccount, address: null, now: at(10) })).toEqual(heldBack);
  });

  it("lets an address the account signed in from within 30 days through its lock, unless that address failed", () => {
    expect(
      decideSignIn({ account: lockedAccount, address: null, lastSignedInFromAddress: lastWeek, now: at(10) }),
    ).toEqual({ allowed: true });
    expect(
      decideSignIn({ account: lockedAccount, address: failedAddress, lastSignedInFromAddress: lastWeek, now: at(10) }),
    ).toMatchObject({ allowed: false, heldBack: "account" });
    const longAgo = at(-31 * 24 * 3600);
    expect(
      decideSignIn({ account: lockedAccount, address: null, lastSignedInFromAddress: longAgo, now: at(10) }),
    ).toMatchObject({ allowed: false });
  });

  it("lets the account be tried again once its lock is over", () => {
    expect(decideSignIn({ account: lockedAccount, address: failedAddress, now: at(30) })).toEqual({ allowed: true });
  });

  it("refuses every account from a locked address, a trusted one too", () => {
    const lockedAddress = fail(20, ADDRESS_RULE);
    const refused = { allowed: false, retryAfterSeconds: 25, heldBack: "address" };
    expect(decideSignIn({ account: null, address: lockedAddress, now: at(5) })).toEqual(refused);
    expect(
      decideSignIn({ account: null, address: lockedAddress, lastSignedInFromAddress: lastWeek, now: at(5) }),
    ).toEqual(refused);
  });
});

describe("isTrustedAddress", () => {
  it("trusts an address for 30 days after a successful sign-in from it", () => {
    expect(isTrustedAddress(null, t0)).toBe(false);
    expect(isTrustedAddress(at(-(TRUSTED_ADDRESS_MS / 1000) + 1), t0)).toBe(true);
    expect(isTrustedAddress(at(-(TRUSTED_ADDRESS_MS / 1000)), t0)).toBe(false);
  });
});
