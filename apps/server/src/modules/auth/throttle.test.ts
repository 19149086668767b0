import { WEB_CLIENT_ID } from "@foreman/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInThrottles } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { createUser, type TestUser } from "#server/test/fixtures.ts";
import { accountKey, addressKey } from "./sign-in-throttle.ts";

// The wait counts from the arrival of the failure that set the lock. A busy machine can take several
// seconds from there to the refusal (a wrong password is hashed too), so the least wait it may answer is
// measured from when that failure was sent, not fixed (it was 2 s short).
let lastFailureSentAt = 0;
const timedAttempt = async <T extends { statusCode: number }>(send: () => Promise<T>) => {
  const sentAt = Date.now();
  const response = await send();
  if (response.statusCode === 400) lastFailureSentAt = sentAt;
  return response;
};
const expectWait = (response: { headers: Record<string, unknown> }, seconds: number) => {
  const wait = Number(response.headers["retry-after"]);
  expect(wait).toBeLessThanOrEqual(seconds);
  expect(wait).toBeGreaterThanOrEqual(Math.floor(seconds - (Date.now() - lastFailureSentAt) / 1000));
};

// Failed sign-in throttling through the real endpoint and the real counters (rule: throttle-policy.ts).
describe("sign-in throttling", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const attempt = (email: string, password: string, address: string) =>
    timedAttempt(() =>
      t.app.inject({
        method: "POST",
        url: "/oauth/token",
        remoteAddress: address,
        payload: { grant_type: "password", username: email, password, client_id: WEB_CLIENT_ID },
      }),
    );

  const failTimes = async (times: number, email: string, address: string) => {
    for (let i = 0; i < times; i++) {
      const response = await attempt(email, "wrong password", address);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe("invalid_grant");
    }
  };

  // Moves a lock into the past, as if its time had passed.
  const expireLock = async (key: string) => {
    await t.db
      .update(signInThrottles)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(signInThrottles.key, key));
  };
  const stateOf = async (key: string) => {
    const [row] = await t.db.select().from(signInThrottles).where(eq(signInThrottles.key, key));
    return row;
  };

  const expectThrottled = (
    response: Awaited<ReturnType<typeof attempt>>,
    seconds: number,
    reason: "for this account" | "from this address" = "for this account",
  ) => {
    expect(response.statusCode).toBe(429);
    expectWait(response, seconds);
    const wait = response.headers["retry-after"];
    expect(response.json()).toEqual({
      error: "too_many_requests",
      error_description: `Too many sign-in attempts ${reason}. Try again in ${wait} seconds.`,
    });
  };

  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(t.db, { email: "target@example.com" });
  });

  it("locks an account after 5 failures: the next attempt is 429 even with the right password", async () => {
    const attacker = "10.3.0.1";
    await failTimes(5, user.email, attacker);
    expectThrottled(await attempt(user.email, user.password, attacker), 30);
    // Refused attempts are not counted and the password is not checked.
    expect((await stateOf(accountKey(user.email)))?.failureCount).toBe(5);
  });

  it("holds the account back from every address: rotating addresses buys no extra guesses", async () => {
    const victim = await createUser(t.db, { email: "rotated@example.com" });
    // Five wrong passwords, each from an IPv6 address in a different /64, then a sixth /64 never seen before.
    for (let i = 1; i <= 5; i++) {
      const response = await attempt(victim.email, `guess ${i}`, `2001:db8:${i}::1`);
      expect(response.statusCode).toBe(400);
    }
    expectThrottled(await attempt(victim.email, "guess 6", "2001:db8:6::1"), 30);
    expectThrottled(await attempt(victim.email, victim.password, "10.3.7.1"), 30);
    expect((await stateOf(accountKey(victim.email)))?.failureCount).toBe(5);
    // Another account is not affected by it, from the same addresses.
    const bystander = await createUser(t.db, { email: "rotated-bystander@example.com" });
    expect((await attempt(bystander.email, bystander.password, "2001:db8:6::1")).statusCode).toBe(200);
    // After the short wait the right password works, from anywhere.
    await expireLock(accountKey(victim.email));
    expect((await attempt(victim.email, victim.password, "10.3.7.2")).statusCode).toBe(200);
  });

  it("grows the account's wait with each further failure but never past a minute", async () => {
    const victim = await createUser(t.db, { email: "capped@example.com" });
    for (let i = 1; i <= 5; i++) await failTimes(1, victim.email, `10.3.8.${i}`);
    expectThrottled(await attempt(victim.email, "x", "10.3.8.100"), 30);
    for (let i = 0; i < 6; i++) {
      await expireLock(accountKey(victim.email));
      await failTimes(1, victim.email, `10.3.9.${i + 1}`);
      const refused = await attempt(victim.email, victim.password, `10.3.10.${i + 1}`);
      expect(refused.statusCode).toBe(429);
      // Doubled from 30 s, then capped at a minute.
      expectWait(refused, 60);
    }
  });

  it("lets the real user in from an address they signed in from before, even while the account is locked", async () => {
    const person = await createUser(t.db, { email: "homebody@example.com" });
    const home = "2001:db8:100:1::10";
    expect((await attempt(person.email, person.password, home)).statusCode).toBe(200);
    // An attacker elsewhere locks the account.
    for (let i = 1; i <= 5; i++) await failTimes(1, person.email, `10.3.11.${i}`);
    expectThrottled(await attempt(person.email, person.password, "10.3.11.99"), 30);
    // Home (any address in its /64) is trusted: no wait.
    expect((await attempt(person.email, person.password, "2001:db8:100:1::77")).statusCode).toBe(200);
    expect(await stateOf(accountKey(person.email))).toBeUndefined();
  });

  it("holds back a trusted address too once it has failed itself", async () => {
    const person = await createUser(t.db, { email: "typo@example.com" });
    const home = "10.3.12.1";
    expect((await attempt(person.email, person.password, home)).statusCode).toBe(200);
    await failTimes(5, person.email, home);
    expectThrottled(await attempt(person.email, person.password, home), 30);
  });

  it("lifts the lock when it runs out; the next failure locks for longer; a success resets", async () => {
    const person = await createUser(t.db, { email: "person@example.com" });
    const address = "10.3.2.1";
    await failTimes(5, person.email, address);
    expectThrottled(await attempt(person.email, person.password, address), 30);

    await expireLock(accountKey(person.email));
    await failTimes(1, person.email, address);
    expectThrottled(await attempt(person.email, person.password, address), 60);

    await expireLock(accountKey(person.email));
    expect((await attempt(person.email, person.password, address)).statusCode).toBe(200);
    expect(await stateOf(accountKey(person.email))).toBeUndefined();
    // Counting starts over: four failures do not lock.
    await failTimes(4, person.email, address);
    expect((await attempt(person.email, person.password, address)).statusCode).toBe(200);
  });

  it("throttles unknown accounts exactly like real ones (no hint that the email exists)", async () => {
    const address = "10.3.3.1";
    await failTimes(5, "ghost@example.com", address);
    expectThrottled(await attempt("ghost@example.com", "anything", address), 30);
  });

  it("treats the email's case and spaces as the same account", async () => {
    const address = "10.3.4.1";
    const mixed = await createUser(t.db, { email: "mixed@example.com" });
    for (const email of [
      "MIXED@example.com",
      " mixed@EXAMPLE.com",
      "Mixed@Example.com",
      "mixed@example.com",
      "MIXED@EXAMPLE.COM",
    ]) {
      expect((await attempt(email, "wrong", address)).statusCode).toBe(400);
    }
    expectThrottled(await attempt(mixed.email, mixed.password, address), 30);
  });

  it("locks an address out of every account after 20 failures in 15 minutes", async () => {
    const address = "10.3.5.1";
    const bystander = await createUser(t.db, { email: "bystander@example.com" });
    // Four failures on each of five accounts: no account reaches its own threshold.
    for (let i = 0; i < 5; i++) await failTimes(4, `victim-${i}@example.com`, address);
    expectThrottled(await attempt(bystander.email, bystander.password, address), 30, "from this address");
    // Other addresses are unaffected.
    expect((await attempt(bystander.email, bystander.password, "10.3.5.2")).statusCode).toBe(200);
    await expireLock(addressKey(address));
    expect((await attempt(bystander.email, bystander.password, address)).statusCode).toBe(200);
  });

  it("treats an IPv6 /64 as one address: rotating within it buys no extra guesses", async () => {
    const bystander = await createUser(t.db, { email: "v6-bystander@example.com" });
    // Twenty failures, each from a different address of one /64, spread over five accounts.
    for (let i = 0; i < 20; i++) {
      const response = await attempt(
        `v6-victim-${i % 5}@example.com`,
        "wrong",
        `2001:db8:abcd:12::${(i + 1).toString(16)}`,
      );
      expect(response.statusCode).toBe(400);
    }
    expectThrottled(
      await attempt(bystander.email, bystander.password, "2001:db8:abcd:12:ffff::1"),
      30,
      "from this address",
    );
    // The next /64 is somebody else.
    expect((await attempt(bystander.email, bystander.password, "2001:db8:abcd:13::1")).statusCode).toBe(200);
  });

  it("also limits every request to the token endpoint per address, coarsely (30 a minute)", async () => {
    const address = "10.3.6.1";
    const bare = () => t.app.inject({ method: "POST", url: "/oauth/token", remoteAddress: address, payload: {} });
    for (let i = 0; i < 30; i++) expect((await bare()).statusCode).toBe(400);
    const limited = await bare();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe("too_many_requests");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });
});

