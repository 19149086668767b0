import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { precompress } from "./build/precompress.ts";
import { routePages } from "./build/route-pages.ts";

// Paths the API server owns; in development Vite forwards them to it (same origin in production).
const apiPaths = [
  "/app",
  "/oauth",
  "/users.json",
  "/users/",
  "/internal",
  "/api",
  "/files",
  "/logos",
  "/healthz",
  "/readyz",
  "/client_config.json",
];
const apiTarget = process.env.API_URL ?? "http://localhost:3000";

// The page starts one of two ways (src/main.tsx), each behind an import(): signed-out-app.tsx on a cold
// /sign_in, /sign_up or mailed link's page (whose own code, src/standalone/*.tsx, it imports()), app.tsx
// everywhere else. What each imports statically is fetched with it
// anyway, so it is grouped into a few chunks below. Which start imports what is read from the module
// graph once it is built, before chunks are made, following the app's own files only: a barrel such as
// `@foreman/contract` would seem to import everything.
const SIGNED_OUT_START = /[\\/]src[\\/]signed-out-app\.tsx$/;
const APP_START = /[\\/]src[\\/]app\.tsx$/;
const APP_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]/;
const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/](?!index\.ts$)/;
/** Code only the signed-out pages use, wherever they are drawn. */
const SIGNED_OUT_OWN =
  /[\\/]src[\\/](signed-out-app\.tsx|standalone[\\/]|features[\\/]auth[\\/]|components[\\/]layout[\\/]auth-layout\.tsx)/;
/** A mailed link's page on a cold load, without the router (src/standalone/reset_password.tsx). */
const LINK_PAGE_START = /[\\/]src[\\/]standalone[\\/][^\\/]+\.tsx$/;

/**
 * What the signed-out pages import statically; also with their import()s (not the app's); what the mailed
 * links' pages import statically; the app's.
 */
const reach = {
  signedOut: new Set<string>(),
  signedOutLater: new Set<string>(),
  linkPages: new Set<string>(),
  linkContract: new Set<string>(),
  linkShared: new Set<string>(),
  app: new Set<string>(),
  shellIcons: new Set<string>(),
  shellKit: new Set<string>(),
};
/** The landing page's own screens: loaded with it, not with every signed-in page. */
const DASHBOARD_OWN =
  /[\\/]src[\\/](features[\\/](sales[\\/]dashboard|getting-started)[\\/]|routes[\\/]_app[\\/]dashboard\.tsx)/;
const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
/** The signed-in shell's own files: the layout (not the signed-out pages') and the `_app` route. */
const SHELL_SOURCE = /[\\/]src[\\/](components[\\/]layout[\\/](?!auth-layout\.tsx)|routes[\\/]_app[\\/]route\.tsx)/;

/** The chunks made by the groups below, whose file names say what they are. */
const NAMED_CHUNKS = new Set([
  "framework",
  "app-framework",
  "sentry",
  "app-shell",
  "shell-icons",
  "shell",
  "start",
  "signed-out",
  "api",
  "app",
]);

