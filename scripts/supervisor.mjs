// `npm start`'s supervisor: runs the server as a child process and starts it again when it dies for
// any reason but being asked to stop (a crash, an out-of-memory abort, kill -9). Jobs are committed rows
// and a restart takes up those the dead process held (modules/jobs), so nothing queued is lost.
//  - A first start that never gets to listening (bad configuration, port taken) is not retried: its
//    message is on screen, and the supervisor exits with its code.
//  - Restarts back off (1 s, 2 s, 4 s … 30 s); after MAX_CRASHES crashes within CRASH_WINDOW_MS the
//    supervisor gives up and exits 1, for whatever supervises it (systemd, a container) to see.
//  - SIGINT, SIGTERM and SIGHUP are passed to the server once (it finishes what is in flight, then
//    exits) and the supervisor exits with its code. The server runs in a process group of its own, so
//    a Ctrl-C in the terminal reaches it only through here, once (a second signal would cut its
//    graceful shutdown short).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS, serverEnv } from "./server-memory.mjs";

export const MAX_CRASHES = 5;
export const CRASH_WINDOW_MS = 60_000;
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "supervised-server.mjs");

const say = (message) => console.error(`[supervisor] ${message}`);

/**
 * Runs `bundle` under supervision until it is asked to stop or gives up; resolves with the exit code.
 * `prepare` (the builds' staleness checks) runs while the first child boots Node: the child loads the
 * bundle only once it resolves to 0, so a start pays for one Node boot or the checks, not both.
 */
export function supervise(bundle, prepare = async () => 0) {
  return new Promise((resolve) => {
    let child = null;
    let stopping = false;
    let everReady = false;
    let restartTimer = null;
    const crashes = [];
    let prepared;

    const start = () => {
      restartTimer = null;
      let ready = false;
      // Node flags reach the server through NODE_OPTIONS (inherited); this process's own argv may hold
      // -e or --input-type, which would make the child run the supervisor again. Its memory settings:
      // server-memory.mjs.
      child = spawn(process.execPath, [...SERVER_NODE_FLAGS, CHILD, bundle], {
        stdio: ["inherit", "inherit", "inherit", "ipc"],
        detached: true,
        env: serverEnv(process.env),
      });
      child.on("message", (message) => {
        if (message?.ready) ready = everReady = true;
      });
      const started = child;
      // The first start runs `prepare` while the child boots; a restart finds it settled.
      prepared ??= prepare();
      prepared.then((code) => {
        if (code !== 0) {
          stopping = true;
          started.kill("SIGKILL");
          resolve(code);
        } else if (started.connected) started.send({ go: true });
      });
      child.on("exit", (code, signal) => {
        child = null;
        if (stopping) return resolve(code ?? 0);
        if (!everReady) return resolve(code ?? 1);
        const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
        const now = Date.now();
        crashes.push(now);
        while (crashes[0] < now - CRASH_WINDOW_MS) crashes.shift();
        if (crashes.length >= MAX_CRASHES) {
          say(`the server ${how}: ${crashes.length} crashes within a minute, giving up.`);
          return resolve(1);
        }
        // A restart that fails before listening (the database still down) counts as a crash too.
        const wait = Math.min(FIRST_BACKOFF_MS * 2 ** (crashes.length - 1), MAX_BACKOFF_MS);
        say(`the server ${how}${ready ? "" : " before it was ready"}; starting it again in ${wait / 1000} s.`);
        restartTimer = setTimeout(start, wait);
      });
    };

    for (const name of ["SIGINT", "SIGTERM", "SIGHUP"]) {
      process.on(name, () => {
        if (stopping) return;
        stopping = true;
        if (restartTimer) {
          clearTimeout(restartTimer);
          resolve(0);
        } else child?.kill(name);
      });
    }
    start();
  });
}
