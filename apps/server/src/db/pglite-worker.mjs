// PGlite in a worker thread (see pglite-thread.ts, which starts it and speaks to it). Plain JavaScript,
// not TypeScript: the same file runs under the tests, `npm run dev` and the precompiled server.
//
// Messages in:  { id, op: "query", sql, params, rowMode, textTypes, tx? }
//               { id, op: "exec", sql, tx? }
//               { id, op: "begin" }                  → answered from inside the transaction
//               { id, op: "end", tx, commit }        → answered once it committed or rolled back
//               { id, op: "dump", compression }      → a Blob of the data directory (dumpDataDir)
//               { id, op: "close" }
// Messages out: { opened: true } | { openError }     once, when the database is open or failed to open
//               { id, result } | { id, error }
//               { notification: { channel, payload } } a NOTIFY on a channel in NOTIFY_CHANNELS
import { mkdirSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";

const { dataDir, template } = workerData;

/** An error as plain data: its message and every primitive field (SQLSTATE `code`, `constraint`, …). */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

const answer = (id, result) => parentPort.postMessage({ id, result });
/** A result as data: PGlite's results also carry what cannot cross threads (its query options). */
const plainResults = ({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows });
const fail = (id, error) => parentPort.postMessage({ id, error: plainError(error) });

// Type parsers cannot cross threads; callers name the types to leave as the text PostgreSQL sent
// (drizzle keeps dates, timestamps and intervals as text and maps them itself).
const asText = (value) => value;
const parsersByKey = new Map();
function parsersFor(textTypes) {
  if (!textTypes || textTypes.length === 0) return undefined;
  const key = textTypes.join(",");
  let parsers = parsersByKey.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(textTypes.map((type) => [type, asText]));
    parsersByKey.set(key, parsers);
  }
  return parsers;
}

// The data-change notices of migration 0024's triggers. PGlite hands a notification to its listeners
// while it reads the result of the statement that committed it, so it is posted before that
// statement's answer: the main thread hears of a change before the write that made it resumes.
const NOTIFY_CHANNELS = ["foreman_data"];

const ROLLBACK = Symbol("rollback");
/** Open transactions by id: PGlite's handle, and how to end it. */
const transactions = new Map();

// Listening from the start keeps this thread's event loop busy while PGlite opens. Had the loop run
// out of work meanwhile, Node would wait for V8's background tasks (PGlite's WASM being optimised)
// before going on: a tenth of a second before the first query could be read.
let db;
const opening = openDatabase();
parentPort.on("message", async (message) => {
  await opening;
  await handle(message);
});

async function openDatabase() {
  try {
    const [{ PGlite }, { unaccent }, { btree_gin }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/unaccent"),
      import("@electric-sql/pglite/contrib/btree_gin"),
    ]);
    if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
    // unaccent: knowledge search matches Spanish words typed with or without their accents.
    // btree_gin: message search's index leads with company_id (migration 0023).
    const extensions = { unaccent, btree_gin };
    // PostgreSQL's default 128 MB of shared buffers took a quarter of every open to set up in WASM (about
    // 70 ms of ~300); 32 MB holds the working set of the list endpoints as well (docs/benchmarks.md).
    const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];
    db = await PGlite.create(dataDir, { extensions, startParams, ...(template ? { loadDataDir: template } : {}) });
    for (const channel of NOTIFY_CHANNELS)
      await db.listen(channel, (payload) => parentPort.postMessage({ notification: { channel, payload } }));
    parentPort.postMessage({ opened: true });
  } catch (error) {
    parentPort.postMessage({ openError: plainError(error) });
  }
}

function executor(tx) {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error("The transaction has already ended");
  return open.handle;
}

/** Opens a transaction that stays open, answering its queries, until the `end` request for it. */
function begin(id) {
  let started = false;
  db.transaction(
    (handle) =>
      new Promise((resolve, reject) => {
        started = true;
        transactions.set(id, { handle, end: (commit) => (commit ? resolve() : reject(ROLLBACK)) });
        answer(id, { tx: id });
      }),
  ).then(
    () => settle(id, undefined),
    (error) => (started ? settle(id, error === ROLLBACK ? undefined : error) : fail(id, error)),
  );
}

/** Answers the `end` request once PGlite has committed or rolled back. */
function settle(tx, error) {
  const endId = transactions.get(tx)?.endId;
  transactions.delete(tx);
  if (endId === undefined) return;
  if (error) fail(endId, error);
  else answer(endId, {});
}

async function handle(message) {
  const { id, op } = message;
  try {
    if (op === "query") {
      const options = { rowMode: message.rowMode, parsers: parsersFor(message.textTypes) };
      answer(id, plainResults(await executor(message.tx).query(message.sql, message.params, options)));
    } else if (op === "exec") {
      answer(id, (await executor(message.tx).exec(message.sql)).map(plainResults));
    } else if (op === "begin") {
      begin(id);
    } else if (op === "end") {
      const open = transactions.get(message.tx);
      if (!open) throw new Error("The transaction has already ended");
      open.endId = id;
      open.end(message.commit);
    } else if (op === "dump") {
      answer(id, await db.dumpDataDir(message.compression));
    } else if (op === "close") {
      await db?.close();
      answer(id, {});
      parentPort.close();
    }
  } catch (error) {
    fail(id, error);
  }
}
