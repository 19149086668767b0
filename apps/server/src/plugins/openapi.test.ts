import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";

describe("OpenAPI at /api/docs", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("serves the UI", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("serves the UI's files with their caching headers, and a 304 for a copy still fresh", async () => {
    const first = await t.app.inject({ method: "GET", url: "/api/docs/static/swagger-ui.css" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toMatch(/^text\/css/);
    expect(first.body.length).toBeGreaterThan(10_000);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      method: "GET",
      url: "/api/docs/static/swagger-ui.css",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it("answers a path the docs do not have with the API's own 404", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "not_found" });
  });

  it("describes every route of the API but the docs' own", async () => {
    const doc = await t.app.openapiDocument();
    const paths = Object.keys(doc.paths as object);
    expect(paths).toEqual(expect.arrayContaining(["/app/me.json", "/oauth/token", "/healthz"]));
    expect(paths.filter((path) => path.startsWith("/api/docs"))).toEqual([]);
  });

  it("documents the routes from their zod schemas, in the wire's snake_case", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const me = doc.paths["/app/me.json"].get;
    const meBody = me.responses["200"].content["application/json"].schema;
    expect(Object.keys(meBody.properties)).toEqual(
      expect.arrayContaining(["first_name", "last_name", "company", "managed_companies"]),
    );
    expect(meBody.required).toContain("managed_companies");
    const departments = doc.paths["/app/ai_departments.json"].get;
    const item = departments.responses["200"].content["application/json"].schema.items;
    expect(Object.keys(item.properties)).toEqual(
      expect.arrayContaining(["ai_employees_count", "sort_order", "is_active", "avatar_url"]),
    );
    expect(departments.security).toEqual([{ bearer: [], companyId: [] }]);
    // The document's own camelCase keys are left alone.
    expect(me.responses["200"]).toHaveProperty("content");
    expect(doc.components.securitySchemes.companyId).toMatchObject({ in: "header", name: "X-Company-ID" });
  });
});
