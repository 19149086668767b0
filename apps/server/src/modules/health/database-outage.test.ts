import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CLIENT_ID_HEADER, type LiveEvent, WEB_CLIENT_ID } from "@foreman/contract";
import { inArray, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { messages, users } from "#server/db/schema/index.ts";
import { isDatabaseUnavailable } from "#server/db/unavailable.ts";
import { ensureWebClient } from "#server/modules/auth/oauth-client.repository.ts";
import { toNotification } from "#server/modules/events/notification.ts";
import { EVENTS_CHANNEL, type PostgresEventBus } from "#server/modules/events/postgres-event-bus.ts";
import { createConversation } from "#server/test/conversations-setup.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "#server/test/database.ts";
import { apiHeaders, createMember, issueTokenFor } from "#server/test/fixtures.ts";
import { type ProxyMode, startTcpProxy, type TcpProxy } from "#server/test/tcp-proxy.ts";

// The app reaches PostgreSQL through a proxy the test takes down: while the database is unreachable,
// calls answer a clear 503 within 2 s rather than hang, the readiness probe says so and liveness
// does not; once it is back the app recovers by itself and every write it acknowledged is there.
const ANSWER_WITHIN_MS = 2000;
// Well inside close-with-grace's 10 s (server.ts), past which the process exits 1.
const SHUTDOWN_WITHIN_MS = 3000;

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(testEngine() === "pglite")(
  "PostgreSQL unreachable mid-traffic (skipped on PGlite: an embedded database has no network to lose)",
  () => {
    let database: TestDatabase; // a direct connection, for set-up and for the final check
    let proxy: TcpProxy;
    let served: Database; // the app's, through the proxy
    let app: FastifyInstance;
    let webDist: string;
    let headers: Record<string, string>;
    let companyId: string;
    let conversationId: string;
    const acknowledged = { users: [] as string[], messages: [] as string[] };
    const figures: string[] = [];
    let signUps = 0;
    let shutDown = false;

    beforeAll(async () => {
      database = await createTestDatabase();
      await ensureWebClient(database.db);
      const member = await createMember(database.db);
      companyId = member.company.id;
      headers = apiHeaders((await issueTokenFor(database.db, member.user.id)).accessToken, companyId);
      conversationId = await createConversation(database.db, companyId);
      const target = new URL(database.url!);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      served = await openDatabase({ databaseUrl: proxy.urlFor(database.url!), dataDir: "memory://" });
      webDist = mkdtempSync(path.join(tmpdir(), "foreman-web-"));
      const config = loadConfig({
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
        DATA_DIR: "memory://",
        WEB_DIST: webDist,
      });
      app = await buildApp({ config, database: served });
      await app.ready();
    });
    afterAll(async () => {
      if (figures.length > 0) console.info(`database outage: ${figures.join("; ")}`);
      await proxy?.setMode("forward");
      if (!shutDown) await app?.close();
      await served?.close();
      await proxy?.close();
      await database?.close();
      if (webDist) rmSync(webDist, { recursive: true, force: true });
    });

    const staffReply = (content: string) =>
      app.inject({
        method: "POST",
        url: `/app/conversations/${conversationId}/messages.json`,
        headers,
        payload: { content },
      });
    const signUp = () => {
      const n = ++signUps;
      return app.inject({
        method: "POST",
        url: "/users.json",
        headers: { [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
        // Each from its own address: sign-ups are rate limited per client.
        remoteAddress: `10.9.0.${n}`,
        payload: {
          user: {
            first_name: "Ada",
            last_name: `Outage ${n}`,
            email: `outage-${n}-${Date.now()}@example.com`,
            password: "analytical engine",
            password_confirmation: "analytical engine",
            company_name: `Outage ${n}`,
          },
        },
      });
    };

    /** A burst of writes that must all succeed; remembers what was acknowledged. */
    async function writes(label: string) {
      const replies = await Promise.all([1, 2, 3].map((i) => staffReply(`${label} ${i}`)));
      const signUp1 = await signUp();
      for (const response of [...replies, signUp1]) expect(response.statusCode, response.body).toBe(201);
      acknowledged.messages.push(...replies.map((r) => r.json<{ id: string }>().id));
      acknowledged.users.push(signUp1.json<{ user: { id: string } }>().user.id);
    }

    async function timed(name: string, call: () => Promise<LightMyRequestResponse>) {
      const started = performance.now();
      const response = await call();
      return { name, response, ms: performance.now() - started };
    }

    /** Reads and writes at once: each answers 503 with the clear error within the bound. */
    async function expectUnavailable(): Promise<number> {
      const calls = await Promise.all([
        // Reads the database must answer (not ones a cache may serve, like /app/me.json).
        timed("GET /app/conversations.json", () =>
          app.inject({ method: "GET", url: "/app/conversations.json", headers }),
        ),
        timed("GET messages", () =>
          app.inject({ method: "GET", url: `/app/conversations/${conversationId}/messages.json`, headers }),
        ),
        timed("staff reply", () => staffReply("sent during the outage")),
        timed("sign-up", signUp),
        timed("GET /readyz", () => app.inject({ method: "GET", url: "/readyz" })),
      ]);
      for (const { name, response, ms } of calls) {
        expect(response.statusCode, `${name}: ${response.body}`).toBe(503);
        expect(ms, `${name} answered in ${Math.round(ms)} ms`).toBeLessThan(ANSWER_WITHIN_MS);
        if (name === "GET /readyz") {
          expect(response.json()).toEqual({ status: "unavailable" });
          continue;
        }
        expect(response.json()).toEqual({
          error: "service_unavailable",
          error_description: "The database cannot be reached right now. Please try again in a few seconds.",
        });
        expect(response.headers["retry-after"]).toBe("5");
      }
      const live = await app.inject({ method: "GET", url: "/healthz" });
      expect(live.statusCode).toBe(200);
      return Math.max(...calls.map((c) => c.ms));
    }

    async function outage(mode: ProxyMode) {
      // The pool holds idle connections from the traffic before: the first wave meets them, the
      // second has to open new ones.
      expect(proxy.connections).toBeGreaterThan(0);
      await proxy.setMode(mode);
      const first = await expectUnavailable();
      const second = await expectUnavailable();
      figures.push(`${mode}: slowest 503 ${Math.round(first)} ms (open connections), ${Math.round(second)} ms (new)`);
    }

    async function expectRecovered(mode: ProxyMode) {
      await proxy.setMode("forward");
      const started = performance.now();
      await eventually(async () => (await app.inject({ method: "GET", url: "/readyz" })).statusCode === 200, 10_000);
      const readyMs = performance.now() - started;
      await writes(`after the ${mode} outage`);
      // The live events' LISTEN connection is back too: another instance's NOTIFY reaches this one.
      const bus = app.events as PostgresEventBus;
      await eventually(() => bus.listening, 20_000);
      const listeningMs = performance.now() - started;
      const received = new Promise<LiveEvent>((resolve) => {
        const stop = bus.subscribe(companyId, (event) => {
          stop();
          resolve(event);
        });
      });
      const event: LiveEvent = { type: "conversation.updated", conversationId };
      await database.db.execute(
        sql`select pg_notify(${EVENTS_CHANNEL}, ${toNotification("another-instance", companyId, event)})`,
      );
      expect(await received).toEqual(event);
      figures.push(`after ${mode}: ready in ${Math.round(readyMs)} ms, listening in ${Math.round(listeningMs)} ms`);
    }

    it("serves writes through the proxy", async () => {
      await writes("before the outage");
      await writes("before the outage, again");
      expect((app.events as PostgresEventBus).listening).toBe(true);
    });

    it("refused connections: calls answer 503 within 2 s, /readyz 503, /healthz 200", async () => {
      await outage("refuse");
    });

    it("recovers without a restart when the database is back", async () => {
      await expectRecovered("refuse");
    });

    it("a black hole (connections accepted, never answered): calls answer 503 within 2 s", async () => {
      await outage("blackhole");
    });

    it("recovers from the black hole without a restart", async () => {
      await expectRecovered("blackhole");
    });

    it("a connection lost inside a transaction fails the transaction, not the process", async () => {
      // pg emits 'error' on a checked-out client besides failing its query; unheard, it would crash.
      const failure = await served.db
        .transaction(async (tx) => {
          const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: { pid: number }[];
          };
          await database.db.execute(sql`select pg_terminate_backend(${result.rows[0]!.pid})`);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    });

    it("shuts down promptly in a black hole: the app, the live events' connection and the pool close", async () => {
      await writes("before shutting down");
      await proxy.setMode("blackhole");
      // As server.ts does on SIGTERM: the app (and its event bus), then the database.
      const started = performance.now();
      shutDown = true;
      await app.close();
      const appMs = performance.now() - started;
      await served.close();
      const closeMs = performance.now() - started;
      figures.push(`closed in a black hole in ${Math.round(closeMs)} ms (the app in ${Math.round(appMs)} ms)`);
      expect(closeMs).toBeLessThan(SHUTDOWN_WITHIN_MS);
    });

    it("every write acknowledged with a 2xx is in the database", async () => {
      expect(acknowledged.users).toHaveLength(5);
      expect(acknowledged.messages).toHaveLength(15);
      const storedUsers = await database.db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, acknowledged.users));
      const storedMessages = await database.db
        .select({ id: messages.id })
        .from(messages)
        .where(inArray(messages.id, acknowledged.messages));
      expect(storedUsers.map((r) => r.id).sort()).toEqual([...acknowledged.users].sort());
      expect(storedMessages.map((r) => r.id).sort()).toEqual([...acknowledged.messages].sort());
    });
  },
);
