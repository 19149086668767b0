// What the process that serves a benchmarked `npm start` uses: its RSS from /proc (the PGlite worker is a
// thread in it, so its WASM memory counts), its V8 heap as memory-probe.mjs reports it, and its CPU time
// with that of its PostgreSQL backends (per request, the one figure a busy shared machine does not skew).
// `npm start` is npm → the supervisor (scripts/start.mjs) → the serving child (supervised-server.mjs).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), "memory-probe.mjs");
const MB = 1024 * 1024;

/** Environment for `startServer` that makes the serving process report its heap; `close()` removes its files. */
export function memoryProbeEnv() {
  const dir = mkdtempSync(path.join(tmpdir(), "foreman-memory-"));
  const nodeOptions = [process.env.NODE_OPTIONS, `--import=${PROBE}`].filter(Boolean).join(" ");
  return {
    dir,
    env: { NODE_OPTIONS: nodeOptions, MEMORY_PROBE_DIR: dir },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

const commandOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  } catch {
    return [];
  }
};

/** /proc/<pid>/stat's fields from the state on (the command may hold spaces and parentheses). */
function statOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

const parentOf = (pid) => {
  const fields = statOf(pid);
  return fields ? Number(fields[1]) : undefined;
};

/** Linux's USER_HZ: clock ticks per second in /proc/<pid>/stat. */
const TICKS_PER_SECOND = 100;

/** User + system CPU seconds a process has used, all its threads together (0 once it is gone). */
export function cpuSecondsOf(pid) {
  const fields = statOf(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND : 0;
}

/**
 * CPU seconds used so far by the PostgreSQL backends connected to `database` (the server's pool), by
 * pid: a backend's process title is "postgres: <cluster>: <user> <database> <client> …".
 */
export function postgresBackendSeconds(database) {
  const seconds = new Map();
  if (!database) return seconds;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const title = commandOf(name).join(" ");
    if (title.startsWith("postgres: ") && title.split(" ").includes(database)) seconds.set(name, cpuSecondsOf(name));
  }
  return seconds;
}

/** CPU seconds the serving process and its database backends have used so far (see `cpuSince`). */
export const cpuNow = (pid, database) => ({ server: cpuSecondsOf(pid), backends: postgresBackendSeconds(database) });

/** CPU seconds used since `start` (from `cpuNow`): the server's, and its backends' (new ones from zero). */
export function cpuSince(start, pid, database) {
  const now = cpuNow(pid, database);
  let backends = 0;
  for (const [backend, seconds] of now.backends) backends += seconds - (start.backends.get(backend) ?? 0);
  return { server: now.server - start.server, backends };
}

/** The pid of the supervisor's serving child among `rootPid`'s descendants (the serving process itself when unsupervised). */
export function servingPid(rootPid) {
  const pids = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
  const descends = (pid) => {
    for (let p = pid, hops = 0; p && p > 1 && hops < 10; p = parentOf(p), hops++) if (p === rootPid) return true;
    return false;
  };
  const served = pids.find(
    (pid) => descends(pid) && commandOf(pid).some((arg) => arg.endsWith("supervised-server.mjs")),
  );
  return served ?? rootPid;
}

/**
 * Gives the serving process's scheduling group the bench's own standing. With autogroup scheduling (the
 * Linux default), CPU is shared between sessions before niceness counts, and the supervisor starts the
 * server in a session of its own: on a busy machine it got a small share of a core while the raw server
 * beside it, in the bench's session, got far more. Returns false where this cannot be done.
 */
export function matchSchedulingGroup(pid) {
  try {
    const own = /nice (-?\d+)/.exec(readFileSync("/proc/self/autogroup", "utf8"));
    if (!own) return false;
    writeFileSync(`/proc/${pid}/autogroup`, own[1]);
    return true;
  } catch {
    return false;
  }
}

/** VmRSS of a process in bytes (undefined once it is gone). */
export function rssOf(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The serving process's heap figures as its probe last wrote them (bytes), or undefined without a probe. */
export function heapOf(probeDir, pid) {
  try {
    return JSON.parse(readFileSync(path.join(probeDir, `${pid}.json`), "utf8"));
  } catch {
    return undefined;
  }
}

/** One reading: RSS and V8 heap used, in bytes. */
export const memoryNow = (probeDir, pid) => ({ rss: rssOf(pid), heap: heapOf(probeDir, pid)?.heapUsed });

/**
 * Samples RSS and heap every `intervalMs` until `stop()`, which resolves to the peaks. A load's peak is
 * what the process needed at its worst moment; the idle figure before and after is `memoryNow`.
 */
export function sampleMemory(probeDir, pid, intervalMs = 100) {
  const peak = { rss: 0, heap: 0 };
  const take = () => {
    const now = memoryNow(probeDir, pid);
    peak.rss = Math.max(peak.rss, now.rss ?? 0);
    peak.heap = Math.max(peak.heap, now.heap ?? 0);
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return peak;
    },
  };
}

/** Bytes as MB, for the tables. */
export const mb = (bytes) => (bytes === undefined ? "?" : (bytes / MB).toFixed(0));
