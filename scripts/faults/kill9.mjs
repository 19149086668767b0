// kill -9 during writes on PGlite: writers post staff replies, the server is killed mid-stream (no
// chance to close anything), and started again on the same data directory. It must open the database,
// and every write acknowledged before the kill must be there; this repeats for several rounds.
import { conversationIds, driveWrites, missingWrites, signInDemo } from "./api.mjs";
import { startServer } from "./server-process.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `rounds` times: start on `dataDir` (seeding the demo workspace if it is empty), check that every
 * write acknowledged so far is there, write for `loadMs` (± a random third, so the kill lands at
 * different moments), kill -9. A last start checks the last round's writes and stops with SIGTERM.
 */
export async function kill9DuringWrites({ port, dataDir, rounds = 2, writers = 6, loadMs = 1500 }) {
  const acknowledged = [];
  const restarts = [];
  // Kills that cut requests off (in flight at the kill: their clients saw the connection drop).
  let killsMidRequest = 0;
  let firstReadyMs = 0;
  for (let round = 0; round <= rounds; round++) {
    // A new port each time: the client's keep-alive connections to the killed server are dead.
    const server = await startServer({ port: port + round, env: { DATA_DIR: dataDir, SEED_DEMO: "true" } });
    try {
      const headers = await signInDemo(server.baseUrl);
      const missing = await missingWrites(server.baseUrl, headers, acknowledged);
      if (round === 0) firstReadyMs = server.readyMs;
      else restarts.push({ readyMs: server.readyMs, checked: acknowledged.length, missing: missing.length });
      if (round === rounds) {
        server.signal("SIGTERM");
        const exit = await server.exited;
        return { firstReadyMs, restarts, acknowledged: acknowledged.length, killsMidRequest, lastExit: exit };
      }
      const conversations = await conversationIds(server.baseUrl, headers, 5);
      const load = driveWrites({
        baseUrl: server.baseUrl,
        headers,
        conversations,
        concurrency: writers,
        label: `kill -9 round ${round}`,
      });
      await sleep(loadMs * (2 / 3 + Math.random() * (2 / 3)));
      server.kill();
      const exit = await server.exited;
      if (exit.signal !== "SIGKILL") throw new Error(`the server was not killed: ${JSON.stringify(exit)}`);
      await load.stop();
      acknowledged.push(...load.acknowledged);
      if (load.outcomes.some((outcome) => outcome.error !== undefined)) killsMidRequest += 1;
    } finally {
      server.kill();
    }
  }
  throw new Error("unreachable");
}
