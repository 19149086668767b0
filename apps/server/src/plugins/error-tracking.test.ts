import { randomBytes } from "node:crypto";
import {
  FILTERED,
  isSecretName,
  REPLAYS_ON_ERROR_SAMPLE_RATE,
  REPLAYS_SESSION_SAMPLE_RATE,
  scrubString,
  TRACES_SAMPLE_RATE,
} from "@foreman/contract";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";
import { SECRET_FIELDS, SECRET_PARAMETERS } from "#server/lib/log-redaction.ts";
import { productVersion } from "#server/lib/product-version.ts";
import { createTestApp } from "#server/test/app.ts";
import { type FakeSentry, type ReceivedItem, startFakeSentry } from "#server/test/fake-sentry.ts";
import { httpError } from "./errors.ts";

// Error tracking with SENTRY_DSN pointing at a fake Sentry ingest on 127.0.0.1: what arrives, and what
// never does. (Without a DSN: error-tracking-off.test.ts, in a process of its own.)

const fake: FakeSentry = await startFakeSentry();
const BROWSER_DSN = "https://browserkey@ingest.example.com/8";
const t = await createTestApp({
  env: { SENTRY_DSN: fake.dsn(7), SENTRY_BROWSER_DSN: BROWSER_DSN, SENTRY_ENVIRONMENT: "test" },
  beforeReady(app) {
    // A bug: what it says names a customer and a credential, which must not leave as they are.
    app.post("/test/explode", async () => {
      throw new Error(`Could not charge jane.doe@example.com with ${TOKEN}`);
    });
    app.get("/test/files/:id/:accessKey", async () => {
      throw new Error("could not read the file");
    });
    app.get("/test/missing", async () => {
      throw httpError(404, "not_found", "No such thing");
    });
  },
});
const Sentry = await import("@sentry/node");
afterAll(async () => {
  await t.close();
  await fake.close();
});

const TOKEN = randomBytes(32).toString("base64url");
const REFRESH_TOKEN = randomBytes(32).toString("base64url");
const PASSWORD = "correct-horse-battery-staple";
const MESSAGE = "Hello, my card number is 4242 4242 4242 4242";
const COOKIE = "session=s3cr3t-cookie-value";
const EMAIL = "jane.doe@example.com";
const QUERY_CODE = "oauth-code-9f8e7d";

/** Flushes the SDK until an item of `type` matching `test` has arrived, and returns it. */
async function arrived(type: string, test: (found: ReceivedItem) => boolean): Promise<ReceivedItem> {
  return vi.waitFor(
    async () => {
      await Sentry.flush(2_000);
      const found = fake.itemsOfType(type).find(test);
      if (!found) throw new Error(`no matching ${type} yet (${fake.itemsOfType(type).length} others arrived)`);
      return found;
    },
    { timeout: 15_000, interval: 50 },
  );
}

type EventPayload = {
  release: string;
  environment: string;
  exception: { values: { type: string; value: string; mechanism: { handled: boolean } }[] };
  request: { method: string; url: string; headers: Record<string, string>; query_string?: string };
  user?: unknown;
};
type TransactionPayload = {
  transaction: string;
  release: string;
  contexts: { trace: { trace_id: string; op: string; status: string; data: Record<string, unknown> } };
};
type TraceHeader = { trace: { sample_rate: string; release: string; trace_id: string } };

describe("a route that throws, with SENTRY_DSN set", () => {
  const explode = () =>
    t.app.inject({
      method: "POST",
      url: `/test/explode?code=${QUERY_CODE}&page=2`,
      headers: {
        authorization: `Bearer ${TOKEN}`,
        cookie: COOKIE,
        "x-refresh-token": REFRESH_TOKEN,
        "user-agent": "error-tracking-test",
      },
      payload: { email: EMAIL, password: PASSWORD, content: MESSAGE },
    });

  it("answers 500 without internals and reports the error, with its release and request, scrubbed", async () => {
    const response = await explode();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: "internal_error", error_description: "Something went wrong" });

    const { envelope, item } = await arrived("event", ({ item }) =>
      (item.payload as EventPayload).exception.values[0]!.value.startsWith("Could not charge"),
    );
    const event = item.payload as EventPayload;
    expect(event.release).toBe(productVersion());
    expect(event.environment).toBe("test");
    expect(event.exception.values[0]).toMatchObject({
      type: "Error",
      value: `Could not charge ${FILTERED} with ${FILTERED}`,
      mechanism: { handled: false },
    });
    expect(event.request).toMatchObject({ method: "POST", query_string: `code=${FILTERED}&page=2` });
    expect(event.request.url).toMatch(/\/test\/explode$/);
    expect(event.request.headers["user-agent"]).toBe("error-tracking-test");
    expect(Object.keys(event.request.headers)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(authorization|cookie|x-refresh-token)$/)]),
    );
    expect(event.user).toBeUndefined();
    // The whole envelope as sent: no credential, no address, no customer's words, anywhere.
    for (const secret of [
      TOKEN,
      REFRESH_TOKEN,
      PASSWORD,
      MESSAGE,
      "4242 4242",
      "s3cr3t-cookie-value",
      EMAIL,
      QUERY_CODE,
    ])
      expect(envelope.raw, secret).not.toContain(secret);
    expect((envelope.header as TraceHeader).trace.sample_rate).toBe("1");
    expect(envelope.projectId).toBe("7");
  });

  it("sends the request's transaction, named by its route, sampled at the spec's rate", async () => {
    await explode();
    const { envelope, item } = await arrived("transaction", ({ item }) => {
      return (item.payload as TransactionPayload).transaction === "POST /test/explode";
    });
    const transaction = item.payload as TransactionPayload;
    expect(transaction.release).toBe(productVersion());
    expect(transaction.contexts.trace).toMatchObject({ op: "http.server", status: "internal_error" });
    expect(transaction.contexts.trace.data["sentry.sample_rate"]).toBe(TRACES_SAMPLE_RATE);
    expect((envelope.header as TraceHeader).trace).toMatchObject({ sample_rate: "1", release: productVersion() });
    for (const secret of [TOKEN, PASSWORD, MESSAGE, EMAIL]) expect(envelope.raw, secret).not.toContain(secret);
  });
});

