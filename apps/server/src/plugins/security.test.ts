import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";

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
