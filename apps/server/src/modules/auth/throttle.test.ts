import { WEB_CLIENT_ID } from "@foreman/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInThrottles } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { createUser, type TestUser } from "#server/test/fixtures.ts";
import { accountKey, addressKey } from "./sign-in-throttle.ts";

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
    t.app.inject({
      method: "POST",
      url: "/oauth/token",
      remoteAddress: address,
      payload: { grant_type: "password", username: email, password, client_id: WEB_CLIENT_ID },
    });

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

  const expectThrottled = (response: Awaited<ReturnType<typeof attempt>>, seconds: number) => {
    expect(response.statusCode).toBe(429);
    expect(response.headers["retry-after"]).toBe(String(seconds));
    expect(response.json()).toEqual({
      error: "too_many_requests",
      error_description: `Too many sign-in attempts. Try again in ${seconds} seconds.`,
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

  it("lets the real user in from an address that has not failed, even while the account is locked", async () => {
    expectThrottled(await attempt(user.email, user.password, "10.3.0.1"), 30);
    const home = await attempt(user.email, user.password, "10.3.0.2");
    expect(home.statusCode).toBe(200);
    // A success clears the account's counter, not the failing address's.
    expect(await stateOf(accountKey(user.email))).toBeUndefined();
    expect((await stateOf(addressKey("10.3.0.1")))?.failureCount).toBe(5);
  });

  it("counts a failure from a fresh address during a lock, and then holds that address back too", async () => {
    const other = await createUser(t.db, { email: "other@example.com" });
    await failTimes(5, other.email, "10.3.1.1");
    const fresh = "10.3.1.2";
    expect((await attempt(other.email, "still wrong", fresh)).statusCode).toBe(400);
    // Sixth failure: the lock doubled to 60 s.
    expectThrottled(await attempt(other.email, other.password, fresh), 60);
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
    expectThrottled(await attempt(bystander.email, bystander.password, address), 30);
    // Other addresses are unaffected.
    expect((await attempt(bystander.email, bystander.password, "10.3.5.2")).statusCode).toBe(200);
    await expireLock(addressKey(address));
    expect((await attempt(bystander.email, bystander.password, address)).statusCode).toBe(200);
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
