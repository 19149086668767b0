import type { Session } from "@foreman/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sendJson as json, type LocalApi, startLocalApi } from "#web/test/local-api.ts";
import { ApiError, apiRequest, configureApiClient, setUnauthorizedHandler } from "./api-client.ts";
import { setSelectedCompany } from "./selected-company.ts";
import { readSession, writeSession } from "./session-cookie.ts";

// A real HTTP server on 127.0.0.1 stands in for the API (see test/local-api.ts).

let api: LocalApi;
let unauthorizedCalls = 0;

beforeAll(async () => {
  api = await startLocalApi();
});

afterAll(() => api.close());

beforeEach(() => {
  api.reset();
  unauthorizedCalls = 0;
  setUnauthorizedHandler(() => {
    unauthorizedCalls += 1;
  });
});

afterEach(() => setUnauthorizedHandler(null));

const now = () => Math.floor(Date.now() / 1000);
const freshSession = (token = "access-1"): Session => ({
  accessToken: token,
  tokenType: "Bearer",
  expiresIn: 7200,
  refreshToken: `refresh-of-${token}`,
  scope: "",
  createdAt: now(),
});
const expiredSession = (): Session => ({ ...freshSession("old-access"), createdAt: now() - 7200 });

describe("apiRequest headers and case conversion", () => {
  it("sends the client id, bearer and company headers and converts keys both ways", async () => {
    writeSession(freshSession());
    setSelectedCompany({ id: "company-1", name: "Northwind Supply" });
    api.routes["POST /app/things.json"] = (_req, res) =>
      json(res, 200, { thing_id: "t1", nested_list: [{ sort_order: 2 }] });

    const result = await apiRequest<{ thingId: string; nestedList: { sortOrder: number }[] }>("/app/things.json", {
      method: "POST",
      body: { firstName: "Ada", companyDetails: { logoSmallUrl: null } },
      query: { perPage: 10, "q[created_at_gteq]": "2025-01-01", skipped: undefined },
      companyScoped: true,
    });

    expect(result).toEqual({ thingId: "t1", nestedList: [{ sortOrder: 2 }] });
    const [request] = api.requests;
    expect(request?.headers["x-client-id"]).toBe("foreman-web");
    expect(request?.headers.authorization).toBe("Bearer access-1");
    expect(request?.headers["x-company-id"]).toBe("company-1");
    expect(request?.body).toEqual({ first_name: "Ada", company_details: { logo_small_url: null } });
    expect(request?.path).toBe("/app/things.json?per_page=10&q%5Bcreated_at_gteq%5D=2025-01-01");
  });

  it("sends no bearer without a session, and no company header on unscoped calls", async () => {
    setSelectedCompany({ id: "company-1" });
    api.routes["GET /app/me.json"] = (_req, res) => json(res, 200, { id: "u1" });
    await apiRequest("/app/me.json");
    expect(api.requests[0]?.headers.authorization).toBeUndefined();
    expect(api.requests[0]?.headers["x-company-id"]).toBeUndefined();
    expect(api.requests[0]?.headers["x-client-id"]).toBe("foreman-web");
  });

  it("uses an explicit company id over the selected one", async () => {
    setSelectedCompany({ id: "company-1" });
    api.routes["GET /app/ai_departments.json"] = (_req, res) => json(res, 200, []);
    await apiRequest("/app/ai_departments.json", { companyScoped: true, companyId: "company-2" });
    expect(api.requests[0]?.headers["x-company-id"]).toBe("company-2");
  });

  it("refuses a scoped call without a company, without calling the server", async () => {
    writeSession(freshSession());
    const error = await apiRequest("/app/ai_departments.json", { companyScoped: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ ok: false, status: 400, body: { error: "No company ID available" } });
    expect(api.requests).toHaveLength(0);
  });

  it("returns the response headers with withHeaders", async () => {
    api.routes["POST /users.json"] = (_req, res) =>
      json(res, 201, { user: { first_name: "Ada" } }, { "access-token": "tok" });
    const { body, headers } = await apiRequest<{ user: { firstName: string } }>("/users.json", {
      method: "POST",
      authenticated: false,
      body: { user: { firstName: "Ada" } },
      withHeaders: true,
    });
    expect(body.user.firstName).toBe("Ada");
    expect(headers.get("access-token")).toBe("tok");
  });
});