const readStarts: Plugin = {
  name: "foreman:read-starts",
  apply: "build",
  buildEnd() {
    const ids = [...this.getModuleIds()];
    const walk = (start: RegExp, into: Set<string>, withImportCalls: boolean) => {
      into.clear();
      const stack = ids.filter((id) => start.test(id));
      for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        if (into.has(id) || !APP_SOURCE.test(id)) continue;
        into.add(id);
        const info = this.getModuleInfo(id);
        stack.push(...(info?.importedIds ?? []));
        if (withImportCalls)
          stack.push(...(info?.dynamicallyImportedIds ?? []).filter((next) => !APP_START.test(next)));
      }
    };
    walk(SIGNED_OUT_START, reach.signedOut, false);
    walk(SIGNED_OUT_START, reach.signedOutLater, true);
    walk(LINK_PAGE_START, reach.linkPages, false);
    walk(APP_START, reach.app, false);
    // The contract's modules a set of the app's files uses, by the names they import from the barrel
    // (which would seem to import everything), with what those modules import in turn.
    const exporters = new Map<string, string>();
    for (const id of ids)
      if (CONTRACT_SOURCE.test(id)) for (const name of this.getModuleInfo(id)?.exports ?? []) exporters.set(name, id);
    const contractOf = (files: Set<string>) => {
      const found = new Set<string>();
      const stack: string[] = [];
      for (const id of files)
        for (const [, list] of (this.getModuleInfo(id)?.code ?? "").matchAll(
          /import\s*\{([^}]*)\}\s*from\s*["']@foreman\/contract["']/g,
        ))
          for (const name of (list ?? "").split(",")) {
            const exporter = exporters.get(name.trim().split(/\s+as\s+/)[0] ?? "");
            if (exporter) stack.push(exporter);
          }
      for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        if (found.has(id) || !CONTRACT_SOURCE.test(id)) continue;
        found.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      return found;
    };
    // What a mailed link's page shares with the app from the contract (the date format, say) would go
    // with the app's own chunk, which needs the router: it goes with the start instead.
    // What the start and the "api" chunk hold already stays there.
    const linkOwn = new Set([...reach.linkPages].filter((id) => !reach.app.has(id) && !reach.signedOut.has(id)));
    const api = new Set([...reach.app].filter((id) => reach.signedOutLater.has(id) && !reach.signedOut.has(id)));
    const held = new Set([...contractOf(reach.signedOut), ...contractOf(api)]);
    const appContract = contractOf(reach.app);
    reach.linkContract.clear();
    for (const id of contractOf(linkOwn)) if (appContract.has(id) && !held.has(id)) reach.linkContract.add(id);
    // The icons the shell draws. Screens use many of them too, so each would otherwise be a chunk of its
    // own: a dozen slivers on every cold load.
    // lucide-react is one barrel: the icons are named by the shell's imports (LogOut → log-out.mjs).
    // Those the signed-out pages draw too stay where they are, so a cold /sign_in never fetches the set.
    const iconsOf = (test: (id: string) => boolean) => {
      const names = new Set<string>();
      for (const id of ids) {
        if (!test(id)) continue;
        const code = this.getModuleInfo(id)?.code ?? "";
        for (const [, list] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g))
          for (const name of (list ?? "").split(",")) {
            const icon = name.trim().split(/\s+as\s+/)[0];
            if (icon) names.add(icon.replace(/([a-z0-9])([A-Z0-9])/g, "$1-$2").toLowerCase());
          }
      }
      return names;
    };
    const signedOut = iconsOf((id) => reach.signedOut.has(id));
    // The signed-in layout's component and the small parts it shares with the landing page (the avatar,
    // badges, the help link…): one chunk, instead of a dozen files of a few hundred bytes on every cold
    // load. The dashboard's own code stays in its route's chunk.
    const SHELL_KIT_STARTS = /[\\/]src[\\/]routes[\\/]_app[\\/](route|dashboard)\.tsx\?tsr-split=component$/;
    const kit = new Set<string>();
    const stack = ids.filter((id) => SHELL_KIT_STARTS.test(id));
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      if (kit.has(id) || !(APP_SOURCE.test(id) || LUCIDE_ICON.test(id))) continue;
      kit.add(id);
      stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
    // What a mailed link's page draws too (the avatar) goes with the start: the kit's chunk needs the router.
    reach.shellKit.clear();
    reach.linkShared.clear();
    for (const id of kit) {
      if (reach.signedOut.has(id) || reach.app.has(id) || DASHBOARD_OWN.test(id)) continue;
      if (reach.linkPages.has(id)) reach.linkShared.add(id);
      else reach.shellKit.add(id);
    }
    const shell = iconsOf((id) => SHELL_SOURCE.test(id) || reach.shellKit.has(id));
    reach.shellIcons.clear();
    for (const id of ids) {
      const name = LUCIDE_ICON.test(id) ? /([^\\/]+)\.mjs$/.exec(id)?.[1] : undefined;
      if (name && shell.has(name) && !signedOut.has(name)) reach.shellIcons.add(id);
    }
  },
};

/** Each chunk's static imports, by file name: a chunk's code runs only once all of them are loaded. */
const staticImports = new Map<string, readonly string[]>();

const readChunkImports: Plugin = {
  name: "foreman:read-chunk-imports",
  apply: "build",
  // Before Vite writes the preload lists (its own generateBundle), with the chunks' final names.
  enforce: "pre",
  generateBundle(_options, bundle) {
    staticImports.clear();
    for (const file of Object.values(bundle)) if (file.type === "chunk") staticImports.set(file.fileName, file.imports);
  },
};

/** The JavaScript files certainly loaded when `host`'s code runs: its static imports, and theirs. */
function loadedWith(host: string): Set<string> {
  const loaded = new Set<string>();
  const stack = [...(staticImports.get(host) ?? [])];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (loaded.has(file)) continue;
    loaded.add(file);
    stack.push(...(staticImports.get(file) ?? []));
  }
  return loaded;
}

