import type { Message } from "@foreman/contract";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { messages } from "#server/db/schema/index.ts";
import { testEngine } from "#server/test/database.ts";
import { baseUrlOf, closeListeningApp, type EventStream, openEventStream } from "#server/test/sse-client.ts";
import { type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";
import type { PostgresEventBus } from "./postgres-event-bus.ts";

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Two app instances on one PostgreSQL database, as behind a load balancer: what happens on A reaches the
// event streams open on B through LISTEN/NOTIFY. On PGlite there is one process and the in-process bus,
// so there is no second instance to test.
describe.skipIf(testEngine() === "pglite")(
  "live events across two instances on one PostgreSQL (skipped on PGlite: in-process bus)",
  () => {
    let w: TasksWorld;
    let secondDatabase: Database;
    let b: FastifyInstance;
    let baseUrlB: string;
    const streams: EventStream[] = [];

    beforeAll(async () => {
      w = await tasksWorld();
      secondDatabase = await openDatabase({ databaseUrl: w.t.database.url, dataDir: "memory://" });
      b = await buildApp({ config: w.t.config, database: secondDatabase });
      await b.listen({ port: 0, host: "127.0.0.1" });
      baseUrlB = baseUrlOf(b.server.address());
    });
    afterAll(async () => {
      for (const stream of streams) stream.close();
      await closeListeningApp(b, () => b.close());
      await secondDatabase.close();
      await w.t.close();
    });

    const openOnB = async (headers: Record<string, string>) => {
      const stream = await openEventStream(baseUrlB, headers);
      streams.push(stream);
      await eventually(() => stream.comments.length > 0);
      return stream;
    };

    it("uses the PostgreSQL bus on both instances", () => {
      expect(w.t.app.events.constructor.name).toBe("PostgresEventBus");
      expect(b.events.constructor.name).toBe("PostgresEventBus");
      expect((w.t.app.events as PostgresEventBus).listening).toBe(true);
    });

    it("a resolution through instance A reaches a stream subscribed on instance B (company-scoped)", async () => {
      const streamA = await openOnB(w.a.headers);
      const streamB = await openOnB(w.b.headers);
      const response = await w.t.app.inject({
        method: "POST",
        url: `/app/tasks/${w.a.question}/resolution.json`,
        headers: w.a.headers,
        payload: { answer: "Relayed across instances." },
      });
      expect(response.statusCode, response.body).toBe(200);
      const created = await streamA.next((e) => e.event === "message.created");
      expect(created.data).toMatchObject({
        conversation_id: w.a.conversation.id,
        message: { sender_type: "ai", content: "Relayed across instances." },
      });
      await streamA.next((e) => e.event === "task.updated");
      // The other company's stream on B got nothing of A's: its first event is its own.
      await w.t.app.events.publish(w.b.companyId, { type: "task.created", taskId: "marker", state: "to_do" });
      expect((await streamB.next()).data).toEqual({ type: "task.created", task_id: "marker", state: "to_do" });
    });

    it("a message too large for NOTIFY travels slim and B reads it back from the database", async () => {
      const stream = await openOnB(w.a.headers);
      const content = "€".repeat(4000);
      const [row] = await w.t.db
        .insert(messages)
        .values({
          companyId: w.a.companyId,
          conversationId: w.a.conversation.id,
          senderType: "customer",
          senderName: "Customer",
          content,
        })
        .returning();
      const message: Message = {
        id: row!.id,
        conversationId: row!.conversationId,
        senderType: "customer",
        senderName: "Customer",
        avatarUrl: null,
        content,
        attachments: [],
        createdAt: row!.createdAt.toISOString(),
        agentRunId: null,
        delivery: null,
        templateName: null,
        email: null,
      };
      await w.t.app.events.publish(w.a.companyId, {
        type: "message.created",
        conversationId: w.a.conversation.id,
        message,
      });
      const created = await stream.next((e) => e.event === "message.created");
      expect(created.data).toEqual({
        type: "message.created",
        conversation_id: w.a.conversation.id,
        message: {
          id: row!.id,
          conversation_id: w.a.conversation.id,
          sender_type: "customer",
          sender_name: "Customer",
          avatar_url: null,
          content,
          attachments: [],
          created_at: message.createdAt,
          agent_run_id: null,
          delivery: null,
          template_name: null,
          email: null,
        },
      });
    });

    it("B listens again after its connection is killed, and events flow once more", async () => {
      const stream = await openOnB(w.a.headers);
      const busB = b.events as PostgresEventBus;
      await w.t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN foreman_%' and pid <> pg_backend_pid()`,
      );
      await eventually(() => !busB.listening);
      await eventually(() => busB.listening);
      await w.t.app.events.publish(w.a.companyId, { type: "task.updated", taskId: "after-reconnect", state: "done" });
      const event = await stream.next((e) => e.event === "task.updated");
      expect(event.data).toEqual({ type: "task.updated", task_id: "after-reconnect", state: "done" });
    });
  },
);
