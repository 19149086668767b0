import { PassThrough } from "node:stream";
import type { FastifyInstance, FastifyReply } from "fastify";

// A server-sent event stream as every live route opens one (staff's `/app/events`, a website chat
// visitor's `/widget/v1/events`): a body that never finishes on its own, so each is ended when the app
// closes, when the client goes away, or when its route says so; its clean-ups run once.

// The client reconnects after this long when the stream drops (the SSE `retry:` field).
const RECONNECT_MS = 3000;

export type EventStream = {
  /** Writes raw SSE text (`event: …\ndata: …\n\n`, `: ping\n\n`); nothing once the stream is closed. */
  send(text: string): void;
  /** Runs `cleanup` when the stream stops, whoever stops it. */
  onStop(cleanup: () => void): void;
  stop(): void;
  /** Answers the request with the stream (its first bytes flush the headers, so the client knows). */
  respond(): FastifyReply;
};

/** The opener of a route's event streams; every stream it opened is ended when the app closes. */
export function eventStreams(app: FastifyInstance): (reply: FastifyReply) => EventStream {
  const open = new Set<PassThrough>();
  app.addHook("preClose", async () => {
    for (const stream of open) if (!stream.writableEnded) stream.end();
  });

  return (reply) => {
    const body = new PassThrough();
    // A write racing a closed connection must not become an unhandled 'error'.
    body.on("error", () => {});
    open.add(body);
    const cleanups: (() => void)[] = [];
    let stopped = false;
    const stream: EventStream = {
      send(text) {
        if (body.writable) body.write(text);
      },
      onStop(cleanup) {
        cleanups.push(cleanup);
      },
      stop() {
        if (stopped) return;
        stopped = true;
        for (const cleanup of cleanups) cleanup();
        open.delete(body);
        if (!body.writableEnded) body.end();
      },
      respond() {
        stream.send(`retry: ${RECONNECT_MS}\n: connected\n\n`);
        return reply
          .header("content-type", "text/event-stream; charset=utf-8")
          .header("cache-control", "no-store")
          .header("x-accel-buffering", "no")
          .send(body);
      },
    };
    // The client went away (the response's socket closed), or the app is closing (preClose ended it).
    reply.raw.once("close", stream.stop);
    body.once("end", stream.stop);
    return stream;
  };
}