export default defineConfig({
  // The router plugin must run before react() so route files are split before JSX is compiled.
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    readStarts,
    readChunkImports,
    routePages(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPaths.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // dist/.vite/manifest.json (never served: a dot folder) tells the bundle budget's message and the
    // bundle bench what each hashed file holds.
    manifest: true,
    modulePreload: {
      // Every browser the app supports knows <link rel="modulepreload">; one without it fetches each
      // module when it is imported instead, slower but correct.
      polyfill: false,
      // Every import() carries the list of files to fetch with it. Those the importing chunk already
      // has (React, the router, the start chunk…) were listed again by every lazy route: bytes on a cold
      // load for nothing. Stylesheets stay listed (they are not static imports of a chunk).
      resolveDependencies: (_file, deps, { hostId, hostType }) => {
        if (hostType !== "js") return deps;
        const loaded = loadedWith(hostId);
        return deps.filter((dep) => !loaded.has(dep));
      },
    },
    rolldownOptions: {
      // Building a zod schema has no side effects, so a schema nothing uses is dropped: the shell
      // imports pure rules from `@foreman/contract` (package marked side-effect free) without
      // pulling zod into the initial bundle. Never call z.config() at module level for its effect.
      treeshake: { manualPureFunctions: ["z"] },
      output: {
        // Every lazy import names its chunk in the entry's preload table, and every chunk names the ones
        // it imports: 1.3 KB gzip of names on a cold load for 180 chunks. So only the groups below keep
        // their names (they are what the bundle budget's message lists); the screens' chunks are a hash
        // (7 base64url characters still tell 4 trillion versions apart).
        chunkFileNames: (chunk) => (NAMED_CHUNKS.has(chunk.name) ? "assets/[name]-[hash:7].js" : "assets/[hash:7].js"),
        entryFileNames: "assets/[name]-[hash:7].js",
        // Left to itself, Rolldown cuts shared code into a chunk per set of importers: two dozen
        // slivers on a cold /dashboard, each compressed on its own (adding the sales reports took
        // /dashboard from 146.6 to 149.4 KB gzip that way; 147.2 with one group for the entry's imports).
        codeSplitting: {
          groups: [
            // Every page needs React. Every page of the app needs the router and Query too, which a cold
            // /sign_in or /sign_up does without.
            { name: "framework", priority: 3, test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: "app-framework",
              priority: 3,
              test: /node_modules[\\/](use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store|react-query|query-core))[\\/]/,
            },
            // Error tracking's SDK (only with a browser DSN, after the first paint): one chunk, by its name.
            { name: "sentry", priority: 3, test: /node_modules[\\/]@sentry[\\/]/ },
            // The icons the shell draws, in one chunk (lucide's shared code stays where it was).
            {
              name: "shell-icons",
              priority: 2,
              test: (id) => reach.shellIcons.has(id),
              includeDependenciesRecursively: false,
            },
            {
              name: "app-shell",
              priority: 2,
              test: (id) => reach.shellKit.has(id),
              includeDependenciesRecursively: false,
            },
            // The entry: the few lines that choose a start.
            { name: "shell", tags: ["$initial"], priority: 2 },
            // What both starts import (the theme, the class merge, the button, the toaster…), and what the
            // signed-out pages import from the shared folders, which the app's screens use as well (and
            // what the link pages share with the app's own chunks, which need the router).
            {
              name: "start",
              priority: 1,
              test: (id) =>
                (reach.signedOut.has(id) && (reach.app.has(id) || !SIGNED_OUT_OWN.test(id))) ||
                reach.linkShared.has(id) ||
                reach.linkContract.has(id),
            },
            // The signed-out pages' own code. Without its dependencies, which (an icon, say) are often the
            // app screens' too: they would then fetch this chunk for them.
            {
              name: "signed-out",
              priority: 1,
              test: (id) => reach.signedOut.has(id) && !reach.app.has(id),
              includeDependenciesRecursively: false,
            },
            // What the app imports and the signed-out forms fetch once used (the API client they send
            // with): a chunk of its own, so that typing in a form does not fetch the app.
            {
              name: "api",
              priority: 1,
              test: (id) => reach.app.has(id) && reach.signedOutLater.has(id) && !reach.signedOut.has(id),
            },
            // What only the app imports: the router set-up, the route tree and its loaders.
            { name: "app", priority: 1, test: (id) => reach.app.has(id) && !reach.signedOutLater.has(id) },
          ],
        },
      },
    },
  },
});
