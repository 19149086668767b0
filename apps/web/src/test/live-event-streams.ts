/// <reference types="node" />
import type { ServerResponse } from "node:http";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { getLiveEventsStatus, liveEventsConfig } from "#web/lib/live-events.ts";
import type { LocalApi } from "./local-api.ts";

/**
 * The live events stream of a test file's local API. Each test starts with no stream and quick
 * reconnects; `serve()` answers GET /app/events with an open stream, kept in `streams` for the test to
 * write events into. After each test the screen is unmounted (so the stream loses its last listener),
 * the streams are ended and the client is back to idle before the next test starts.
 */
export function liveEventStreams(api: LocalApi) {
  const streams: ServerResponse[] = [];
  const original = { ...liveEventsConfig };
  beforeEach(() => {
    streams.length = 0;
    Object.assign(liveEventsConfig, { retryBaseMs: 20, retryMaxMs: 100, lingerMs: 10 });
  });
  afterEach(async () => {
    cleanup();
    for (const res of streams) res.end();
    Object.assign(liveEventsConfig, original);
    await vi.waitFor(() => expect(getLiveEventsStatus()).toBe("idle"));
  });
  const serve = () => {
    api.routes["GET /app/events"] = (_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.write(": connected\n\n");
      streams.push(res);
    };
  };
  return { streams, serve };
}
