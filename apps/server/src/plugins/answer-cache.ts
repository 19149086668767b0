import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAbortHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
} from "fastify";
import fp from "fastify-plugin";
import { AnswerCache } from "#server/lib/answer-cache.ts";

// Repeated reads of a company's lists and dashboard figures answered from memory
// (docs/decisions/2026-11-28-answer-cache-invalidation.md). A route opts in with
// `config: { cachedAnswer: true }`; its 200 answers are kept per company, route, query and UTC day, and
// dropped when the database says the company's rows changed (migration 0024's triggers, through the
// event bus on every instance). The answer must depend on nothing else: not the caller (user or role),
// not a header. While the bus may be missing notices the cache is not used at all.

/** How long an answer may be served from memory (a backstop for what depends on the clock). */
export const ANSWER_TTL_MS = 10_000;
const MAX_ENTRIES = 2000;
/** The cache's budget for answers (plus their keys): PGlite's process stays within 512 MB RSS. */
export const ANSWER_CACHE_MAX_BYTES = 32 * 1024 * 1024;
const DAY_MS = 86_400_000;
const JSON_TYPE = "application/json; charset=utf-8";
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * What the cache needs of the event bus (modules/events), which app.ts hands over: the data-change
 * notices, and whether they can be relied on.
 */
export type DataChangeNotices = {
  onNotice(
    listener: (notice: { topic: "data.changed"; companyId: string | null } | { topic: string }) => void,
  ): () => void;
  /** Whether this database announces data changes at all (migration 0024's triggers). */
  readonly dataNotices: boolean;
  /** False while notices may be missed (the listening connection is down). */
  readonly noticesReliable: boolean;
  /** PostgreSQL: resolves once every notice committed before the call has arrived. */
  readonly dataNoticesDelivered?: () => Promise<void>;
};

/** A request waiting for another's read of the same answer: given the bytes kept, or undefined. */
type Waiter = (body: Buffer | undefined) => void;

declare module "fastify" {
  interface FastifyInstance {
    /** The cache behind `config.cachedAnswer` routes (diagnostics and tests). */
    answerCache: AnswerCache;
  }
  interface FastifyContextConfig {
    /**
     * Answer repeated identical requests of the company from memory until its data changes. Only for a
     * company-scoped GET whose answer depends on the company, path, query and date alone.
     */
    cachedAnswer?: boolean;
  }
  interface FastifyRequest {
    /** A cacheable read that missed: its key, and the requests waiting for it when it leads (see `answer`). */
    answerRead: { key: string; companyId: string; began: number; waiting: Waiter[] | null } | null;
  }
}

