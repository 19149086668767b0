import type { LiveEvent } from "@foreman/contract";

// The live event bus: writes announce what changed (`message.created`, `task.updated`, …) to the
// company's open event streams (`GET /app/events`) on every server instance.

export type LiveEventListener = (event: LiveEvent) => void;

export interface EventBus {
  /**
   * Announces an event to the company's subscribers, on this instance and the others. Call it after the
   * write has committed. Never rejects: a lost announcement must not fail a request whose write
   * succeeded (failures are logged; clients also refetch when their stream reconnects).
   */
  publish(companyId: string, event: LiveEvent): Promise<void>;
  /** Calls `listener` with each event of the company until the returned function is called. */
  subscribe(companyId: string, listener: LiveEventListener): () => void;
  /** Open subscriptions of the company on this instance (diagnostics and tests). */
  subscriberCount(companyId: string): number;
  /** Stops delivering and releases the bus's resources (its database connection). */
  close(): Promise<void>;
}
