import closeWithGrace from "close-with-grace";
import type { FastifyInstance } from "fastify";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { prepareDatabase } from "./prepare-database.ts";
import { DEMO_PASSWORD, DEMO_USERS } from "./seed/demo-data.ts";

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

function printBanner(config: Config, seeded: boolean) {
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`;
  console.log(`\nForeman is running at http://localhost:${config.port}`);
  console.log(`Database: ${where}${seeded ? " (demo workspace created)" : ""}`);
  if (config.seedDemo) {
    console.log("Demo sign-in:");
    for (const user of DEMO_USERS)
      console.log(`  ${user.email} / ${DEMO_PASSWORD}  (${user.firstName} ${user.lastName})`);
  }
  console.log(`API docs: http://localhost:${config.port}/api/docs\n`);
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
  // The app's modules load while PGlite compiles its WASM and opens the data directory.
  phases.modulesLoaded = Math.round(phases.modulesLoaded!);
  const [opened, { buildApp }] = await Promise.all([
    openDatabase(config).finally(() => mark("databaseOpen")),
    import("./app.ts").finally(() => mark("appModulesLoaded")),
  ]);
  database = opened;
  const { seeded } = await prepareDatabase(database, { seedDemo: config.seedDemo });
  mark("databasePrepared");
  app = await buildApp({ config, database });
  await app.ready();
  mark("routesReady");
  await app.listen({ port: config.port, host: config.host });
  mark("listening");
  app.log.debug({ phases }, "start-up phases (ms since the process began)");
  printBanner(config, seeded);
} catch (error) {
  const target = config.databaseUrl
    ? `PostgreSQL at ${new URL(config.databaseUrl).host}`
    : `PGlite in ${config.dataDir}`;
  console.error(`Foreman could not start (database: ${target}): ${describe(error)}`);
  await app?.close().catch(() => {});
  await database?.close().catch(() => {});
  process.exit(1);
}
