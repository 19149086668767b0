import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

// An event stream is one request that lasts for hours, so the checks every request passes once (a
// live token, a member of the company) are run again while it is open, and it ends when they fail: a
// revoked or expired token, or a user removed from the company, stops receiving the company's events.

/** How often an open event stream re-checks its access token and the user's membership. */
export const STREAM_ACCESS_RECHECK_MS = 30_000;
/** Open event streams one user may hold on one instance. */
export const MAX_STREAMS_PER_USER = 5;
/** What a refused extra stream is told to wait before trying again (Retry-After, seconds). */
export const TOO_MANY_STREAMS_RETRY_AFTER_S = 30;

/** The open streams of each user on this instance, against MAX_STREAMS_PER_USER. */
export class OpenStreamCounter {
  readonly #open = new Map<string, number>();
  readonly #max: number;

  constructor(max = MAX_STREAMS_PER_USER) {
    this.#max = max;
  }

  /** Takes a place for the user's new stream; false when they already hold the most they may. */
  tryOpen(userId: string): boolean {
    const open = this.#open.get(userId) ?? 0;
    if (open >= this.#max) return false;
    this.#open.set(userId, open + 1);
    return true;
  }

  release(userId: string): void {
    const open = (this.#open.get(userId) ?? 0) - 1;
    if (open > 0) this.#open.set(userId, open);
    else this.#open.delete(userId);
  }
}

// requireCompany is declared as a route hook; it is an async function of the request.
type RequireCompany = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The request's own access checks, run again: its bearer token is live (not revoked, not expired:
 * plugins/authenticate.ts) and its user still belongs to the X-Company-ID company (plugins/company-scope.ts).
 */
export async function accessStillHolds(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  try {
    await app.authenticate(request);
    await (app.requireCompany as unknown as RequireCompany).call(app, request, reply);
    return true;
  } catch {
    // A failed check, or a database that cannot answer: either way the stream ends and the client,
    // reconnecting, is answered like any request.
    return false;
  }
}

export type StreamAccessWatch = {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  userId: string;
  /** Called once, when access has ended. */
  onLost: () => void;
  intervalMs?: number;
};

/**
 * Re-checks a stream's access every interval, and at once when the bus announces that tokens were
 * revoked or that this user changed (their memberships); calls `onLost` when it fails. Answers the
 * function that stops watching.
 */
export function watchStreamAccess({
  app,
  request,
  reply,
  userId,
  onLost,
  intervalMs = STREAM_ACCESS_RECHECK_MS,
}: StreamAccessWatch): () => void {
  let stopped = false;
  let checking = false;
  // A notice arriving during a check may not have been seen by it: check once more after it.
  let again = false;
  const check = async () => {
    if (stopped) return;
    if (checking) {
      again = true;
      return;
    }
    checking = true;
    const holds = await accessStillHolds(app, request, reply);
    checking = false;
    if (!holds && !stopped) {
      stop();
      onLost();
    } else if (again) {
      again = false;
      void check();
    }
  };
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  const stopListening = app.events.onNotice((notice) => {
    // After every listener has the notice, so the token and membership caches have dropped their entries.
    if (notice.topic === "tokens.revoked" || (notice.topic === "user.changed" && notice.userId === userId))
      setImmediate(() => void check());
  });
  const stop = () => {
    stopped = true;
    clearInterval(timer);
    stopListening();
  };
  return stop;
}
