import type { ServerResponse } from "node:http";
import type { LiveEvent, Session } from "@foreman/contract";
import { waitFor } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sendJson as json, type LocalApi, startLocalApi } from "#web/test/local-api.ts";
import { setUnauthorizedHandler } from "./api-client.ts";
import { getLiveEventsStatus, liveEventsConfig, subscribeLiveEvents } from "./live-events.ts";
import { setSelectedCompany } from "./selected-company.ts";
import { writeSession } from "./session-cookie.ts";

// The shared stream against a real HTTP server on 127.0.0.1 that speaks text/event-stream.

let api: LocalApi;
let streams: ServerResponse[] = [];
const original = { ...liveEventsConfig };

beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());

const session = (token = "access-1"): Session => ({
  accessToken: token,
  tokenType: "Bearer",
  expiresIn: 7200,
  refreshToken: "refresh-1",
  scope: "",
  createdAt: Math.floor(Date.now() / 1000),
});

function openStream(_request: unknown, res: ServerResponse) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.write(": connected\n\n");
  streams.push(res);
}

const send = (res: ServerResponse, type: string, payload: object) =>
  res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...payload })}\n\n`);

beforeEach(() => {
  api.reset();
  streams = [];
  Object.assign(liveEventsConfig, { retryBaseMs: 20, retryMaxMs: 100, lingerMs: 10 });
  setUnauthorizedHandler(() => {});
  writeSession(session());
  setSelectedCompany({ id: "company-1", name: "Northwind Supply" });
  api.routes["GET /app/events"] = openStream;
});

afterEach(async () => {
  for (const res of streams) res.end();
  Object.assign(liveEventsConfig, original);
  setUnauthorizedHandler(null);
  await waitFor(() => expect(getLiveEventsStatus()).toBe("idle"));
});

describe("live events", () => {
  it("shares one authenticated, company-scoped stream between listeners and delivers each event to all", async () => {
    const first: LiveEvent[] = [];
    const second: LiveEvent[] = [];
    const stopFirst = subscribeLiveEvents({ onEvent: (event) => first.push(event) });
    const stopSecond = subscribeLiveEvents({ onEvent: (event) => second.push(event) });
    await waitFor(() => expect(getLiveEventsStatus()).toBe("open"));

    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request?.headers.accept).toBe("text/event-stream");
    expect(request?.headers.authorization).toBe("Bearer access-1");
    expect(request?.headers["x-company-id"]).toBe("company-1");
    expect(request?.headers["x-client-id"]).toBe("foreman-web");

    send(streams[0]!, "task.created", { task_id: "t1", state: "to_do" });
    await waitFor(() => expect(second).toHaveLength(1));
    expect(first).toEqual([{ type: "task.created", taskId: "t1", state: "to_do" }]);

    stopFirst();
    stopSecond();
  });

  it("reconnects after the server closes the stream and tells listeners so they can refetch", async () => {
    const onReconnect = vi.fn();
    const events: LiveEvent[] = [];
    const stop = subscribeLiveEvents({ onEvent: (event) => events.push(event), onReconnect });
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(onReconnect).not.toHaveBeenCalled();

    streams[0]!.end();
    await waitFor(() => expect(streams).toHaveLength(2));
    await waitFor(() => expect(onReconnect).toHaveBeenCalledTimes(1));
    send(streams[1]!, "conversation.updated", { conversation_id: "c1" });
    await waitFor(() => expect(events).toEqual([{ type: "conversation.updated", conversationId: "c1" }]));
    stop();
  });

  it("retries with backoff while the server fails, then connects", async () => {
    let failures = 0;
    api.routes["GET /app/events"] = (request, res) => {
      if (failures < 2) {
        failures += 1;
        return json(res, 503, { error: "unavailable" });
      }
      openStream(request, res);
    };
    const stop = subscribeLiveEvents({ onEvent: () => {} });
    await waitFor(() => expect(getLiveEventsStatus()).toBe("open"));
    expect(api.requests).toHaveLength(3);
    stop();
  });

  it("reconnects to the new company when the selection changes", async () => {
    const stop = subscribeLiveEvents({ onEvent: () => {} });
    await waitFor(() => expect(streams).toHaveLength(1));
    setSelectedCompany({ id: "company-2", name: "Andes Comercial" });
    await waitFor(() => expect(streams).toHaveLength(2));
    expect(api.requests.at(-1)?.headers["x-company-id"]).toBe("company-2");
    stop();
  });

  it("closes the stream once the last listener has gone", async () => {
    const stop = subscribeLiveEvents({ onEvent: () => {} });
    await waitFor(() => expect(getLiveEventsStatus()).toBe("open"));
    const closed = new Promise<void>((resolve) => streams[0]!.on("close", () => resolve()));
    stop();
    await closed;
    expect(getLiveEventsStatus()).toBe("idle");
  });

  it("keeps delivering to the others when one listener throws", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const events: LiveEvent[] = [];
    const stopBroken = subscribeLiveEvents({
      onEvent: () => {
        throw new Error("broken");
      },
    });
    const stop = subscribeLiveEvents({ onEvent: (event) => events.push(event) });
    await waitFor(() => expect(streams).toHaveLength(1));
    send(streams[0]!, "task.updated", { task_id: "t1", state: "done" });
    await waitFor(() => expect(events).toHaveLength(1));
    expect(errors).toHaveBeenCalled();
    stopBroken();
    stop();
    errors.mockRestore();
  });
});