describe("apiRequest failures", () => {
  it("throws other failures as { ok: false, status, body } with a camelCase body", async () => {
    api.routes["POST /users.json"] = (_req, res) =>
      json(res, 422, {
        error: "validation_failed",
        error_description: "User could not be created",
        details: [{ field: "email", message: "Email has already been taken" }],
      });
    const error = await apiRequest("/users.json", { method: "POST", authenticated: false, body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      ok: false,
      status: 422,
      body: {
        error: "validation_failed",
        errorDescription: "User could not be created",
        details: [{ field: "email", message: "Email has already been taken" }],
      },
    });
  });

  it("names the fields of details in camelCase, as the forms do", async () => {
    api.routes["POST /users.json"] = (_req, res) =>
      json(res, 422, {
        error: "validation_failed",
        details: [
          { field: "company_name", message: "Must be at least 2 characters" },
          { field: "attachments.0.file_name", message: "Required" },
          { field: "q[created_at_gteq]", message: "Must be a date" },
        ],
      });
    const error = await apiRequest("/users.json", { method: "POST", authenticated: false, body: {} }).catch(
      (e: unknown) => e,
    );
    expect((error as { body: { details: { field: string }[] } }).body.details.map((d) => d.field)).toEqual([
      "companyName",
      "attachments.0.fileName",
      "q[createdAtGteq]",
    ]);
  });

  it("reads retry-after on a 429", async () => {
    api.routes["POST /oauth/token.json"] = (_req, res) =>
      json(res, 429, { error: "too_many_requests", error_description: "Slow down" }, { "retry-after": "90" });
    const error = await apiRequest("/oauth/token.json", { method: "POST", authenticated: false }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 90 });
  });

  it("reports an unreachable server as a network error (status 0)", async () => {
    configureApiClient({ baseUrl: "http://127.0.0.1:1" });
    try {
      const error = await apiRequest("/app/me.json").catch((e: unknown) => e);
      expect(error).toMatchObject({ ok: false, status: 0, body: { error: "network_error" } });
    } finally {
      configureApiClient({ baseUrl: api.baseUrl });
    }
  });

  it("does not sign out on a 401 of a call made without the session (sign in)", async () => {
    api.routes["POST /oauth/token.json"] = (_req, res) => json(res, 401, { error: "invalid_client" });
    const error = await apiRequest("/oauth/token.json", { method: "POST", authenticated: false }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 401, body: { error: "invalid_client" } });
    expect(unauthorizedCalls).toBe(0);
  });
});

