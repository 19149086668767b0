import type { LiveEvent } from "@foreman/contract";

// The live event bus: writes announce what changed (`message.created`, `task.updated`, …) to the
// company's open event streams (`GET /app/events`) on every server instance.

export type LiveEventListener = (event: LiveEvent) => void;

/**
 * What instances tell each other so their in-memory caches never outlive a change (never sent to
 * clients): a sign-in's tokens were revoked; a user's profile or memberships changed; a company's
 * name or logo changed. `reset` is local only:
 * notices may have been missed (the listening connection was down), so every cache starts over.
 */
export type Notice =
  | { topic: "tokens.revoked"; chainId: string }
  | { topic: "user.changed"; userId: string }
  | { topic: "company.changed"; companyId: string }
  | { topic: "reset" };
export type NoticeListener = (notice: Notice) => void;

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
  /**
   * Tells every instance, this one first and before it returns (so the caller's own next request
   * already sees it). Call it after the change has committed.
   */
  notify(notice: Exclude<Notice, { topic: "reset" }>): Promise<void>;
  /** Calls `listener` with each notice, from this instance and the others. */
  onNotice(listener: NoticeListener): () => void;
  /**
   * False while this instance may be missing other instances' notices (PostgreSQL: its listening
   * connection is down). Caches must not answer from memory then.
   */
  readonly noticesReliable: boolean;
  /** Stops delivering and releases the bus's resources (its database connection). */
  close(): Promise<void>;
}
