import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { websiteChats } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { createCompany } from "#server/test/fixtures.ts";

// The widget's pages and files as a browser gets them: the loader any site may load (small), the frame
// that only the chat's websites may frame, and the demo page's strict policy.

/** The loader's budget (issue 26): under 10 KB gzip; `npm run bench -- widget` prints it too. */
const LOADER_GZIP_BUDGET = 10 * 1024;
const OWN = "http://foreman.test";

let t: TestApp;
let key: string;
let disabledKey: string;

const header = (response: { headers: Record<string, unknown> }, name: string) => String(response.headers[name] ?? "");
const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: `${OWN}/` } });
  const company = await createCompany(t.db, "Widget Co");
  const rows = await t.db
    .insert(websiteChats)
    .values([
      {
        companyId: company.id,
        name: "Shop chat",
        key: "wc_assetsTestKey000000000001",
        allowedOrigins: ["https://shop.example", "http://localhost:8080"],
      },
      { companyId: company.id, name: "Old chat", key: "wc_assetsTestKey000000000002", enabled: false },
    ])
    .returning({ key: websiteChats.key });
  key = rows[0]!.key;
  disabledKey = rows[1]!.key;
});
afterAll(() => t.close());

describe("GET /widget.js", () => {
  it("is JavaScript any site may load, cached briefly, and well under its size budget", async () => {
    const response = await t.app.inject({ method: "GET", url: "/widget.js" });
    expect(response.statusCode).toBe(200);
    expect(header(response, "content-type")).toMatch(/^text\/javascript/);
    expect(header(response, "cross-origin-resource-policy")).toBe("cross-origin");
    expect(header(response, "cache-control")).toBe("public, max-age=300");
    expect(response.body).toContain("/widget/frame?key=");
    expect(gzipSync(response.rawPayload, { level: 9 }).length).toBeLessThan(LOADER_GZIP_BUDGET);
  });
});

describe("GET /widget/frame", () => {
  it("may be framed by the chat's websites and Foreman's own origin only", async () => {
    const response = await t.app.inject({ method: "GET", url: `/widget/frame?key=${key}&origin=https://shop.example` });
    expect(response.statusCode).toBe(200);
    expect(header(response, "content-type")).toMatch(/^text\/html/);
    expect(response.headers["x-frame-options"]).toBeUndefined();
    const csp = header(response, "content-security-policy");
    expect(directive(csp, "frame-ancestors")).toBe(`frame-ancestors https://shop.example http://localhost:8080 ${OWN}`);
    // Its own page runs only its own files: no inline script anywhere.
    expect(directive(csp, "script-src")).toBe("script-src 'self'");
    expect(response.body).not.toMatch(/<script>(?!<\/script>)|<script(?![^>]*\bsrc=)/);
    expect(response.body).toMatch(/<script type="module" src="\/widget\/assets\/frame\.js\?v=[0-9a-f]{12}"><\/script>/);
  });

  it("answers an unknown or disabled key with a plain 404 page no one may frame", async () => {
    for (const url of [`/widget/frame?key=wc_nope`, `/widget/frame?key=${disabledKey}`, "/widget/frame"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(directive(header(response, "content-security-policy"), "frame-ancestors")).toBe("frame-ancestors 'none'");
      expect(response.body).toContain("This chat is not available");
    }
  });
});

describe("GET /widget/assets/:file", () => {
  it("serves the frame's files, for a year when asked by their current version", async () => {
    const page = await t.app.inject({ method: "GET", url: `/widget/frame?key=${key}` });
    const [, script] = /src="(\/widget\/assets\/frame\.js\?v=[0-9a-f]+)"/.exec(page.body) ?? [];
    const versioned = await t.app.inject({ method: "GET", url: script! });
    expect(versioned.statusCode).toBe(200);
    expect(header(versioned, "content-type")).toMatch(/^text\/javascript/);
    expect(header(versioned, "cache-control")).toBe("public, max-age=31536000, immutable");
    // Its import of the words names their version too.
    expect(versioned.body).toMatch(/from "\.\/words\.js\?v=[0-9a-f]{12}"/);

    const css = await t.app.inject({ method: "GET", url: "/widget/assets/frame.css" });
    expect(header(css, "content-type")).toMatch(/^text\/css/);
    expect(header(css, "cache-control")).toBe("public, max-age=300");

    const missing = await t.app.inject({ method: "GET", url: "/widget/assets/loader.ts" });
    expect(missing.statusCode).toBe(404);
  });
});

describe("GET /widget/demo", () => {
  it("shows a sample shop with the snippet under a strict policy allowing only Foreman's script and frame", async () => {
    const response = await t.app.inject({ method: "GET", url: `/widget/demo?key=${key}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Acme Outdoor");
    expect(response.body).toContain(`<script src="${OWN}/widget.js" data-key="${key}" async></script>`);
    const csp = header(response, "content-security-policy");
    expect(directive(csp, "default-src")).toBe("default-src 'none'");
    expect(directive(csp, "script-src")).toBe(`script-src ${OWN}`);
    expect(directive(csp, "frame-src")).toBe(`frame-src ${OWN}`);
    expect(directive(csp, "style-src")).toBe(`style-src ${OWN}`);
    expect(directive(csp, "img-src")).toBe(`img-src ${OWN} data:`);
  });

  it("says so for a key that opens nothing", async () => {
    const response = await t.app.inject({ method: "GET", url: `/widget/demo?key=${disabledKey}` });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("This chat is not available");
  });
});

// These are pages, not documented JSON endpoints, so the bad-input walk (plugins/bad-input.test.ts) does
// not reach them: the same hostile inputs are tried here. None may fail the server, echo what it was
// sent into the page, or be framed by anyone.
describe("the widget's pages under hostile input", () => {
  const XSS = `"><script>alert(1)</script>`;
  const queries = [
    "",
    "key=",
    `key=${encodeURIComponent(XSS)}`,
    `key=${"k".repeat(10_000)}`,
    "key[]=a&key[]=b",
    "key[a]=b",
    // NUL, a stray byte and half a surrogate pair.
    "key=wc_%00%FF%ED%A0%80",
    `key=${encodeURIComponent("' OR 1=1 --")}`,
  ];

  it.each(["/widget/frame", "/widget/demo"])("%s answers a plain 404 page nobody may frame", async (path) => {
    for (const query of queries) {
      const response = await t.app.inject({ method: "GET", url: `${path}?${query}&origin=${encodeURIComponent(XSS)}` });
      expect(response.statusCode, `${path}?${query.slice(0, 40)}`).toBe(404);
      expect(response.body).not.toContain("<script>alert");
      if (path === "/widget/frame")
        expect(directive(header(response, "content-security-policy"), "frame-ancestors")).toBe(
          "frame-ancestors 'none'",
        );
    }
  });

  it("serves only the widget's own files", async () => {
    for (const file of ["..%2F..%2Fpackage.json", "frame.js%00.css", "loader.js", "FRAME.JS", "x".repeat(90)]) {
      const response = await t.app.inject({ method: "GET", url: `/widget/assets/${file}` });
      expect(response.statusCode, file).toBe(404);
      expect(response.json()).toMatchObject({ error: "not_found" });
    }
  });
});
