import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { httpError } from "#server/lib/http-error.ts";
import { NUL_MESSAGE, TOO_DEEP_MESSAGE } from "#server/lib/unusable-input.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";

// Test-only routes on a real app: one that validates and echoes, and some that fail in different ways.
function testRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    "/app/test/echo.json",
    {
      schema: {
        body: z.object({
          firstName: z.string().min(2),
          favouriteNumbers: z.array(z.number()),
          nested: z.object({ logoSmallUrl: z.string() }),
        }),
        querystring: z.object({ perPage: z.coerce.number().int().max(100).default(25) }),
      },
    },
    async (request) => ({ receivedBody: request.body, receivedQuery: request.query }),
  );
  typed.get("/app/test/crash.json", async () => {
    throw new Error("secret internals: password=hunter2 at /srv/db.ts:42");
  });
  typed.get("/app/test/conflict.json", async () => {
    throw httpError(409, "conflict", "Already done", [{ field: "name", message: "Taken" }]);
  });
  typed.get("/app/test/zod.json", async () => z.object({ companyName: z.string() }).parse({}));
  typed.get(
    "/app/test/items/:itemId.json",
    { schema: { params: z.object({ itemId: z.uuid() }) } },
    async (request) => ({ id: request.params.itemId }),
  );
  typed.post("/app/test/items/:itemId.json", async () => ({}));
  // Like OAuth's routes: the names are the wire's own and are not renamed either way.
  typed.post(
    "/app/test/rfc.json",
    { config: { keepWireCase: true }, schema: { body: z.object({ redirectUri: z.url() }) } },
    async () => ({}),
  );
}

describe("error handling", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: "1000" }, beforeReady: testRoutes });
  });
  afterAll(async () => {
    await t.close();
  });

  it("an unknown API path is a JSON 404", async () => {
    const response = await t.app.inject({ method: "GET", url: "/app/nope.json", headers: { accept: "text/html" } });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: "not_found", error_description: "Route GET /app/nope.json not found" });
  });

  it("renames a snake_case request to camelCase and the answer back to snake_case", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/app/test/echo.json?per_page=10",
      payload: { first_name: "Ada", favourite_numbers: [1, 2], nested: { logo_small_url: "x" } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      received_body: { first_name: "Ada", favourite_numbers: [1, 2], nested: { logo_small_url: "x" } },
      received_query: { per_page: 10 },
    });
  });

  it("a validation error is a 400 listing every failing field", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/app/test/echo.json",
      payload: { first_name: "A", favourite_numbers: ["x"], nested: {} },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ error: "invalid_request", error_description: "Request validation failed" });
    expect(body.details.map((d: { field: string }) => d.field)).toEqual([
      "first_name",
      "favourite_numbers.0",
      "nested.logo_small_url",
    ]);
    for (const detail of body.details) expect(detail.message).toEqual(expect.any(String));
  });

  it("a bad query string is a 400 naming the parameter", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/app/test/echo.json?per_page=500",
      payload: { first_name: "Ada", favourite_numbers: [], nested: { logo_small_url: "x" } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: "per_page", message: expect.stringMatching(/100/) }]);
  });

  it("a zod error thrown by a handler is a 400 too", async () => {
    const response = await t.app.inject({ method: "GET", url: "/app/test/zod.json" });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: "company_name", message: expect.any(String) }]);
  });

  it("names a path parameter as the path does, and a keepWireCase route's fields as sent", async () => {
    const param = await t.app.inject({ method: "GET", url: "/app/test/items/42.json" });
    expect(param.statusCode).toBe(400);
    expect(param.json().details).toEqual([{ field: "itemId", message: expect.any(String) }]);
    const rfc = await t.app.inject({ method: "POST", url: "/app/test/rfc.json", payload: { redirectUri: "nope" } });
    expect(rfc.statusCode).toBe(400);
    expect(rfc.json().details).toEqual([{ field: "redirectUri", message: expect.any(String) }]);
  });

  it("refuses NUL characters, naming each field as it was sent", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/app/test/echo.json?per_page=1%00",
      payload: { first_name: "Ada\u0000", favourite_numbers: [], nested: { logo_small_url: "x" }, someKey: "\u0000" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(
      expect.arrayContaining([
        { field: "first_name", message: NUL_MESSAGE },
        { field: "someKey", message: NUL_MESSAGE },
      ]),
    );
  });

  it("refuses a body nested deeper than any request needs, before anything walks it", async () => {
    const depth = 200_000;
    const response = await t.app.inject({
      method: "POST",
      url: "/app/test/echo.json",
      headers: { "content-type": "application/json" },
      payload: `{"nested":${"[".repeat(depth)}${"]".repeat(depth)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "invalid_request",
      error_description: "Request validation failed",
      details: [{ field: "nested", message: TOO_DEEP_MESSAGE }],
    });
  });

  it("answers the router's refusals in the same shape, without echoing the URL", async () => {
    const malformed = await t.app.inject({ method: "GET", url: "/app/test/items/%zz.json" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      error: "invalid_request",
      error_description: "The URL is malformed: it has an invalid percent-encoding",
    });
    // A GET falls through to the SPA's file lookup, which answers a plain 404; any other method is the router's.
    const long = await t.app.inject({ method: "POST", url: `/app/test/items/${"a".repeat(1000)}.json` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      error: "uri_too_long",
      error_description: "A segment of the URL's path is too long",
    });
  });

  it("malformed JSON is a 400 invalid_request", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/app/test/echo.json",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("invalid_request");
  });

  it("a body over the limit is a 413", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/app/test/echo.json",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ first_name: "x".repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: "payload_too_large", error_description: "Request body is too large" });
  });

  it("an HttpError keeps its status, code, description and details", async () => {
    const response = await t.app.inject({ method: "GET", url: "/app/test/conflict.json" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: "conflict",
      error_description: "Already done",
      details: [{ field: "name", message: "Taken" }],
    });
  });

  it("an unexpected error is a 500 without stack or internals", async () => {
    const response = await t.app.inject({ method: "GET", url: "/app/test/crash.json" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: "internal_error", error_description: "Something went wrong" });
    expect(response.body).not.toMatch(/secret|hunter2|\.ts|at /);
  });
});

describe("rate limiting", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: "2" }, beforeReady: testRoutes });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 429 too_many_requests with retry-after past the global limit", async () => {
    const hit = () => t.app.inject({ method: "GET", url: "/app/test/conflict.json" });
    expect((await hit()).statusCode).toBe(409);
    expect((await hit()).statusCode).toBe(409);
    const limited = await hit();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: "too_many_requests" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  // Each is counted in a bucket of its own (lib/rate-limit-buckets.ts; plugins/security.test.ts).
  it("keeps the SPA's pages and the health probes out of the API's count", async () => {
    // The API's two requests were spent above.
    const page = await t.app.inject({ method: "GET", url: "/orders", headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });
});
