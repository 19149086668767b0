// Preloaded into the benchmarked server (NODE_OPTIONS=--import, see process-memory.mjs): the serving
// process writes its V8 heap figures to a file a few times a second, for the bench to read beside the
// RSS it reads from /proc. Every process NODE_OPTIONS reaches loads this file (npm, the supervisor, worker
// threads); only the supervisor's child, the process that serves, writes anything.
import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isMainThread } from "node:worker_threads";

const dir = process.env.MEMORY_PROBE_DIR;
if (dir && isMainThread && process.argv[1]?.endsWith("supervised-server.mjs")) {
  const file = path.join(dir, `${process.pid}.json`);
  const write = () => {
    const { heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    // Written beside and renamed over, so a reader never sees a half-written file.
    writeFileSync(`${file}.new`, JSON.stringify({ heapUsed, heapTotal, external, arrayBuffers }));
    renameSync(`${file}.new`, file);
  };
  write();
  setInterval(write, 100).unref();
}
