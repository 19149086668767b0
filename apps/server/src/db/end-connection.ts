import type { Socket } from "node:net";
import type pg from "pg";

/** Drops a pg connection at once (pg's own way to abandon one): its queries fail as "terminated". */
export function destroyConnection(client: pg.Client | pg.PoolClient): void {
  (client as unknown as { connection?: { stream?: Socket } }).connection?.stream?.destroy();
}

/**
 * Ends a pg connection politely (pg says goodbye and waits for the server to close its side), or drops
 * it after `ms`: a server that went silent never closes, and a shutdown must not wait for it.
 */
export async function endConnection(client: pg.Client | pg.PoolClient, ms: number): Promise<void> {
  const timer = setTimeout(() => destroyConnection(client), ms);
  try {
    await client.end();
  } catch {
    // Already failed: nothing left to end.
  } finally {
    clearTimeout(timer);
  }
}
