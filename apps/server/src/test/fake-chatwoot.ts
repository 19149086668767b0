import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readJson } from "./read-json.ts";

// A small stand-in for Chatwoot's Platform API on 127.0.0.1 (tests only): it checks the
// `api_access_token` header, creates users, answers SSO login links, and records every call. Tests
// switch it to failing modes to see how the server copes.
//
// Like Chatwoot (Platform::Api::V1::UsersController#create), `POST /users` with an email that already
// has a user answers THAT user (200, its own name and custom attributes, nothing of the request
// applied) and grants the platform app access to it; login links are only for users the app may access.

export type FakeChatwootCall = { method: string; path: string; token: string | undefined; body: unknown };
export type FakeChatwootMode = "ok" | "error" | "hang" | "bad_json" | "unsafe_url";
export type FakeChatwootUser = {
  name: string;
  email: string;
  password: string;
  customAttributes?: Record<string, unknown>;
};

export type FakeChatwoot = {
  url: string;
  token: string;
  calls: FakeChatwootCall[];
  users: Map<number, FakeChatwootUser>;
  /** Users the platform app may act for (the ones it created or was answered). */
  permitted: Set<number>;
  mode: FakeChatwootMode;
  /** Runs as a user is being created, before the answer (e.g. to play a concurrent request). */
  onCreateUser: (() => Promise<void>) | null;
  /** A user made in Chatwoot itself (signed up there, or by its administrator): not the platform app's. */
  addExistingUser(user: { name: string; email: string }): number;
  close(): Promise<void>;
};

export async function startFakeChatwoot(token = "platform-secret"): Promise<FakeChatwoot> {
  let nextId = 41;
  const hanging = new Set<ServerResponse>();
  const fake: FakeChatwoot = {
    url: "",
    token,
    calls: [],
    users: new Map(),
    permitted: new Set(),
    mode: "ok",
    onCreateUser: null,
    addExistingUser: (user) => {
      const id = nextId++;
      fake.users.set(id, { ...user, password: "known-only-to-them" });
      return id;
    },
    close: async () => {},
  };

  const reply = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(typeof body === "string" ? body : JSON.stringify(body));
  };

  const server = createServer(async (request, response) => {
    const path = request.url ?? "/";
    const given = request.headers.api_access_token;
    const body = await readJson(request);
    fake.calls.push({ method: request.method ?? "GET", path, token: Array.isArray(given) ? given[0] : given, body });

    if (given !== fake.token) return reply(response, 401, { error: "Invalid access_token" });
    if (fake.mode === "hang") {
      hanging.add(response);
      return;
    }
    if (fake.mode === "error") return reply(response, 500, { error: "Internal Server Error" });
    if (fake.mode === "bad_json") return reply(response, 200, "<html>maintenance</html>");

    if (request.method === "POST" && path === "/platform/api/v1/users") {
      const given = body as {
        name: string;
        email: string;
        password: string;
        custom_attributes?: Record<string, unknown>;
      };
      await fake.onCreateUser?.();
      const existing = [...fake.users.entries()].find(([, u]) => u.email.toLowerCase() === given.email.toLowerCase());
      let id: number;
      if (existing) id = existing[0];
      else {
        id = nextId++;
        const { custom_attributes: customAttributes, ...user } = given;
        fake.users.set(id, { ...user, ...(customAttributes ? { customAttributes } : {}) });
      }
      fake.permitted.add(id);
      const user = fake.users.get(id)!;
      return reply(response, 200, {
        id,
        name: user.name,
        email: user.email,
        access_token: "user-token",
        confirmed: true,
        // Chatwoot leaves the key out when the user has none.
        ...(user.customAttributes && Object.keys(user.customAttributes).length > 0
          ? { custom_attributes: user.customAttributes }
          : {}),
      });
    }
    const login = /^\/platform\/api\/v1\/users\/(\d+)\/login$/.exec(path);
    if (request.method === "GET" && login) {
      const user = fake.users.get(Number(login[1]));
      if (!user) return reply(response, 404, { error: "Resource could not be found" });
      if (!fake.permitted.has(Number(login[1]))) return reply(response, 401, { error: "Non permissible resource" });
      if (fake.mode === "unsafe_url") return reply(response, 200, { url: "javascript:alert(1)" });
      const email = encodeURIComponent(user.email);
      return reply(response, 200, { url: `${fake.url}/app/login?email=${email}&sso_auth_token=sso-${login[1]}` });
    }
    return reply(response, 404, { error: "Not found" });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = async () => {
    for (const response of hanging) response.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
