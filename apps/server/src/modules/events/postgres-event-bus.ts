import { randomUUID } from "node:crypto";
import type { LiveEvent } from "@foreman/contract";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import { POSTGRES_BOUNDS } from "#server/db/client.ts";
import { endConnection } from "#server/db/end-connection.ts";
import { DATA_CHANNEL, dataNoticeOf } from "./data-notice.ts";
import type { EventBus, LiveEventListener, NoticeListener } from "./event-bus.ts";
import { InProcessEventBus } from "./in-process-event-bus.ts";
import { parseNoticePayload, type SharedNotice, toNoticePayload } from "./notice-payload.ts";
import { type Notification, parseNotification, toNotification, type WireEvent } from "./notification.ts";

/** The NOTIFY channel every instance LISTENs on. */
export const EVENTS_CHANNEL = "foreman_events";
/** The channel of cache notices (see Notice in event-bus.ts), on the same listening connection. */
export const NOTICES_CHANNEL = "foreman_notices";

const RECONNECT_MIN_MS = 250;
/** How long a barrier (see `dataNoticesDelivered`) may take before the answer cache is bypassed. */
const BARRIER_TIMEOUT_MS = 1000;
const RECONNECT_MAX_MS = 30_000;

export type PostgresEventBusOptions = {
  /** The connection string of the database the app uses; the bus opens one more connection on it. */
  url: string;
  /** Sends a NOTIFY on the app's pool: `select pg_notify(channel, payload)`. */
  notify: (channel: string, payload: string) => Promise<void>;
  /** Rebuilds an event sent slim (ids only, see notification.ts) from the database; null drops it. */
  hydrate: (companyId: string, event: WireEvent) => Promise<LiveEvent | null>;
  log: FastifyBaseLogger;
};

/**
 * The bus of several instances on one PostgreSQL: publish is a NOTIFY on `foreman_events`; every
 * instance LISTENs on one dedicated connection and hands what arrives to its own subscribers. Events
 * published here reach this instance's subscribers at once (not through the round trip), so its own
 * notifications are recognised by `origin` and skipped. The listening connection reconnects with
 * backoff when it fails; events sent while it is down are lost to this instance (NOTIFY is not
 * queued for absent listeners), which the clients cover by refetching when their stream reconnects.
 */
export class PostgresEventBus implements EventBus {
  readonly #local = new InProcessEventBus();
  readonly #origin = randomUUID();
  readonly #options: PostgresEventBusOptions;
  #client: pg.Client | null = null;
  #closed = false;
  #attempt = 0;
  #retry: NodeJS.Timeout | null = null;
  // Barriers: this instance's own channel (only it listens), so other instances never receive them.
  readonly #barrierChannel = `foreman_barrier_${this.#origin.replaceAll("-", "")}`;
  readonly #barriers = new Map<string, () => void>();
  #barrierSeq = 0;
  #barrierInFlight: Promise<void> | null = null;
  #barrierQueued: Promise<void> | null = null;
  // Notifications are handled one after another, so an event read back from the database (slim) is
  // not overtaken by the events published after it.
  #received: Promise<void> = Promise.resolve();

  constructor(options: PostgresEventBusOptions) {
    this.#options = options;
  }

  /** Opens the listening connection; resolves once LISTEN is in place (or the first attempt failed and retries began). */
  async start(): Promise<void> {
    await this.#connect();
  }

  /** True while the listening connection is up (for tests and diagnostics). */
  get listening(): boolean {
    return this.#client !== null;
  }

  /** Other instances' notices arrive only while this instance listens. */
  get noticesReliable(): boolean {
    return this.#client !== null;
  }

  /** The database's data-change notices arrive on the listening connection (with `noticesReliable`). */
  readonly dataNotices: boolean = true;

