import { LIVE_EVENTS_HEARTBEAT_SECONDS, type LiveEvent } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { httpError } from "#server/lib/http-error.ts";
import { toWireJson } from "#server/lib/wire.ts";
import { companyOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { eventStreams } from "./event-stream.ts";
import {
  MAX_STREAMS_PER_USER,
  OpenStreamCounter,
  STREAM_ACCESS_RECHECK_MS,
  TOO_MANY_STREAMS_RETRY_AFTER_S,
  watchStreamAccess,
} from "./stream-access.ts";

/** One server-sent event: its name is the event's type, its data the event as snake_case JSON. */
export function formatServerSentEvent(event: LiveEvent): string {
  return `event: ${event.type}\ndata: ${toWireJson(event)}\n\n`;
}

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const openStream = eventStreams(app);
  const perUser = new OpenStreamCounter(MAX_STREAMS_PER_USER);

  app.get(
    "/app/events",
    {
      // Opening a stream counts toward the rate limit like any request (its own bucket: plugins/security.ts).
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
          `The stream re-checks the access token and the membership at least every ${STREAM_ACCESS_RECHECK_MS / 1000} s`,
          "(at once when a token is revoked) and ends when either is gone; reconnecting then answers 401 or 404.",
          `One user may hold ${MAX_STREAMS_PER_USER} open streams: one more is a 429.`,
        ].join(" "),
        response: { 200: z.any().describe("text/event-stream"), ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const companyId = companyOf(request).id;
      const userId = request.user!.id;
      if (!perUser.tryOpen(userId))
        throw httpError(
          429,
          "too_many_streams",
          `At most ${MAX_STREAMS_PER_USER} live event streams may be open at once: close another tab or window`,
          undefined,
          { "retry-after": String(TOO_MANY_STREAMS_RETRY_AFTER_S) },
        );
      const stream = openStream(reply);
      stream.onStop(() => perUser.release(userId));
      const unsubscribe = app.events.subscribe(companyId, (event) => stream.send(formatServerSentEvent(event)));
      stream.onStop(unsubscribe);
      const heartbeat = setInterval(() => stream.send(": ping\n\n"), LIVE_EVENTS_HEARTBEAT_SECONDS * 1000);
      heartbeat.unref();
      stream.onStop(() => clearInterval(heartbeat));
      // A revoked or expired token, or a user no longer in the company, ends the stream.
      stream.onStop(watchStreamAccess({ app, request, reply, userId, onLost: stream.stop }));
      return stream.respond();
    },
  );
};
