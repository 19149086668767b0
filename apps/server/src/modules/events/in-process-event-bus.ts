import { EventEmitter } from "node:events";
import type { LiveEvent } from "@foreman/contract";
import { dataNoticeOf } from "./data-notice.ts";
import type { EventBus, LiveEventListener, Notice, NoticeListener, SharedNotice } from "./event-bus.ts";

/**
 * The bus of a single process (PGlite: one process owns the database, so there are no other
 * instances to reach). Each company is its own emitter event name, so a listener only ever sees its
 * company's events.
 */
export class InProcessEventBus implements EventBus {
  readonly #emitter = new EventEmitter();
  readonly #noticeListeners = new Set<NoticeListener>();
  /** One process: no notice can be missed. */
  readonly noticesReliable: boolean = true;
  #dataNotices = false;

  constructor() {
    // One listener per open stream: many browser tabs are normal, not a leak.
    this.#emitter.setMaxListeners(0);
  }

  async publish(companyId: string, event: LiveEvent): Promise<void> {
    this.deliver(companyId, event);
  }

  /** Hands an event to this process's subscribers of the company (also used by the PostgreSQL bus). */
  deliver(companyId: string, event: LiveEvent): void {
    this.#emitter.emit(companyId, event);
  }

  subscribe(companyId: string, listener: LiveEventListener): () => void {
    // A throwing listener (a broken socket) must not stop delivery to the others.
    const safe = (event: LiveEvent) => {
      try {
        listener(event);
      } catch {}
    };
    this.#emitter.on(companyId, safe);
    return () => {
      this.#emitter.off(companyId, safe);
    };
  }

  subscriberCount(companyId: string): number {
    return this.#emitter.listenerCount(companyId);
  }

  get dataNotices(): boolean {
    return this.#dataNotices;
  }

  /**
   * Hands on the database's data-change notices (PGlite's, from its thread: see db/client.ts
   * `onNotification`); from then on `dataNotices` is true.
   */
  watchDataChanges(onNotification: (listener: (channel: string, payload: string) => void) => () => void): void {
    onNotification((channel, payload) => {
      const notice = dataNoticeOf(channel, payload);
      if (notice) this.deliverNotice(notice);
    });
    this.#dataNotices = true;
  }

  async notify(notice: SharedNotice): Promise<void> {
    this.deliverNotice(notice);
  }

  /** Hands a notice to this process's listeners (also used by the PostgreSQL bus). */
  deliverNotice(notice: Notice): void {
    for (const listener of this.#noticeListeners) listener(notice);
  }

  onNotice(listener: NoticeListener): () => void {
    this.#noticeListeners.add(listener);
    return () => {
      this.#noticeListeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    this.#noticeListeners.clear();
    this.#emitter.removeAllListeners();
  }
}
