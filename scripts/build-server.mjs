// Precompiles the server for `npm start`: one ES module, apps/server/dist/server.mjs, with our own
// code (the server and @foreman/contract) bundled and every npm package left to Node. Starting from it
// skips transpiling some 200 TypeScript files on every start. `npm run dev` and the tests still run
// the TypeScript directly.
import { rmSync } from "node:fs";
import path from "node:path";
import { root, SERVER_BUNDLE } from "./lib.mjs";

/**
 * Pure-JavaScript ES module packages spread over hundreds of small files, bundled in: loading them file by
 * file (resolve, open, read, compile each) was a tenth of a second of every start. zod goes with the
 * one package that shares its schemas with us (fastify-type-provider-zod), so there is one zod.
 */
const BUNDLED_PACKAGES = ["@foreman/", "drizzle-orm", "zod", "fastify-type-provider-zod"];

/** Every other npm package stays external: native addons, WASM and data files load from their own folders. */
const externalPackages = {
  name: "external-packages",
  setup(builder) {
    builder.onResolve({ filter: /^[^./#]/ }, (args) =>
      BUNDLED_PACKAGES.some(
        (name) => args.path === name || args.path.startsWith(name.endsWith("/") ? name : `${name}/`),
      )
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  // Loaded here, not at the top: `npm start` imports this file only when the bundle is stale.
  const { build } = await import("esbuild");
  // Chunk names change with their content: start from an empty folder so old ones do not pile up.
  rmSync(path.dirname(SERVER_BUNDLE), { recursive: true, force: true });
  await build({
    // The server, and the knowledge base's extraction thread, which a worker starts from its own file
    // (modules/knowledge/extract/extract-in-worker.ts looks for it beside the code that starts it).
    entryPoints: {
      server: path.join(root, "apps/server/src/server.ts"),
      "extract-worker": path.join(root, "apps/server/src/modules/knowledge/extract/extract-worker.ts"),
    },
    outdir: path.dirname(SERVER_BUNDLE),
    outExtension: { ".js": ".mjs" },
    // What the server imports on demand (the demo seed, the PDF writer) stays in chunks of its own, so
    // it and the npm packages it needs load only when used. Chunks sit beside server.mjs: config.ts
    // finds the repository root from its own file, at the same depth as in apps/server/src.
    splitting: true,
    chunkNames: "[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
    plugins: [externalPackages],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
