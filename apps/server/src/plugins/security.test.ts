import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { securityPlugin } from "./security.ts";

// Headers are computed once at start-up (security-headers.ts); these pin what each kind of answer carries.
describe("security headers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ["an answer", "/healthz", 200],
    ["a refusal", "/app/me.json", 401],
    ["an unknown API path", "/app/no_such_thing.json", 404],
  ])("gives %s of the JSON API the strict REST set", async (_kind, url, status) => {
    const response = await t.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(status);
    expect(response.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    // Document-only headers are not sent with data.
    expect(response.headers["x-dns-prefetch-control"]).toBeUndefined();
  });

  it("gives the API docs, a browser page, the page set that lets their own scripts run", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(response.headers["x-dns-prefetch-control"]).toBe("off");
  });
});

// Which limit a request counts against follows the route the router matched: the router decodes
// percent-escapes, so /%6Fauth/token.json runs the token route and must be counted as it.
describe("rate limits keyed on the matched route", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: "5" } });
  });
  afterAll(async () => {
    await t.close();
  });

  let nextAddress = 1;
  const freshAddress = () => `10.77.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

  /** Sends requests until one is refused with 429; the number of that request (or 0 if none within `limit`). */
  const firstRefusal = async (send: (i: number) => Promise<{ statusCode: number }>, limit: number) => {
    for (let i = 1; i <= limit; i++) if ((await send(i)).statusCode === 429) return i;
    return 0;
  };
  // Stopped before the password check (no argon2, no sign-in throttle): only the coarse limit answers 429.
  const tokenRequest = (url: string, remoteAddress: string) =>
    t.app.inject({
      method: "POST",
      url,
      remoteAddress,
      payload: { grant_type: "password", username: "a@example.com" },
    });

  it("refuses the 31st token request however its path is spelled", async () => {
    for (const url of ["/oauth/token.json", "/%6Fauth/token.json", "/%6fauth/t%6Fken.json", "/oauth/token"]) {
      const address = freshAddress();
      expect(await firstRefusal(() => tokenRequest(url, address), 35), url).toBe(31);
    }
  });

  it("counts every spelling of the token endpoint against one counter", async () => {
    const spellings = [
      "/oauth/token",
      "/oauth/token.json",
      "/%6Fauth/token.json",
      "/oauth/token.json/",
      "/%6Fauth/token",
    ];
    const address = freshAddress();
    expect(await firstRefusal((i) => tokenRequest(spellings[i % spellings.length]!, address), 35)).toBe(31);
  });

  it("counts /%75sers.json with /users.json", async () => {
    const address = freshAddress();
    const signUp = (url: string) =>
      t.app.inject({ method: "POST", url, remoteAddress: address, payload: { user: {} } });
    expect(await firstRefusal((i) => signUp(i % 2 ? "/%75sers.json" : "/users.json"), 35)).toBe(31);
  });

  it("counts /%61pp/me.json with /app/me.json, in the API's bucket", async () => {
    const address = freshAddress();
    const me = (url: string) => t.app.inject({ method: "GET", url, remoteAddress: address });
    expect(await firstRefusal((i) => me(i % 2 ? "/%61pp/me.json" : "/app/me.json"), 10)).toBe(6);
    const refused = await me("/%61pp/me.json");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe("too_many_requests");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("counts requests that match no route", async () => {
    const address = freshAddress();
    const unknown = ["/app/no_such_thing.json", "/%61pp/nothing", "/oauth/nothing.json", "/whatever"];
    const send = (i: number) =>
      t.app.inject({ method: "POST", url: unknown[i % unknown.length]!, remoteAddress: address, payload: {} });
    expect(await firstRefusal(send, 10)).toBe(6);
  });

  it("counts opening the live event stream, however it is spelled", async () => {
    const address = freshAddress();
    const open = (i: number) =>
      t.app.inject({ method: "GET", url: i % 2 ? "/%61pp/events" : "/app/events", remoteAddress: address });
    // Streams have a bucket of their own (60 a minute), apart from the API's.
    expect(await firstRefusal(open, 100)).toBe(61);
  });

  it("keys clients by address, an IPv6 client by its /64", async () => {
    const me = (remoteAddress: string) => t.app.inject({ method: "GET", url: "/app/me.json", remoteAddress });
    expect(await firstRefusal((i) => me(`2001:db8:7:1::${i.toString(16)}`), 10)).toBe(6);
    expect((await me("2001:db8:7:2::1")).statusCode).toBe(401);
    // An IPv4 client seen as an IPv4-mapped IPv6 address is the same client.
    expect(await firstRefusal((i) => me(i % 2 ? "10.77.200.1" : "::ffff:10.77.200.1"), 10)).toBe(6);
  });

  it("keeps the SPA's files and the probes in buckets of their own, so an API flood does not refuse them", async () => {
    const address = freshAddress();
    expect(
      await firstRefusal(() => t.app.inject({ method: "GET", url: "/app/me.json", remoteAddress: address }), 10),
    ).toBe(6);
    const page = await t.app.inject({
      method: "GET",
      url: "/orders",
      remoteAddress: address,
      headers: { accept: "text/html" },
    });
    expect(page.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/healthz", remoteAddress: address })).statusCode).toBe(200);
  });

  it("counts the SPA's files and pages too, in their own bucket", async () => {
    const address = freshAddress();
    const page = () =>
      t.app.inject({ method: "GET", url: "/%6Frders", remoteAddress: address, headers: { accept: "text/html" } });
    expect(await firstRefusal(page, 10)).toBe(6);
  });
});

// TRUST_PROXY: X-Forwarded-For names the client only when the request came through a proxy we trust.
describe("client addresses behind proxies", () => {
  const me = (t: TestApp, remoteAddress: string, forwardedFor: string) =>
    t.app.inject({ method: "GET", url: "/app/me.json", remoteAddress, headers: { "x-forwarded-for": forwardedFor } });
  const firstRefusal = async (send: (i: number) => Promise<{ statusCode: number }>, limit: number) => {
    for (let i = 1; i <= limit; i++) if ((await send(i)).statusCode === 429) return i;
    return 0;
  };

  describe("with a list of proxy addresses", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { RATE_LIMIT_MAX: "5", TRUST_PROXY: "10.0.0.1,10.1.0.0/16" } });
    });
    afterAll(async () => {
      await t.close();
    });

    it("ignores X-Forwarded-For from an address that is not a trusted proxy", async () => {
      expect(await firstRefusal((i) => me(t, "10.9.9.9", `203.0.113.${i}`), 10)).toBe(6);
    });

    it("takes the client from X-Forwarded-For when a trusted proxy sent the request", async () => {
      expect(await firstRefusal((i) => me(t, "10.0.0.1", `203.0.113.${i}`), 10)).toBe(0);
      expect(await firstRefusal((i) => me(t, "10.1.2.3", `198.51.100.${i}`), 10)).toBe(0);
      // The same client through either proxy is one client.
      expect(await firstRefusal((i) => me(t, i % 2 ? "10.0.0.1" : "10.1.9.9", "192.0.2.77"), 10)).toBe(6);
    });

    it("does not let a client name itself by adding entries before the proxy's", async () => {
      // The proxy appends the address it saw; whatever the client wrote before it is not believed.
      expect(await firstRefusal((i) => me(t, "10.0.0.1", `203.0.113.${i}, 192.0.2.88`), 10)).toBe(6);
    });
  });

  describe("with a hop count", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { RATE_LIMIT_MAX: "5", TRUST_PROXY: "1" } });
    });
    afterAll(async () => {
      await t.close();
    });

    it("believes only the last hop's entry", async () => {
      // The nearest proxy's entry names the client: different ones are different clients.
      expect(await firstRefusal((i) => me(t, "10.0.0.9", `192.0.2.${i}`), 10)).toBe(0);
      // Entries before it are whatever the client wrote: not believed.
      expect(await firstRefusal((i) => me(t, "10.0.0.9", `203.0.113.${i}, 192.0.2.99`), 10)).toBe(6);
    });
  });

  describe("with TRUST_PROXY=true", () => {
    let t: TestApp;
    const lines: string[] = [];
    beforeAll(async () => {
      t = await createTestApp({
        env: { TRUST_PROXY: "true", LOG_LEVEL: "warn" },
        logStream: { write: (line: string) => void lines.push(line) },
      });
    });
    afterAll(async () => {
      await t.close();
    });

    it("still starts, and warns that it believes anyone's X-Forwarded-For", () => {
      const warning = lines.map((line) => JSON.parse(line)).find((line) => line.level === 40);
      expect(warning?.msg).toMatch(/TRUST_PROXY=true trusts X-Forwarded-For from anyone/);
    });
  });
});

describe("the rate-limit bucket table", () => {
  it("stops the app from starting when it names a route the app does not serve", async () => {
    const app = Fastify({ logger: false });
    await app.register(securityPlugin, { rateLimit: { max: 10, windowMs: 60_000 } });
    app.post("/oauth/token", async () => ({}));
    await expect(app.ready()).rejects.toThrow(
      /lib\/rate-limit-buckets\.ts names routes the app does not serve: POST \/oauth\/token\.json, /,
    );
    await app.close();
  });

  it("refuses a route that sets a limit of its own instead of a bucket", async () => {
    const app = Fastify({ logger: false });
    await app.register(securityPlugin, { rateLimit: { max: 10, windowMs: 60_000 } });
    expect(() => app.get("/probe", { config: { rateLimit: false } }, async () => ({}))).toThrow(
      "/probe sets config.rateLimit: give it a bucket in lib/rate-limit-buckets.ts instead",
    );
    await app.close();
  });
});
