import { register } from "node:module";
import { MessageChannel } from "node:worker_threads";
import { afterAll, describe, expect, it, vi } from "vitest";
import { productVersion } from "#server/lib/product-version.ts";
import { createTestApp } from "#server/test/app.ts";
import { type FakeSentry, startFakeSentry } from "#server/test/fake-sentry.ts";

// Without SENTRY_DSN the server never loads the SDK and sends nothing. This file runs in a process of
// its own (Vitest isolates files), so "never loaded" can be watched: a module hook registered before
// the app is built reports every module the process resolves from then on.

const resolved: string[] = [];
const channel = new MessageChannel();
channel.port1.on("message", (url: string) => resolved.push(url));
channel.port1.unref();
const RECORD_RESOLVED = `let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  port.postMessage(result.url);
  return result;
}`;
register(`data:text/javascript,${encodeURIComponent(RECORD_RESOLVED)}`, {
  data: { port: channel.port2 },
  transferList: [channel.port2],
});

const isSentry = (url: string) => url.includes("/@sentry/");
const fake: FakeSentry = await startFakeSentry();
afterAll(() => fake.close());

describe("without SENTRY_DSN", () => {
  it("never loads the SDK, and sends nothing, even for a 500; the browser DSN alone goes to the browser", async () => {
    // The browser's DSN points at the fake too: the server itself must still never post there.
    const t = await createTestApp({
      env: { SENTRY_BROWSER_DSN: fake.dsn(2) },
      beforeReady(app) {
        app.get("/test/explode", async () => {
          throw new Error("a bug");
        });
      },
    });
    try {
      const response = await t.app.inject({ method: "GET", url: "/test/explode" });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: "internal_error", error_description: "Something went wrong" });
      expect((await t.app.inject({ method: "GET", url: "/client_config.json" })).json()).toMatchObject({
        sentry: { dsn: fake.dsn(2) },
      });
    } finally {
      // Closing flushes what an SDK would have queued: after it, anything sent would have arrived.
      await t.close();
    }
    expect(fake.requests).toEqual([]);

    // Everything resolved so far has been reported once a marker resolved after it is (one ordered port).
    const marker = `data:text/javascript,export default ${Date.now()};`;
    await import(/* @vite-ignore */ marker);
    await vi.waitFor(() => expect(resolved).toContain(marker), { timeout: 10_000 });
    // (The app's own lazy imports while it was built and served went through the hook too.)
    expect(resolved.filter((url) => url.includes("/node_modules/")).length).toBeGreaterThan(0);
    expect(resolved.filter(isSentry)).toEqual([]);
    // And the hook does see the SDK when something loads it: its silence is not a blind spot.
    await import("@sentry/node");
    await vi.waitFor(() => expect(resolved.some(isSentry)).toBe(true), { timeout: 10_000 });
  });

  it("tells the browser there is no error tracking, and allows its pages nothing more", async () => {
    const t = await createTestApp();
    try {
      const config = await t.app.inject({ method: "GET", url: "/client_config.json" });
      expect(config.json()).toEqual({ release: productVersion(), sentry: null });
      const page = await t.app.inject({ method: "GET", url: "/dashboard", headers: { accept: "text/html" } });
      const policy = String(page.headers["content-security-policy"]);
      expect(policy).toContain("connect-src 'self';");
      expect(policy).not.toContain("worker-src");
    } finally {
      await t.close();
    }
  });
});
