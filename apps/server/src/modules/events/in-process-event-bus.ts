import { EventEmitter } from "node:events";
import type { LiveEvent } from "@foreman/contract";
import type { EventBus, LiveEventListener } from "./event-bus.ts";

/**
 * The bus of a single process (PGlite: one process owns the database, so there are no other
 * instances to reach). Each company is its own emitter event name, so a listener only ever sees its
 * company's events.
 */
export class InProcessEventBus implements EventBus {
  readonly #emitter = new EventEmitter();

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

  async close(): Promise<void> {
    this.#emitter.removeAllListeners();
  }
}
