import type { FastifyInstance } from "fastify";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { PgliteThread } from "./db/pglite-thread.ts";
import { existingPgliteDataDir } from "./paths.ts";

// An existing PGlite database starts opening first of all, on its own thread, before even the
// configuration's checks load; everything else (zod, drizzle, the schema, Fastify, the routes) loads
// meanwhile. A new database waits for the configuration (see existingPgliteDataDir).
const earlyDataDir = existingPgliteDataDir(process.env, process.cwd());
const earlyPglite = earlyDataDir ? new PgliteThread(earlyDataDir) : undefined;
const [{ ConfigError, loadConfig }, { default: closeWithGrace }] = await Promise.all([
  import("./config.ts"),
  import("close-with-grace"),
]);

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

// Start-up phases in ms since the process began (performance.now()), printed at debug level and
// read by `npm run bench -- startup` to show where a start spends its time.
const phases: Record<string, number> = { modulesLoaded: performance.now() };
const mark = (phase: string) => {
  phases[phase] = Math.round(performance.now());
};

async function printBanner(config: Config, seeded: boolean) {
  const { DEMO_PASSWORD, DEMO_USERS } = await import("./seed/demo-data.ts");
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`;
  const local = `${config.tls ? "https" : "http"}://localhost:${config.port}`;
  console.log(`\nForeman is running at ${local}${config.tls ? " (HTTPS and HTTP/2: TLS_CERT_FILE)" : ""}`);
  console.log(`Database: ${where}${seeded ? " (demo workspace created)" : ""}`);
  if (config.seedDemo) {
    console.log("Demo sign-in:");
    for (const user of DEMO_USERS)
      console.log(`  ${user.email} / ${DEMO_PASSWORD}  (${user.firstName} ${user.lastName})`);
  } else {
    // Production or DATABASE_URL: no demo accounts unless SEED_DEMO=true (their password is published).
    console.log(`No demo workspace (SEED_DEMO is off): create an account at ${local}/sign_up`);
  }
  if (config.email.inboundPort !== undefined)
    console.log(
      `Email: SMTP listener on port ${config.email.inboundPort} for @${config.email.inboundDomain}` +
        (config.seedDemo
          ? ` (try: npm run email:demo -- --to northwind-demo@${config.email.inboundDomain}${config.email.inboundPort === 2525 ? "" : ` --port ${config.email.inboundPort}`})`
          : ""),
    );
  console.log(`API docs: ${local}/api/docs\n`);
}

// Errors wrap their causes (drizzle's "Failed query" around ECONNREFUSED): show the whole chain.
function describe(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e instanceof Error && parts.length < 5; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    parts.push(typeof code === "string" && !e.message.includes(code) ? `${e.message} (${code})` : e.message);
  }
  return parts.length > 0 ? parts.join(": ") : String(error);
}

const config = readConfig();
// On the embedded database without ENCRYPTION_KEY, a key of its own kept in DATA_DIR (lib/local-key-file.ts).
if (!config.encryptionKey && !config.databaseUrl && config.dataDir !== "memory://") {
  const { readOrCreateLocalKey } = await import("./lib/local-key-file.ts");
  config.encryptionKey = readOrCreateLocalKey(config.dataDir);
}
let database: Database | undefined;
let app: FastifyInstance | undefined;

// Close the app first (stop taking requests, let in-flight ones finish), then the database.
closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) console.error("Foreman stopped on an error:", err);
  else if (signal) console.log(`Received ${signal}, shutting down…`);
  await app?.close();
  await database?.close();
});

try {
  phases.modulesLoaded = Math.round(phases.modulesLoaded!);
  const pgliteClient = config.databaseUrl
    ? undefined
    : earlyPglite?.dataDir === config.dataDir
      ? earlyPglite
      : new PgliteThread(config.dataDir);
  if (earlyPglite && earlyPglite !== pgliteClient) await earlyPglite.close();
  pgliteClient?.opened.then(
    () => mark("databaseOpen"),
    () => {},
  );
  const opening = import("./db/client.ts").then(async ({ openDatabase }) => {
    database = await openDatabase({ ...config, pgliteClient });
    return database;
  });
  // The database is prepared (on PGlite, by its own thread) while this thread builds the app: building
  // registers routes and reads no table, and nothing is served or run until both are done.
  const preparing = Promise.all([opening, import("./prepare-database.ts")]).then(([opened, { prepareDatabase }]) =>
    prepareDatabase(opened, { seedDemo: config.seedDemo }).finally(() => mark("databasePrepared")),
  );
  const building = Promise.all([opening, import("./app.ts").finally(() => mark("appModulesLoaded"))]).then(
    async ([opened, { buildApp }]) => {
      app = await buildApp({ config, database: opened });
      mark("appBuilt");
      return app;
    },
  );
  const [{ seeded }, built] = await Promise.all([preparing, building]);
  await built.ready();
  mark("routesReady");
  await built.listen({ port: config.port, host: config.host });
  mark("listening");
  built.log.debug({ phases }, "start-up phases (ms since the process began)");
  await printBanner(config, seeded);
} catch (error) {
  const target = config.databaseUrl
    ? `PostgreSQL at ${new URL(config.databaseUrl).host}`
    : `PGlite in ${config.dataDir}`;
  console.error(`Foreman could not start (database: ${target}): ${describe(error)}`);
  await app?.close().catch(() => {});
  await database?.close().catch(() => {});
  process.exit(1);
}
