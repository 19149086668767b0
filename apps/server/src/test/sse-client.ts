// Test support: reads `GET /app/events` over a real socket with fetch streaming, as the browser does.

export type ServerSentEvent = { event: string; data: unknown };

export type EventStream = {
  response: Response;
  /** Resolves with (and takes out) the first queued event matching `predicate`; rejects after `timeoutMs`. */
  next(predicate?: (event: ServerSentEvent) => boolean, timeoutMs?: number): Promise<ServerSentEvent>;
  /** Every comment line seen so far (`: ping`, `: connected`). */
  comments: string[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

export async function openEventStream(
  baseUrl: string,
  headers: Record<string, string>,
  path = "/app/events",
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${path}`, { headers, signal: controller.signal });
  const queue: ServerSentEvent[] = [];
  const comments: string[] = [];
  const waiter: { wake: (() => void) | null } = { wake: null };
  let buffer = "";
  const decoder = new TextDecoder();

  const parseFrame = (frame: string) => {
    let event = "message";
    const data: string[] = [];
    for (const line of frame.split("\n")) {
      if (line.startsWith(":")) comments.push(line);
      else if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("data: ")) data.push(line.slice(6));
    }
    if (data.length > 0) queue.push({ event, data: JSON.parse(data.join("\n")) });
  };

  const ended = (async () => {
    if (!response.body) return;
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf("\n\n");
        while (cut >= 0) {
          parseFrame(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf("\n\n");
        }
        waiter.wake?.();
      }
    } catch {
      // Aborted by close().
    } finally {
      waiter.wake?.();
    }
  })();
  let finished = false;
  void ended.then(() => {
    finished = true;
  });

  return {
    response,
    comments,
    ended,
    // Up to 10 s by default: what a busy two-core machine can take (docs/testing.md). On
    // performance.now(), which a test that fakes Date leaves alone.
    async next(predicate = () => true, timeoutMs = 10_000) {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const index = queue.findIndex(predicate);
        if (index >= 0) return queue.splice(index, 1)[0]!;
        if (finished) throw new Error("the event stream ended");
        const left = deadline - performance.now();
        if (left <= 0) throw new Error("no matching event in time");
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiter.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        waiter.wake = null;
      }
    },
    close() {
      controller.abort();
    },
  };
}

/** The app's base URL once it listens on an ephemeral port of 127.0.0.1. */
export function baseUrlOf(address: ReturnType<import("node:net").Server["address"]>): string {
  if (!address || typeof address === "string") throw new Error("not listening on a TCP port");
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Closes an app that served event streams to fetch. After a stream is aborted, Node's fetch opens a
 * spare connection that never sends a request; the server only drops such a socket at its headers
 * timeout (a minute), so tests drop every connection first.
 */
export async function closeListeningApp(app: import("fastify").FastifyInstance, close: () => Promise<void>) {
  // An HTTP/2 server (TLS_CERT_FILE) has sessions instead, which Fastify's close ends itself.
  if ("closeAllConnections" in app.server) app.server.closeAllConnections();
  await close();
}
