import { PassThrough } from "node:stream";
import { LIVE_EVENTS_HEARTBEAT_SECONDS, type LiveEvent } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { toWireJson } from "#server/lib/wire.ts";
import { companyOf } from "#server/plugins/company-scope.ts";

/** One server-sent event: its name is the event's type, its data the event as snake_case JSON. */
export function formatServerSentEvent(event: LiveEvent): string {
  return `event: ${event.type}\ndata: ${toWireJson(event)}\n\n`;
}

// The client reconnects after this long when the stream drops (the SSE `retry:` field).
const RECONNECT_MS = 3000;

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Open streams never finish on their own: end them when the app closes, or close would wait forever.
  const open = new Set<PassThrough>();
  app.addHook("preClose", async () => {
    for (const stream of open) if (!stream.writableEnded) stream.end();
  });

  app.get(
    "/app/events",
    {
      // A stream is one long request: reconnects are rare and must not be refused in a busy minute.
      config: { rateLimit: false },
      schema: {
        tags: ["events"],
        summary: "The company's live events, as server-sent events",
        description: [
          "A text/event-stream that stays open: each event is `event: <type>` and `data: <JSON>` (snake_case), with",
          "types message.created {conversation_id, message}, conversation.updated {conversation_id},",
          "task.created and task.updated {task_id, state}. Only the X-Company-ID company's events are sent; a",
          `\`: ping\` comment every ${LIVE_EVENTS_HEARTBEAT_SECONDS} s keeps proxies from closing it. Authenticated`,
          "like every app route, so browsers read it with fetch streaming rather than EventSource. Events that",
          "happen while a client is disconnected are not replayed: refetch after reconnecting.",
        ].join(" "),
        response: { 200: z.any().describe("text/event-stream") },
      },
    },
    async (request, reply) => {
      const companyId = companyOf(request).id;
      const stream = new PassThrough();
      // A write racing a closed connection must not become an unhandled 'error'.
      stream.on("error", () => {});
      const send = (text: string) => {
        if (stream.writable) stream.write(text);
      };
      open.add(stream);
      const unsubscribe = app.events.subscribe(companyId, (event) => send(formatServerSentEvent(event)));
      const heartbeat = setInterval(() => send(": ping\n\n"), LIVE_EVENTS_HEARTBEAT_SECONDS * 1000);
      heartbeat.unref();
      let stopped = false;
      const stop = () => {
        if (stopped) return;
        stopped = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(stream);
        if (!stream.writableEnded) stream.end();
      };
      // The client went away (the response's socket closed), or the app is closing (preClose ended it).
      reply.raw.once("close", stop);
      stream.once("end", stop);
      // The first bytes flush the headers, so the client knows it is subscribed.
      send(`retry: ${RECONNECT_MS}\n: connected\n\n`);
      return reply
        .header("content-type", "text/event-stream; charset=utf-8")
        .header("cache-control", "no-store")
        .header("x-accel-buffering", "no")
        .send(stream);
    },
  );
};
