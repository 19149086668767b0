// Test support: a TCP proxy between the app and PostgreSQL that a test can take down, to play a
// database outage without touching the real server.
import net from "node:net";

/**
 * - `forward`: pipe bytes both ways;
 * - `refuse`: stop listening (new connections are refused) and reset every open one;
 * - `blackhole`: accept new connections but never forward, and stop forwarding on the open ones,
 *   so both hang, as with a frozen host or a network partition.
 * Leaving an outage drops the connections it held (their streams lost bytes and cannot resume),
 * as a restarted server would.
 */
export type ProxyMode = "forward" | "refuse" | "blackhole";

export type TcpProxy = {
  port: number;
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  urlFor(databaseUrl: string): string;
  setMode(mode: ProxyMode): Promise<void>;
  /** Connections currently open through the proxy (forwarding or held). */
  readonly connections: number;
  close(): Promise<void>;
};

type Pair = { client: net.Socket; upstream: net.Socket | null; held: boolean };

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = "forward";
  const pairs = new Set<Pair>();

  const drop = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.upstream?.destroy();
  };

  // Half-open allowed, so a held connection ignores the app's FIN too (as a frozen host would) rather
  // than closing on it; while forwarding, each side's end is passed on by hand.
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    const pair: Pair = { client, upstream: null, held: mode === "blackhole" };
    pairs.add(pair);
    client.on("error", () => drop(pair));
    client.on("close", () => drop(pair));
    // Held: read and discard, so the app's writes succeed and its reads wait forever.
    client.on("data", (chunk) => {
      if (!pair.held) pair.upstream?.write(chunk);
    });
    client.on("end", () => {
      if (!pair.held) pair.upstream?.end();
    });
    if (pair.held) return;
    const upstream = net.connect({ port: target.port, host: target.host, allowHalfOpen: true });
    pair.upstream = upstream;
    upstream.on("data", (chunk) => {
      if (!pair.held) client.write(chunk);
    });
    upstream.on("end", () => {
      if (!pair.held) client.end();
    });
    upstream.on("error", () => drop(pair));
    upstream.on("close", () => drop(pair));
    // Bytes the app sent before the upstream connected are buffered by net.Socket.write.
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));

  await listen(0);
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    get connections() {
      return pairs.size;
    },
    async setMode(next) {
      if (next === mode) return;
      const previous = mode;
      mode = next;
      if (next === "refuse") {
        for (const pair of pairs) {
          pair.client.resetAndDestroy();
          drop(pair);
        }
        await stopListening();
        return;
      }
      if (previous === "refuse") await listen(port);
      if (next === "blackhole") {
        for (const pair of pairs) pair.held = true;
        return;
      }
      for (const pair of pairs) if (pair.held) drop(pair);
    },
    async close() {
      for (const pair of pairs) drop(pair);
      if (mode !== "refuse") await stopListening();
    },
  };
}
