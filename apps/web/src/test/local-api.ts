/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { configureApiClient } from "#web/lib/api-client.ts";
import { writeSession } from "#web/lib/session-cookie.ts";
import { getToasts, removeToast } from "#web/lib/toast-store.ts";

// A real HTTP server on 127.0.0.1 that answers the API client in component tests: each request is
// recorded and answered by the route the test registers (no fetch mocking).

export type RecordedRequest = { method: string; path: string; headers: IncomingMessage["headers"]; body: unknown };
export type RouteHandler = (request: RecordedRequest, response: ServerResponse) => void;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

export type LocalApi = {
  requests: RecordedRequest[];
  routes: Record<string, RouteHandler>;
  baseUrl: string;
  reset(): void;
  close(): Promise<void>;
};

/** Starts the server and points the API client at it. Routes are keyed "METHOD /path". */
export async function startLocalApi(): Promise<LocalApi> {
  const api: LocalApi = {
    requests: [],
    routes: {},
    baseUrl: "",
    reset() {
      api.requests.length = 0;
      api.routes = {};
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: url.pathname + url.search,
        headers: req.headers,
        body: raw ? JSON.parse(raw) : undefined,
      };
      api.requests.push(recorded);
      const handler = api.routes[`${recorded.method} ${url.pathname}`];
      if (handler) handler(recorded, res);
      else sendJson(res, 404, { error: "not_found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  api.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  configureApiClient({ baseUrl: api.baseUrl });
  return api;
}

/** The session a granted token gives, as the browser stores it (the same "tok" as `tokenGrant`). */
export function testSession() {
  return {
    accessToken: "tok",
    tokenType: "Bearer",
    expiresIn: 7200,
    refreshToken: "ref",
    scope: "",
    createdAt: Math.floor(Date.now() / 1000),
  };
}

/** An invitation's preview (`POST /invitations/lookup.json`), as the server sends it. */
export function invitationPreview(extra: object = {}) {
  return {
    company_name: "Northwind",
    company_logo_url: null,
    invited_by: "Dana Owens",
    email: "sam@northwind.example",
    role: "admin",
    expires_at: "2026-12-04T10:00:00.000Z",
    account_exists: false,
    ...extra,
  };
}

/** The body of a granted `POST /oauth/token.json`, as the server sends it. */
export function tokenGrant() {
  return {
    access_token: "tok",
    token_type: "Bearer",
    expires_in: 7200,
    refresh_token: "ref",
    scope: "",
    created_at: Math.floor(Date.now() / 1000),
  };
}

/**
 * A test file's local API, signed in: started once for the file, and before each test emptied of
 * routes and requests, with a fresh session and no toast left from the test before. The answer stands
 * for the running instance, so tests write `api.routes[…]` as with `startLocalApi`.
 */
export function signedInLocalApi(): LocalApi {
  let current: LocalApi | undefined;
  const live = () => {
    if (!current) throw new Error("the local API starts in beforeAll; use it inside tests");
    return current;
  };
  beforeAll(async () => {
    current = await startLocalApi();
  });
  afterAll(() => current?.close());
  beforeEach(() => {
    live().reset();
    for (const item of getToasts()) removeToast(item.id);
    writeSession(testSession());
  });
  return new Proxy({} as LocalApi, {
    get: (_, key) => Reflect.get(live(), key),
    set: (_, key, value) => Reflect.set(live(), key, value),
  });
}
