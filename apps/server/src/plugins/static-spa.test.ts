import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";

const INDEX_HTML = "<!doctype html><html><body><div id=root>fake spa</div></body></html>";
const html = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

describe("serving the SPA", () => {
  let t: TestApp;
  const webDist = mkdtempSync(path.join(tmpdir(), "foreman-dist-"));
  beforeAll(async () => {
    writeFileSync(path.join(webDist, "index.html"), INDEX_HTML);
    mkdirSync(path.join(webDist, "assets"));
    writeFileSync(path.join(webDist, "assets", "index-abc123.js"), "console.log('app')");
    writeFileSync(path.join(webDist, "favicon.svg"), "<svg/>");
    // The build's compressed copies (apps/web/build/precompress.ts).
    const big = "console.log('a larger chunk');\n".repeat(100);
    writeFileSync(path.join(webDist, "assets", "big-abc123.js"), big);
    writeFileSync(path.join(webDist, "assets", "big-abc123.js.br"), brotliCompressSync(big));
    writeFileSync(path.join(webDist, "assets", "big-abc123.js.gz"), gzipSync(big));
    t = await createTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each(["/orders", "/orders/123", "/sign_in?redirect=%2Forders", "/", "/dashboard"])(
    "answers %s with index.html for a browser, not cached",
    async (url) => {
      const response = await t.app.inject({ method: "GET", url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it("serves hashed assets with a long immutable cache and other files revalidated", async () => {
    const asset = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const icon = await t.app.inject({ method: "GET", url: "/favicon.svg" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toBe("no-cache");
  });

  it("sends the build's Brotli or gzip copy to a browser that accepts it, the file itself otherwise", async () => {
    const url = "/assets/big-abc123.js";
    const brotli = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain("a larger chunk");
    const gzip = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toContain("a larger chunk");
    const plain = await t.app.inject({ method: "GET", url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("a larger chunk");
  });

  it.each(["/app/nope.json", "/oauth/nope", "/users/1.json", "/internal/x", "/api/nope"])(
    "answers an unknown API path %s with a JSON 404, even for a browser",
    async (url) => {
      const response = await t.app.inject({ method: "GET", url, headers: html });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: "not_found" });
    },
  );

  it("serves the page to clients that accept anything, such as curl", async () => {
    for (const headers of [{ accept: "*/*" }, {}]) {
      const response = await t.app.inject({ method: "GET", url: "/sign_in", headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
    }
  });

  it("answers a missing asset or a non-HTML request with a JSON 404", async () => {
    const missingForBrowser = await t.app.inject({ method: "GET", url: "/assets/missing-2.js", headers: html });
    expect(missingForBrowser.statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/assets/missing-1.js" })).statusCode).toBe(404);
    const json = await t.app.inject({ method: "GET", url: "/orders", headers: { accept: "application/json" } });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toMatchObject({ error: "not_found" });
  });

  it("sends security headers with a CSP that allows the SPA's own scripts and inline styles", async () => {
    const response = await t.app.inject({ method: "GET", url: "/orders", headers: html });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    // The inbox frames the app's own conversation view; other sites may not frame it.
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("frame-src 'self'");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("a page per route (the build's .vite/route-pages.json)", () => {
  let t: TestApp;
  const webDist = mkdtempSync(path.join(tmpdir(), "foreman-dist-"));
  const page = (name: string) =>
    `<!doctype html><html><head><link rel="modulepreload" href="/assets/${name}.js"></head></html>`;
  beforeAll(async () => {
    writeFileSync(path.join(webDist, "index.html"), INDEX_HTML);
    mkdirSync(path.join(webDist, ".vite"));
    mkdirSync(path.join(webDist, "pages"));
    for (const name of ["inbox", "help", "help-_", "help-new"])
      writeFileSync(path.join(webDist, "pages", `${name}.html`), page(name));
    const big = page("conversations-_").repeat(50);
    writeFileSync(path.join(webDist, "pages", "conversations-_.html"), big);
    writeFileSync(path.join(webDist, "pages", "conversations-_.html.br"), brotliCompressSync(big));
    const routes = {
      "/inbox": "pages/inbox.html",
      "/help": "pages/help.html",
      "/help/:": "pages/help-_.html",
      "/help/new": "pages/help-new.html",
      "/conversations/:": "pages/conversations-_.html",
      // Never a way out of the build folder, nor a page that is not there.
      "/escape": "../secret.html",
      "/gone": "pages/gone.html",
    };
    writeFileSync(path.join(webDist, ".vite", "route-pages.json"), JSON.stringify(routes));
    t = await createTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each([
    ["/inbox", "inbox"],
    ["/inbox?status=open", "inbox"],
    ["/help", "help"],
    ["/help/getting-started", "help-_"],
    ["/help/new", "help-new"],
  ])("answers %s with the route's page", async (url, name) => {
    const response = await t.app.inject({ method: "GET", url, headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toBe(page(name));
  });

  it("sends the page's Brotli copy to a browser that accepts it", async () => {
    const url = "/conversations/2f0c6d1e";
    const response = await t.app.inject({ method: "GET", url, headers: { ...html, "accept-encoding": "br" } });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain("conversations-_");
  });

  it.each(["/", "/dashboard", "/inbox/extra", "/conversations", "/escape", "/gone"])(
    "answers %s, which no page matches, with index.html",
    async (url) => {
      const response = await t.app.inject({ method: "GET", url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it("never serves the list itself", async () => {
    const response = await t.app.inject({ method: "GET", url: "/.vite/route-pages.json" });
    expect(response.statusCode).toBe(404);
  });
});

describe("with Chatwoot configured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        WEB_DIST: path.join(tmpdir(), "foreman-no-such-dist"),
        CHATWOOT_URL: "https://chat.example.com/",
        CHATWOOT_PLATFORM_TOKEN: "platform-token",
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("lets the inbox frame Chatwoot's origin, and only the app frame the app", async () => {
    const response = await t.app.inject({ method: "GET", url: "/inbox", headers: html });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("frame-src 'self' https://chat.example.com");
    expect(csp).toContain("frame-ancestors 'self'");
  });
});

describe("without a web build", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEB_DIST: path.join(tmpdir(), "foreman-no-such-dist") } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("tells the browser to build the web app", async () => {
    const response = await t.app.inject({ method: "GET", url: "/orders", headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("npm run build");
  });
});
