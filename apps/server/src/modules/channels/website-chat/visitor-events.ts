import type { FastifyInstance, FastifyReply } from "fastify";
import { httpError } from "#server/lib/http-error.ts";
import { toWireJson } from "#server/lib/wire.ts";
import { eventStreams, OpenStreamCounter } from "../../events/index.ts";
import { findVisitorByTokenHash, isVisitorConversation, type Visitor } from "./visitor.repository.ts";
import { toWidgetMessage } from "./visitor-message.ts";

// `GET /widget/v1/events`: the visitor's live stream. It listens to the company's event bus and
// forwards only `message.created` of the visitor's own conversations, as WidgetMessages; nothing else
// of the company's ever reaches it.

/** A comment line this often keeps proxies from closing a quiet stream; the session is re-checked then too. */
export const WIDGET_HEARTBEAT_MS = 25_000;
/** Open streams one visitor may hold on one instance (a few tabs of the same site). */
export const MAX_STREAMS_PER_VISITOR = 3;

/** The visitor stream's handler, with the app's streams ended when it closes. */
export function visitorEventStreams(app: FastifyInstance) {
  const openEventStream = eventStreams(app);
  const perVisitor = new OpenStreamCounter(MAX_STREAMS_PER_VISITOR);

  return function openStream(visitor: Visitor, reply: FastifyReply) {
    if (!perVisitor.tryOpen(visitor.id))
      throw httpError(
        429,
        "too_many_streams",
        `At most ${MAX_STREAMS_PER_VISITOR} chat windows may be open at once: close another tab`,
        undefined,
        { "retry-after": "30" },
      );
    const stream = openEventStream(reply);
    stream.onStop(() => perVisitor.release(visitor.id));

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
          stream.send(`event: message\ndata: ${toWireJson(toWidgetMessage(event.message))}\n\n`);
      });
    });
    stream.onStop(unsubscribe);

    // The session is re-checked with each heartbeat: a removed or disabled chat ends the stream.
    const heartbeat = setInterval(async () => {
      stream.send(": ping\n\n");
      const still = await findVisitorByTokenHash(app.db, visitor.tokenHash).catch(() => visitor);
      if (!still?.chat.enabled) stream.stop();
    }, WIDGET_HEARTBEAT_MS);
    heartbeat.unref();
    stream.onStop(() => clearInterval(heartbeat));
    return stream.respond();
  };
}
