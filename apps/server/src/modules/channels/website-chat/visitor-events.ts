import { PassThrough } from "node:stream";
import type { FastifyInstance, FastifyReply } from "fastify";
import { httpError } from "#server/lib/http-error.ts";
import { toWireJson } from "#server/lib/wire.ts";
import { findVisitorByTokenHash, isVisitorConversation, type Visitor } from "./visitor.repository.ts";
import { toWidgetMessage } from "./visitor-message.ts";

// `GET /widget/v1/events`: the visitor's live stream. It listens to the company's event bus and
// forwards only `message.created` of the visitor's own conversations, as WidgetMessages; nothing else
// of the company's ever reaches it.

/** A comment line this often keeps proxies from closing a quiet stream; the session is re-checked then too. */
export const WIDGET_HEARTBEAT_MS = 25_000;
/** Open streams one visitor may hold on one instance (a few tabs of the same site). */
export const MAX_STREAMS_PER_VISITOR = 3;
const RECONNECT_MS = 3000;

/** Open streams per visitor, against MAX_STREAMS_PER_VISITOR. */
class StreamCounter {
  readonly #open = new Map<string, number>();
  tryOpen(id: string): boolean {
    const open = this.#open.get(id) ?? 0;
    if (open >= MAX_STREAMS_PER_VISITOR) return false;
    this.#open.set(id, open + 1);
    return true;
  }
  release(id: string) {
    const open = (this.#open.get(id) ?? 0) - 1;
    if (open > 0) this.#open.set(id, open);
    else this.#open.delete(id);
  }
}

/** The visitor stream's handler, with the app's streams ended when it closes. */
export function visitorEventStreams(app: FastifyInstance) {
  const open = new Set<PassThrough>();
  app.addHook("preClose", async () => {
    for (const stream of open) if (!stream.writableEnded) stream.end();
  });
  const perVisitor = new StreamCounter();

  return function openStream(visitor: Visitor, reply: FastifyReply) {
    if (!perVisitor.tryOpen(visitor.id))
      throw httpError(
        429,
        "too_many_streams",
        `At most ${MAX_STREAMS_PER_VISITOR} chat windows may be open at once: close another tab`,
        undefined,
        { "retry-after": "30" },
      );
    const stream = new PassThrough();
    stream.on("error", () => {});
    const send = (text: string) => {
      if (stream.writable) stream.write(text);
    };
    open.add(stream);

    // Which conversations are the visitor's: asked of the database once per conversation seen.
    const mine = new Map<string, Promise<boolean>>();
    const isMine = (conversationId: string) => {
      let answer = mine.get(conversationId);
      if (!answer) {
        if (mine.size > 1000) mine.clear();
        answer = isVisitorConversation(app.db, visitor, conversationId).catch(() => false);
        mine.set(conversationId, answer);
      }
      return answer;
    };
    // Events are forwarded in the order they came, whatever the look-ups take.
    let queue = Promise.resolve();
    const unsubscribe = app.events.subscribe(visitor.companyId, (event) => {
      if (event.type !== "message.created") return;
      queue = queue.then(async () => {
        if (await isMine(event.conversationId))
          send(`event: message\ndata: ${toWireJson(toWidgetMessage(event.message))}\n\n`);
      });
    });

    // The session is re-checked with each heartbeat: a removed or disabled chat ends the stream.
    const heartbeat = setInterval(async () => {
      send(": ping\n\n");
      const still = await findVisitorByTokenHash(app.db, visitor.tokenHash).catch(() => visitor);
      if (!still?.chat.enabled) stop();
    }, WIDGET_HEARTBEAT_MS);
    heartbeat.unref();

    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(stream);
      perVisitor.release(visitor.id);
      if (!stream.writableEnded) stream.end();
    };
    reply.raw.once("close", stop);
    stream.once("end", stop);
    send(`retry: ${RECONNECT_MS}\n: connected\n\n`);
    return reply
      .header("content-type", "text/event-stream; charset=utf-8")
      .header("cache-control", "no-store")
      .header("x-accel-buffering", "no")
      .send(stream);
  };
}
