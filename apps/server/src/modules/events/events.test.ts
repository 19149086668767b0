import { LIVE_EVENTS_HEARTBEAT_SECONDS } from "@foreman/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testEngine } from "#server/test/database.ts";
import { apiHeaders } from "#server/test/fixtures.ts";
import { baseUrlOf, closeListeningApp, type EventStream, openEventStream } from "#server/test/sse-client.ts";
import { type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";

async function eventually(check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe(`GET /app/events (${testEngine() === "pglite" ? "in-process bus" : "PostgreSQL LISTEN/NOTIFY bus"})`, () => {
  let w: TasksWorld;
  let baseUrl: string;
  const streams: EventStream[] = [];
  const open = async (headers: Record<string, string>) => {
    const stream = await openEventStream(baseUrl, headers);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    // A tight rate limit: the stream must not count against it.
    w = await tasksWorld({ env: { RATE_LIMIT_MAX: "3" } });
    await w.t.app.listen({ port: 0, host: "127.0.0.1" });
    baseUrl = baseUrlOf(w.t.app.server.address());
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await closeListeningApp(w.t.app, w.t.close);
  });

  it("is an event stream that is neither cached nor buffered by proxies", async () => {
    const stream = await open(w.a.headers);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(stream.response.headers.get("cache-control")).toBe("no-store");
    expect(stream.response.headers.get("x-accel-buffering")).toBe("no");
    await eventually(() => stream.comments.includes(": connected"));
    stream.close();
  });

  it(`sends a ": ping" comment every ${LIVE_EVENTS_HEARTBEAT_SECONDS} s`, async () => {
    // Only the stream's interval is faked; sockets and everything else keep real time.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const stream = await open(w.a.headers);
      await eventually(() => stream.comments.includes(": connected"));
      vi.advanceTimersByTime(LIVE_EVENTS_HEARTBEAT_SECONDS * 1000 - 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stream.comments).not.toContain(": ping");
      vi.advanceTimersByTime(1);
      await eventually(() => stream.comments.filter((c) => c === ": ping").length === 1);
      vi.advanceTimersByTime(LIVE_EVENTS_HEARTBEAT_SECONDS * 1000);
      await eventually(() => stream.comments.filter((c) => c === ": ping").length === 2);
      stream.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it("announces a resolution: task.updated and the relayed message.created, snake_case, to this company only", async () => {
    const a = await open(w.a.headers);
    const b = await open(w.b.headers);
    await eventually(() => a.comments.length > 0 && b.comments.length > 0);
    const response = await w.t.app.inject({
      method: "POST",
      url: `/app/tasks/${w.a.question}/resolution.json`,
      headers: w.a.headers,
      payload: { answer: "Saturday works." },
    });
    expect(response.statusCode, response.body).toBe(200);

    const updated = await a.next((e) => e.event === "task.updated");
    expect(updated.data).toEqual({ type: "task.updated", task_id: w.a.question, state: "done" });
    const created = await a.next((e) => e.event === "message.created");
    expect(created.data).toMatchObject({
      type: "message.created",
      conversation_id: w.a.conversation.id,
      message: {
        conversation_id: w.a.conversation.id,
        sender_type: "ai",
        sender_name: w.a.aiEmployee.name,
        content: "Saturday works.",
        attachments: [],
      },
    });
    await a.next((e) => e.event === "conversation.updated");

    // B's stream saw none of it: the first thing it receives is B's own event.
    await w.t.app.events.publish(w.b.companyId, { type: "task.created", taskId: "marker", state: "to_do" });
    expect((await b.next()).data).toEqual({ type: "task.created", task_id: "marker", state: "to_do" });
  });

  it("unsubscribes when the client goes away", async () => {
    const before = w.t.app.events.subscriberCount(w.a.companyId);
    const stream = await open(w.a.headers);
    await eventually(() => w.t.app.events.subscriberCount(w.a.companyId) === before + 1);
    stream.close();
    await eventually(() => w.t.app.events.subscriberCount(w.a.companyId) === before);
  });

  it("is not cut by the rate limit: streams still open once other API calls are refused", async () => {
    let status = 0;
    for (let i = 0; i < 4 && status !== 429; i++) {
      status = (await w.t.app.inject({ method: "GET", url: "/app/tasks.json", headers: w.a.headers })).statusCode;
    }
    expect(status).toBe(429);
    for (let i = 0; i < 5; i++) {
      const stream = await open(w.a.headers);
      expect(stream.response.status).toBe(200);
      stream.close();
    }
  });

  it.each([
    ["no token", () => apiHeaders(undefined, w.a.companyId), 401],
    ["no X-Company-ID", () => apiHeaders(w.a.token), 400],
    ["another company's id", () => apiHeaders(w.a.token, w.b.companyId), 404],
    ["a made-up company", () => apiHeaders(w.a.token, "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d"), 404],
  ])("refuses %s before streaming", async (_, headers, status) => {
    const response = await w.t.app.inject({ method: "GET", url: "/app/events", headers: headers() });
    expect(response.statusCode).toBe(status);
    expect(response.headers["content-type"]).toContain("application/json");
  });
});

describe("GET /app/events when the app closes", () => {
  it("ends the open streams so closing does not wait on them", async () => {
    const w = await tasksWorld();
    await w.t.app.listen({ port: 0, host: "127.0.0.1" });
    const stream = await openEventStream(baseUrlOf(w.t.app.server.address()), w.a.headers);
    await eventually(() => stream.comments.length > 0);
    const started = Date.now();
    const closing = w.t.close();
    await stream.ended;
    // Left open, the stream would hold the close for ever: any bound tells the two apart, and 10 s is
    // one a busy two-core machine does not reach.
    expect(Date.now() - started).toBeLessThan(10_000);
    await closing;
  });
});
