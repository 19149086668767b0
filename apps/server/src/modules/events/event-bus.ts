import type { LiveEvent } from "@foreman/contract";

// The live event bus: writes announce what changed (`message.created`, `task.updated`, …) to the
// company's open event streams (`GET /app/events`) on every server instance.

export type LiveEventListener = (event: LiveEvent) => void;

/**
 * What instances tell each other so their in-memory caches never outlive a change (never sent to
 * clients): a sign-in's tokens were revoked; a user's profile or memberships changed; a company's
 * name or logo changed. `reset` is local only:
 * notices may have been missed (the listening connection was down), so every cache starts over.
 * `data.changed` is sent by the database itself (migration 0024's triggers, at the commit of every
 * statement that changed a company's rows; `companyId` null: any company's), never by `notify`.
 */
export type Notice =
  | { topic: "tokens.revoked"; chainId: string }
  | { topic: "user.changed"; userId: string }
  | { topic: "company.changed"; companyId: string }
  | { topic: "data.changed"; companyId: string | null }
  | { topic: "reset" };
/** The notices one instance sends the others with `notify`. */
export type SharedNotice = Exclude<Notice, { topic: "reset" } | { topic: "data.changed" }>;
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
  notify(notice: SharedNotice): Promise<void>;
  /** Calls `listener` with each notice, from this instance and the others. */
  onNotice(listener: NoticeListener): () => void;
  /**
   * False while this instance may be missing other instances' notices (PostgreSQL: its listening
   * connection is down). Caches must not answer from memory then.
   */
  readonly noticesReliable: boolean;
  /**
   * True when the database's `data.changed` notices reach this bus (PGlite: from its thread, before the
   * writing statement's answer; PostgreSQL: on the listening connection). Without them the answer
   * cache is not used.
   */
  readonly dataNotices: boolean;
  /**
   * PostgreSQL only: resolves once every data-change notice of a commit made before the call (by any
   * connection) has been delivered here; rejects when that cannot be known in time. Absent on PGlite,
   * where a notice is delivered before the writing statement's answer.
   */
  readonly dataNoticesDelivered?: () => Promise<void>;
  /** Stops delivering and releases the bus's resources (its database connection). */
  close(): Promise<void>;
}
