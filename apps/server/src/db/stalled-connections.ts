import type pg from "pg";
import { destroyConnection } from "./end-connection.ts";
import { isDatabaseUnavailable } from "./unavailable.ts";

export type StallWatchOptions = {
  /** How long a connection may be busy before the server is checked. */
  stallMs: number;
  /** How often the server is checked again while the connection stays busy. */
  recheckMs: number;
  /** Opens a fresh connection and runs a trivial query; rejects when the server cannot be reached. */
  probe: () => Promise<void>;
};

/**
 * A query can hang because it is slow or because the server went silent (a frozen host, a network
 * partition: no reset arrives, and TCP keepalive takes many seconds to notice). A statement timeout
 * cannot tell them apart and would cut legitimate slow queries; a fresh connection can. When a pooled
 * connection has been busy for `stallMs`, the server is probed; if it cannot be reached, every pooled
 * connection is dropped, so the requests waiting on them fail now (503) instead of hanging.
 */
export function watchStalledConnections(pool: pg.Pool, options: StallWatchOptions): { stop(): void } {
  const open = new Set<pg.PoolClient>();
  const timers = new Map<pg.PoolClient, NodeJS.Timeout>();
  let probing: Promise<boolean> | null = null;
  let stopped = false;

  const clear = (client: pg.PoolClient) => {
    clearTimeout(timers.get(client));
    timers.delete(client);
  };
  const arm = (client: pg.PoolClient, ms: number) => {
    timers.set(client, setTimeout(() => void stalled(client), ms).unref());
  };

  // One probe at a time, shared by every stalled connection; resolves true when the server answered.
  const reachable = () => {
    probing ??= options
      .probe()
      .then(
        () => true,
        (error: unknown) => !isDatabaseUnavailable(error),
      )
      .finally(() => {
        probing = null;
      });
    return probing;
  };

  const stalled = async (client: pg.PoolClient) => {
    if (stopped || !timers.has(client)) return;
    if (await reachable()) {
      if (timers.has(client)) arm(client, options.recheckMs);
      return;
    }
    for (const each of open) destroyConnection(each);
  };

  pool.on("connect", (client) => open.add(client));
  pool.on("remove", (client) => {
    open.delete(client);
    clear(client);
  });
  pool.on("acquire", (client) => {
    clear(client);
    arm(client, options.stallMs);
  });
  pool.on("release", (_error, client) => clear(client));

  return {
    stop() {
      stopped = true;
      for (const client of timers.keys()) clear(client);
    },
  };
}
