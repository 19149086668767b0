// SIGTERM under load: writers posting staff replies, requests whose bodies are still arriving, and an
// open event stream, then SIGTERM. The server must stop accepting connections, finish what is in
// flight, end the stream, close the database and exit 0; afterwards every acknowledged write is there.
import { conversationIds, driveWrites, openEventStream, signInDemo, slowReply } from "./api.mjs";
import { portAccepts, startServer } from "./server-process.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const within = (promise, ms, what) =>
  Promise.race([promise, sleep(ms).then(() => Promise.reject(new Error(`${what}: nothing after ${ms} ms`)))]);

// close-with-grace's bound in apps/server/src/server.ts: past it the server gives up and exits 1.
export const SHUTDOWN_BOUND_MS = 10_000;

/**
 * Runs the scenario on a server started with `env` (DATA_DIR or DATABASE_URL); the database must be
 * empty or hold the demo workspace. Returns what it measured; the caller asserts and checks the writes.
 */
export async function sigtermUnderLoad({ port, env, writers = 6, loadMs = 1500, inFlight = 3, holdMs = 1000 }) {
  const server = await startServer({ port, env: { SEED_DEMO: "true", ...env } });
  try {
    const headers = await signInDemo(server.baseUrl);
    const conversations = await conversationIds(server.baseUrl, headers, 5);
    const stream = await openEventStream(server.baseUrl, headers);
    const load = driveWrites({
      baseUrl: server.baseUrl,
      headers,
      conversations,
      concurrency: writers,
      label: `sigterm ${Date.now()}`,
    });
    await sleep(loadMs);
    const slow = Array.from({ length: inFlight }, (_, i) => {
      const conversationId = conversations[i % conversations.length];
      const content = `in flight at SIGTERM ${i}`;
      return { conversationId, ...slowReply({ baseUrl: server.baseUrl, headers, conversationId, content }) };
    });
    await within(Promise.all(slow.map((request) => request.started)), 10_000, "the requests in flight");

    const signalAt = performance.now();
    server.signal("SIGTERM");
    let exitedAt = null;
    void server.exited.then((exit) => {
      exitedAt = exit.at;
    });
    await sleep(holdMs / 2);
    // While the slow requests keep it busy, a new connection must be refused.
    const acceptedDuringShutdown = await portAccepts(port);
    const aliveWhileChecked = exitedAt === null;
    const streamEnd = await within(stream.ended, holdMs / 2 + SHUTDOWN_BOUND_MS, "the event stream");
    const streamEndedAt = performance.now();
    await sleep(Math.max(0, signalAt + holdMs - performance.now()));
    const finishedAt = performance.now();
    for (const request of slow) request.finish();
    const inFlightAnswers = await Promise.all(
      slow.map((request) => within(request.answer, SHUTDOWN_BOUND_MS, "a request in flight")),
    );
    const exit = await within(server.exited, SHUTDOWN_BOUND_MS + 5000, "the exit");
    await load.stop();

    inFlightAnswers.forEach((answer, i) => {
      if (answer.status === 201)
        load.acknowledged.push({ id: JSON.parse(answer.body).id, conversationId: slow[i].conversationId });
    });
    return {
      exit,
      signalAt,
      readyMs: server.readyMs,
      shutdownMs: exit.at - signalAt,
      // From the last in-flight request's body to the process's exit: closing the app and the database.
      closeMs: exit.at - finishedAt,
      acceptedDuringShutdown,
      aliveWhileChecked,
      streamEnd,
      streamEndedBeforeExit: streamEndedAt <= exit.at,
      inFlightStatuses: inFlightAnswers.map((answer) => answer.status),
      inFlightBodies: inFlightAnswers.map((answer) => answer.body),
      acknowledged: load.acknowledged,
      outcomes: load.outcomes.map((outcome) => ({ ...outcome, afterSignal: outcome.sentAt >= signalAt })),
      output: server.output(),
    };
  } finally {
    server.kill();
  }
}