describe("what is not an error of ours, and how requests are named", () => {
  it("reports no 4xx answer, though each request has its transaction", async () => {
    const eventsBefore = fake.itemsOfType("event").length;
    expect((await t.app.inject({ method: "GET", url: "/test/missing" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/app/me.json" })).statusCode).toBe(401);
    await arrived(
      "transaction",
      ({ item }) => (item.payload as TransactionPayload).transaction === "GET /test/missing",
    );
    await arrived("transaction", ({ item }) => (item.payload as TransactionPayload).transaction === "GET /app/me.json");
    expect(fake.itemsOfType("event")).toHaveLength(eventsBefore);
  });

  it("names a transaction by the route's pattern, never by the URL with its keys", async () => {
    const accessKey = randomBytes(24).toString("hex");
    const response = await t.app.inject({
      method: "GET",
      url: `/files/00000000-0000-4000-8000-000000000000/${accessKey}/x.pdf`,
    });
    expect(response.statusCode).toBe(404);
    const { envelope } = await arrived(
      "transaction",
      ({ item }) => (item.payload as TransactionPayload).transaction === "GET /files/:id/:accessKey/:fileName",
    );
    expect(envelope.raw).not.toContain(accessKey);
  });

  it("keeps a route's secret path segments out of an error's request", async () => {
    const accessKey = randomBytes(24).toString("hex");
    expect((await t.app.inject({ method: "GET", url: `/test/files/42/${accessKey}` })).statusCode).toBe(500);
    const { envelope, item } = await arrived("event", ({ item }) =>
      (item.payload as EventPayload).request.url.includes("/test/files/42/"),
    );
    expect((item.payload as EventPayload).request.url).toMatch(/\/test\/files\/42\/\[redacted\]$/);
    expect(envelope.raw).not.toContain(accessKey);
  });

  it("continues the browser's trace when a request carries one", async () => {
    const traceId = randomBytes(16).toString("hex");
    await t.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "sentry-trace": `${traceId}-${randomBytes(8).toString("hex")}-1` },
    });
    const { item } = await arrived("transaction", ({ item }) => {
      const transaction = item.payload as TransactionPayload;
      return transaction.transaction === "GET /healthz" && transaction.contexts.trace.trace_id === traceId;
    });
    expect(item.payload).toMatchObject({ contexts: { trace: { op: "http.server", status: "ok" } } });
  });
});

describe("GET /client_config.json", () => {
  it("hands the browser its DSN, environment and the spec's sample rates, with the release; publicly", async () => {
    const response = await t.app.inject({ method: "GET", url: "/client_config.json" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=60");
    expect(response.json()).toEqual({
      release: productVersion(),
      sentry: {
        dsn: BROWSER_DSN,
        environment: "test",
        traces_sample_rate: TRACES_SAMPLE_RATE,
        replays_session_sample_rate: REPLAYS_SESSION_SAMPLE_RATE,
        replays_on_error_sample_rate: REPLAYS_ON_ERROR_SAMPLE_RATE,
      },
    });
    expect([TRACES_SAMPLE_RATE, REPLAYS_SESSION_SAMPLE_RATE, REPLAYS_ON_ERROR_SAMPLE_RATE]).toEqual([1, 0.1, 1]);
  });

  it("lets the pages post to the browser DSN's origin and start the replay's worker", async () => {
    const page = await t.app.inject({ method: "GET", url: "/dashboard", headers: { accept: "text/html" } });
    const policy = String(page.headers["content-security-policy"]);
    expect(policy).toContain("connect-src 'self' https://ingest.example.com");
    expect(policy).toContain("worker-src 'self' blob:");
  });
});

describe("the error tracking settings", () => {
  it("refuses a DSN that is not one, naming the setting", () => {
    for (const [name, value] of [
      ["SENTRY_DSN", "not a url"],
      ["SENTRY_DSN", "https://sentry.example.com/1"],
      ["SENTRY_BROWSER_DSN", "https://key@sentry.example.com/project"],
      ["SENTRY_BROWSER_DSN", "ftp://key@sentry.example.com/1"],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(`${name} must be a DSN like https://<public key>@`);
    }
  });

  it("reads DSNs with a path and a port, and defaults the environment to production", () => {
    const config = loadConfig({ SENTRY_DSN: "http://abc123@glitchtip.internal:8000/sub/42" });
    expect(config.errorTracking).toEqual({
      serverDsn: "http://abc123@glitchtip.internal:8000/sub/42",
      browserDsn: undefined,
      environment: "production",
    });
  });
});

describe("the scrubber and the server's log redaction", () => {
  it("treats every field the logs censor as a secret", () => {
    for (const name of SECRET_FIELDS) expect(isSecretName(name), name).toBe(true);
  });

  it("filters every URL parameter the logs censor", () => {
    for (const name of SECRET_PARAMETERS) {
      const scrubbed = scrubString(`/path?page=1&${name}=v4lue-1`);
      expect(scrubbed, name).toBe(`/path?page=1&${name}=${FILTERED}`);
    }
  });
});
