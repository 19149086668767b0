import { describe, expect, it } from "vitest";
import {
  ACCOUNT_RULE,
  ADDRESS_RULE,
  decideSignIn,
  lockDurationMs,
  lockRemainingSeconds,
  recordFailure,
  type ThrottleState,
} from "./throttle-policy.ts";

const t0 = new Date("2025-01-01T12:00:00Z");
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

function fail(times: number, rule = ACCOUNT_RULE, start = t0, state: ThrottleState | null = null) {
  let current = state;
  for (let i = 0; i < times; i++) current = recordFailure(current, rule, start);
  return current!;
}

describe("lockDurationMs", () => {
  it("starts at 30 s at the threshold, doubles, and is capped at 15 minutes", () => {
    expect(lockDurationMs(4, ACCOUNT_RULE)).toBe(0);
    expect(lockDurationMs(5, ACCOUNT_RULE)).toBe(30_000);
    expect(lockDurationMs(6, ACCOUNT_RULE)).toBe(60_000);
    expect(lockDurationMs(9, ACCOUNT_RULE)).toBe(480_000);
    expect(lockDurationMs(10, ACCOUNT_RULE)).toBe(900_000);
    expect(lockDurationMs(500, ACCOUNT_RULE)).toBe(900_000);
    expect(lockDurationMs(19, ADDRESS_RULE)).toBe(0);
    expect(lockDurationMs(20, ADDRESS_RULE)).toBe(30_000);
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
    const locked = { failureCount: 9, windowStart: t0, lockedUntil: at(16 * 60) };
    expect(recordFailure(locked, ACCOUNT_RULE, at(15 * 60 + 30))).toEqual({
      failureCount: 10,
      windowStart: t0,
      lockedUntil: at(15 * 60 + 30 + 900),
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

  it("lets attempts through when nothing is locked", () => {
    expect(decideSignIn({ account: fail(4), address: fail(19, ADDRESS_RULE), now: t0 })).toEqual({ allowed: true });
  });

  it("refuses a locked account from an address that has failed, with the seconds left", () => {
    expect(decideSignIn({ account: lockedAccount, address: failedAddress, now: at(10) })).toEqual({
      allowed: false,
      retryAfterSeconds: 20,
    });
  });

  it("lets an address with no recent failures through a locked account", () => {
    expect(decideSignIn({ account: lockedAccount, address: null, now: at(10) })).toEqual({ allowed: true });
    const staleAddress = fail(3, ADDRESS_RULE, at(-20 * 60));
    expect(decideSignIn({ account: lockedAccount, address: staleAddress, now: at(10) })).toEqual({ allowed: true });
  });

  it("lets the account be tried again once its lock is over", () => {
    expect(decideSignIn({ account: lockedAccount, address: failedAddress, now: at(30) })).toEqual({ allowed: true });
  });

  it("refuses every account from a locked address", () => {
    expect(decideSignIn({ account: null, address: fail(20, ADDRESS_RULE), now: at(5) })).toEqual({
      allowed: false,
      retryAfterSeconds: 25,
    });
  });
});