export const answerCachePlugin = fp<{ bus: DataChangeNotices }>(
  async (app: FastifyInstance, { bus }) => {
    const cache = new AnswerCache({ ttlMs: ANSWER_TTL_MS, maxEntries: MAX_ENTRIES, maxBytes: ANSWER_CACHE_MAX_BYTES });
    app.decorate("answerCache", cache);
    app.decorateRequest("answerRead", null);
    bus.onNotice((notice) => {
      if (notice.topic === "data.changed" && "companyId" in notice) {
        if (notice.companyId === null) cache.clear();
        else cache.invalidate(notice.companyId);
      } else if (notice.topic === "reset") cache.clear();
    });
    const usable = () => bus.dataNotices && bus.noticesReliable;
    // Reads under way, by key: when an answer expires or is dropped, the requests that arrive for it
    // meanwhile wait for the one that reads it instead of each running the same queries (on PGlite,
    // fifty of them queued behind one another).
    const reading = new Map<string, Waiter[]>();
    const release = (request: FastifyRequest, body: Buffer | undefined) => {
      const waiting = request.answerRead?.waiting;
      if (!waiting || reading.get(request.answerRead!.key) !== waiting) return;
      reading.delete(request.answerRead!.key);
      for (const waiter of waiting) waiter(body);
    };

    // (Callback hooks: an async one costs a promise and a microtask on every request.)
    // After the handler ran and its answer is serialized: kept when it is a 200.
    const keep: onSendHookHandler = (request, reply, payload, done) => {
      const read = request.answerRead;
      if (read) {
        const kept =
          reply.statusCode === 200 && typeof payload === "string" && usable()
            ? cache.set(read.key, read.companyId, payload, read.began, Date.now())
            : undefined;
        release(request, kept);
      }
      done(null, payload);
    };
    // However the leading request ends (an error, the client gone), its waiters are let go.
    const letGo = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      release(request, undefined);
      done();
    };
    const letGoAborted: onRequestAbortHookHandler = (request, done) => {
      release(request, undefined);
      done();
    };
    // Before the handler (after authentication, the company check and validation): a kept answer is
    // sent. The key: the company the server resolved, the route, the UTC day (every period a query can
    // name resolves to whole UTC days from the query and today), the path's and the query's values as
    // validated (defaults filled in, unknown fields dropped).
    const keyOf = (request: FastifyRequest, companyId: string, nowMs: number) =>
      `${companyId}|${request.routeOptions.url}|${Math.floor(nowMs / DAY_MS)}|${JSON.stringify(request.params)}|${JSON.stringify(request.query)}`;
    const answer: preHandlerHookHandler = (request, reply, done) => {
      const company = request.company;
      if (!company || !usable()) return done();
      // PostgreSQL: a write committed before this request by another connection (a job, another
      // instance, the caller's own raw SQL) may still have its notice on the way, so a kept answer, or
      // one another request is reading, waits for the barrier that follows it (shared by the requests in
      // flight). If it does not come, no cache. With neither, this request reads the database now and
      // sees that write; a notice arriving after its read began stops its answer being kept (`set`).
      const delivered = bus.dataNoticesDelivered;
      const nowMs = Date.now();
      const key = keyOf(request, company.id, nowMs);
      if (delivered && (cache.holds(key, nowMs) || reading.has(key)))
        delivered().then(
          // Keyed again: the wait may have crossed midnight, and the answer is the new day's.
          () => (usable() ? lookUp(request, reply, done, company.id, keyOf(request, company.id, Date.now())) : done()),
          () => done(),
        );
      else lookUp(request, reply, done, company.id, key);
    };
    const lookUp = (request: FastifyRequest, reply: FastifyReply, done: () => void, companyId: string, key: string) => {
      const body = cache.get(key, Date.now());
      if (body) {
        reply.header("content-type", JSON_TYPE).send(body);
        return;
      }
      const waiting = reading.get(key);
      if (waiting) {
        // Sent the leader's answer when it was kept; otherwise (dropped meanwhile, not a 200) read as usual.
        waiting.push((kept) => {
          if (kept) reply.header("content-type", JSON_TYPE).send(kept);
          else {
            request.answerRead = { key, companyId, began: cache.begin(), waiting: null };
            done();
          }
        });
        return;
      }
      const leading: Waiter[] = [];
      reading.set(key, leading);
      request.answerRead = { key, companyId, began: cache.begin(), waiting: leading };
      done();
    };

    app.addHook("onRoute", (route) => {
      if (!route.config?.cachedAnswer) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.some((method) => method !== "GET" && method !== "HEAD"))
        throw new Error(`${route.url}: only GET answers can be cached`);
      route.preHandler = [...asList(route.preHandler), answer];
      route.onSend = [...asList(route.onSend), keep];
      route.onResponse = [...asList(route.onResponse), letGo];
      route.onRequestAbort = [...asList(route.onRequestAbort), letGoAborted];
    });

    // A write through this instance may have changed its company's answers; its data-change notice
    // may still be on the way (PostgreSQL), so they are dropped before the write is answered: the
    // caller's next read is never older than its own write.
    app.addHook("onSend", (request, _reply, payload, done) => {
      if (request.company && WRITES.has(request.method)) cache.invalidate(request.company.id);
      done(null, payload);
    });
  },
  { name: "foreman-answer-cache", dependencies: ["foreman-events"] },
);

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