// Behind a trusted proxy the client's address comes from X-Forwarded-For: rotating it is the attack.
describe("sign-in throttling behind a proxy", () => {
  let t: TestApp;
  beforeAll(async () => {
    // app.inject comes from 127.0.0.1: the proxy.
    t = await createTestApp({ env: { TRUST_PROXY: "127.0.0.1" } });
  });
  afterAll(async () => {
    await t.close();
  });

  const attempt = (email: string, password: string, forwardedFor: string) =>
    timedAttempt(() =>
      t.app.inject({
        method: "POST",
        url: "/oauth/token.json",
        headers: { "x-forwarded-for": forwardedFor },
        payload: { grant_type: "password", username: email, password, client_id: WEB_CLIENT_ID },
      }),
    );

  it("holds an account back after 5 wrong passwords from 5 forwarded addresses; the right one works after the wait", async () => {
    const victim = await createUser(t.db, { email: "proxied@example.com" });
    const bystander = await createUser(t.db, { email: "proxied-bystander@example.com" });
    for (let i = 1; i <= 5; i++)
      expect((await attempt(victim.email, "wrong", `2001:db8:${i}0::1`)).statusCode).toBe(400);
    const refused = await attempt(victim.email, victim.password, "198.51.100.60");
    expect(refused.statusCode).toBe(429);
    expectWait(refused, 30);
    expect(refused.json().error_description).toBe(
      `Too many sign-in attempts for this account. Try again in ${refused.headers["retry-after"]} seconds.`,
    );
    expect((await attempt(bystander.email, bystander.password, "2001:db8:10::1")).statusCode).toBe(200);

    await t.db
      .update(signInThrottles)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(signInThrottles.key, accountKey(victim.email)));
    expect((await attempt(victim.email, victim.password, "198.51.100.60")).statusCode).toBe(200);
  });
});