describe("apiRequest and the session", () => {
  it("on a 401 revokes the token, deletes the cookie and calls the unauthorized handler", async () => {
    writeSession(freshSession("doomed"));
    api.routes["GET /app/me.json"] = (_req, res) =>
      json(res, 401, { error: "unauthorized", error_description: "Token revoked" }, { "www-authenticate": "Bearer" });
    api.routes["POST /oauth/revoke.json"] = (_req, res) => json(res, 200, {});

    const error = await apiRequest("/app/me.json").catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 401, body: { error: "unauthorized", errorDescription: "Token revoked" } });
    expect(unauthorizedCalls).toBe(1);
    expect(readSession()).toBeNull();
    const revoke = api.requests.find((r) => r.path === "/oauth/revoke.json");
    expect(revoke?.body).toEqual({ token: "doomed", client_id: "foreman-web" });
  });

  it("still signs out when revoking fails", async () => {
    writeSession(freshSession("doomed"));
    api.routes["GET /app/me.json"] = (_req, res) => json(res, 401, { error: "unauthorized" });
    api.routes["POST /oauth/revoke.json"] = (_req, res) => json(res, 500, { error: "boom" });
    await expect(apiRequest("/app/me.json")).rejects.toMatchObject({ status: 401 });
    expect(unauthorizedCalls).toBe(1);
    expect(readSession()).toBeNull();
  });

  it("refreshes an expired session before the call, once for parallel calls, and stores the new one", async () => {
    writeSession(expiredSession());
    let refreshes = 0;
    api.routes["POST /oauth/token"] = (_req, res) => {
      refreshes += 1;
      // A slow answer so both calls are waiting on the same refresh.
      setTimeout(
        () =>
          json(res, 200, {
            access_token: "new-access",
            token_type: "Bearer",
            expires_in: 7200,
            refresh_token: "new-refresh",
            scope: "",
            created_at: now(),
          }),
        50,
      );
    };
    api.routes["GET /app/me.json"] = (_req, res) => json(res, 200, { id: "u1" });

    await Promise.all([apiRequest("/app/me.json"), apiRequest("/app/me.json")]);

    expect(refreshes).toBe(1);
    const refresh = api.requests.find((r) => r.path === "/oauth/token");
    expect(refresh?.body).toEqual({
      grant_type: "refresh_token",
      refresh_token: "refresh-of-old-access",
      client_id: "foreman-web",
    });
    expect(refresh?.headers["x-client-id"]).toBe("foreman-web");
    const calls = api.requests.filter((r) => r.path === "/app/me.json");
    expect(calls.map((r) => r.headers.authorization)).toEqual(["Bearer new-access", "Bearer new-access"]);
    expect(readSession()).toMatchObject({ accessToken: "new-access", refreshToken: "new-refresh" });
    // The refresh came first.
    expect(api.requests[0]?.path).toBe("/oauth/token");
  });

  it("signs out when the refresh is refused, without making the call", async () => {
    writeSession(expiredSession());
    api.routes["POST /oauth/token"] = (_req, res) =>
      json(res, 400, { error: "invalid_grant", error_description: "The refresh token is invalid." });
    api.routes["POST /oauth/revoke.json"] = (_req, res) => json(res, 200, {});

    await expect(apiRequest("/app/me.json")).rejects.toMatchObject({ status: 401 });

    expect(unauthorizedCalls).toBe(1);
    expect(readSession()).toBeNull();
    expect(api.requests.some((r) => r.path === "/app/me.json")).toBe(false);
    expect(api.requests.find((r) => r.path === "/oauth/revoke.json")?.body).toEqual({
      token: "old-access",
      client_id: "foreman-web",
    });
  });

  it("keeps the session when the refresh cannot reach the server", async () => {
    const session = expiredSession();
    writeSession(session);
    api.routes["POST /oauth/token"] = (_req, res) => json(res, 503, { error: "unavailable" });
    await expect(apiRequest("/app/me.json")).rejects.toMatchObject({ status: 503 });
    expect(unauthorizedCalls).toBe(0);
    expect(readSession()).toEqual(session);
  });
});

describe("apiRequest with responseType blob", () => {
  it("returns the raw bytes of a successful answer, with the session and company headers", async () => {
    writeSession(freshSession());
    setSelectedCompany({ id: "company-1", name: "Northwind Supply" });
    api.routes["GET /app/files/1.pdf"] = (_req, res) => {
      res.writeHead(200, { "content-type": "application/pdf" });
      res.end("%PDF-1.7 body");
    };

    const file = await apiRequest<Blob>("/app/files/1.pdf", { companyScoped: true, responseType: "blob" });

    expect(await file.text()).toBe("%PDF-1.7 body");
    expect(api.requests[0]?.headers.authorization).toBe("Bearer access-1");
    expect(api.requests[0]?.headers["x-company-id"]).toBe("company-1");
  });

  it("still throws a failure as an ApiError with the JSON body", async () => {
    writeSession(freshSession());
    api.routes["GET /app/files/2.pdf"] = (_req, res) =>
      json(res, 404, { error: "not_found", error_description: "Order 2 not found" });

    const failure = await apiRequest("/app/files/2.pdf", { responseType: "blob" }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(404);
    expect((failure as ApiError).body.errorDescription).toBe("Order 2 not found");
  });
});