  /**
   * A NOTIFY on this instance's barrier channel, sent after the call, comes back on the listening
   * connection after every notification committed before it (PostgreSQL delivers them in commit
   * order): by then every earlier write's data-change notice is here. Callers that arrive while one
   * barrier is on its way share the next one, so under load one round trip serves many reads.
   */
  readonly dataNoticesDelivered = (): Promise<void> => {
    if (!this.#barrierInFlight) {
      this.#barrierInFlight = this.#barrier().finally(() => {
        this.#barrierInFlight = null;
      });
      return this.#barrierInFlight;
    }
    this.#barrierQueued ??= this.#barrierInFlight
      .catch(() => {})
      .then(() => {
        this.#barrierQueued = null;
        return this.dataNoticesDelivered();
      });
    return this.#barrierQueued;
  };

  async #barrier(): Promise<void> {
    if (this.#closed || !this.#client) throw new Error("not listening");
    const token = String(++this.#barrierSeq);
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<void>((resolve, reject) => {
      this.#barriers.set(token, resolve);
      timer = setTimeout(() => reject(new Error("barrier timed out")), BARRIER_TIMEOUT_MS);
    });
    try {
      await this.#options.notify(this.#barrierChannel, token);
      await arrived;
    } finally {
      clearTimeout(timer);
      this.#barriers.delete(token);
    }
  }

  async notify(notice: SharedNotice): Promise<void> {
    if (this.#closed) return;
    this.#local.deliverNotice(notice);
    try {
      await this.#options.notify(NOTICES_CHANNEL, toNoticePayload(this.#origin, notice));
    } catch (error) {
      this.#options.log.warn({ err: error, topic: notice.topic }, "could not send a cache notice to other instances");
    }
  }

  onNotice(listener: NoticeListener): () => void {
    return this.#local.onNotice(listener);
  }

  async publish(companyId: string, event: LiveEvent): Promise<void> {
    if (this.#closed) return;
    // The write this event announces has committed, but its data-change notice may still be on its
    // way to this instance's listening connection: a screen that refetches on the event must not be
    // answered from before it. (Other instances hear the notice first: it was sent at the earlier commit.)
    this.#local.deliverNotice({ topic: "data.changed", companyId });
    this.#local.deliver(companyId, event);
    try {
      await this.#options.notify(EVENTS_CHANNEL, toNotification(this.#origin, companyId, event));
    } catch (error) {
      this.#options.log.warn(
        { err: error, eventType: event.type },
        "could not announce a live event to other instances",
      );
    }
  }

  subscribe(companyId: string, listener: LiveEventListener): () => void {
    return this.#local.subscribe(companyId, listener);
  }

  subscriberCount(companyId: string): number {
    return this.#local.subscriberCount(companyId);
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    const client = this.#client;
    this.#client = null;
    await this.#local.close();
    if (client) await endConnection(client, POSTGRES_BOUNDS.connectMs);
  }

  async #connect(): Promise<void> {
    // The pool's bounds: a server that accepts and never answers fails the attempt (and the next one is
    // scheduled) instead of leaving this connection hanging; keepalive notices a vanished host.
    const client = new pg.Client({
      connectionString: this.#options.url,
      connectionTimeoutMillis: POSTGRES_BOUNDS.connectMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: POSTGRES_BOUNDS.keepAliveMs,
    });
    // Until LISTEN is in place a failure is reported by connect()/query(); afterwards by 'error'/'end'.
    client.on("error", (error) => this.#lost(client, error));
    client.on("end", () => this.#lost(client, null));
    client.on("notification", (message) => {
      const payload = message.payload;
      if (message.channel === NOTICES_CHANNEL && payload) return this.#receiveNotice(payload);
      if (message.channel === this.#barrierChannel) return this.#barriers.get(payload ?? "")?.();
      if (message.channel === DATA_CHANNEL) {
        const notice = dataNoticeOf(message.channel, payload ?? "");
        if (notice && !this.#closed) this.#local.deliverNotice(notice);
        return;
      }
      if (message.channel !== EVENTS_CHANNEL || !payload) return;
      this.#received = this.#received.then(() => this.#receive(payload));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      await client.query(`LISTEN ${NOTICES_CHANNEL}`);
      await client.query(`LISTEN ${DATA_CHANNEL}`);
      await client.query(`LISTEN ${this.#barrierChannel}`);
    } catch (error) {
      client.removeAllListeners("end");
      await client.end().catch(() => {});
      this.#lost(client, error);
      return;
    }
    if (this.#closed) {
      await endConnection(client, POSTGRES_BOUNDS.connectMs);
      return;
    }
    this.#client = client;
    this.#attempt = 0;
    // Notices sent while this instance was not listening are lost: caches start over.
    this.#local.deliverNotice({ topic: "reset" });
  }

  #lost(client: pg.Client, error: unknown) {
    if (this.#closed) return;
    if (this.#client !== null && this.#client !== client) return;
    this.#client = null;
    client.removeAllListeners();
    // A late 'error' after removing listeners would crash the process.
    client.on("error", () => {});
    void endConnection(client, POSTGRES_BOUNDS.connectMs);
    if (this.#retry) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** this.#attempt);
    this.#attempt += 1;
    this.#options.log.warn({ err: error ?? undefined, retryInMs: delay }, "live events: listening connection lost");
    this.#retry = setTimeout(() => {
      this.#retry = null;
      void this.#connect();
    }, delay);
    this.#retry.unref();
  }

  #receiveNotice(payload: string) {
    const parsed = parseNoticePayload(payload);
    if (parsed && parsed.origin !== this.#origin && !this.#closed) this.#local.deliverNotice(parsed.notice);
  }

  async #receive(payload: string) {
    const notification: Notification | null = parseNotification(payload);
    if (!notification || notification.origin === this.#origin) return;
    try {
      const event = notification.slim
        ? await this.#options.hydrate(notification.companyId, notification.event)
        : (notification.event as LiveEvent);
      if (event && !this.#closed) this.#local.deliver(notification.companyId, event);
    } catch (error) {
      this.#options.log.warn({ err: error }, "live events: could not rebuild a slim event");
    }
  }
}
