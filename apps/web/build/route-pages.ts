import type { Plugin, Rolldown } from "vite";
import { isLinkPagePath, startsWithoutRouter } from "../src/features/auth/signed-out-pages.ts";

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** Where the server finds which page to send for an address (a dot folder: never served as a file). */
export const ROUTE_PAGES_MANIFEST = ".vite/route-pages.json";
/** The per-route pages, beside the build's index.html. */
const PAGES_DIR = "pages";

/** A route file's chunk, as the router plugin names the module it splits off: `…/inbox.tsx?tsr-split=…`. */
const ROUTE_SPLIT = /[\\/]src[\\/]routes[\\/](.+)\.tsx\?tsr-split=(.+)$/;
const APP_START = /[\\/]src[\\/]app\.tsx$/;
const SIGNED_OUT_START = /[\\/]src[\\/]signed-out-app\.tsx$/;
/** A mailed link's page as a cold load draws it without the router: `src/standalone/reset_password.tsx`. */
const LINK_PAGE_START = /[\\/]src[\\/]standalone[\\/]([^\\/]+)\.tsx$/;

/**
 * The address pattern of a route file: `_app/conversations/$conversationId` → `/conversations/:`.
 * Pathless folders (`_app`, `(auth)`) add nothing, `index` is the folder itself, `$name` is any segment.
 */
export function routePattern(file: string): string {
  const segments = file
    .split("/")
    .filter((segment) => !segment.startsWith("_") && !/^\(.+\)$/.test(segment) && segment !== "route")
    .filter((segment, index, all) => !(segment === "index" && index === all.length - 1))
    .map((segment) => (segment.startsWith("$") ? ":" : segment));
  return `/${segments.join("/")}`;
}

/**
 * A page per route of the app: index.html with `<link rel="modulepreload">` for every file the route
 * needs before it can draw (the app's start, the route's own chunk, and what they import). Without
 * them a phone finds those files one after another: the entry, then the app it imports, then the
 * route the router picks, each a round trip on slow 4G. The entry's own imports are in index.html
 * already. The server sends the page whose pattern matches the address (static-spa.ts), and
 * index.html for anything else, so a missing page only costs the hints.
 */
export function routePages(): Plugin {
  return {
    name: "foreman:route-pages",
    apply: "build",
    // After Vite has written index.html into the bundle.
    enforce: "post",
    generateBundle(_options, bundle) {
      const html = bundle["index.html"];
      if (html?.type !== "asset") return;
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === "chunk");
      const entry = chunks.find((chunk) => chunk.isEntry);
      // Chunks are grouped (vite.config.ts): what holds a module is read from each chunk's modules.
      const holding = (module: RegExp) => chunks.find((chunk) => chunk.moduleIds.some((id) => module.test(id)));
      const app = holding(APP_START);
      const signedOut = holding(SIGNED_OUT_START);
      if (!entry || !app || !signedOut) return;
      const inIndex = loadedWith(bundle, [entry.fileName]);

      // Each route file's chunks: what it draws with (its component, and a loader split with it).
      const byFile = new Map<string, Set<string>>();
      for (const chunk of chunks)
        for (const id of chunk.moduleIds) {
          const match = ROUTE_SPLIT.exec(id);
          if (!match?.[1] || !match[2]?.split("---").some((part) => part === "component" || part === "loader"))
            continue;
          byFile.set(match[1], (byFile.get(match[1]) ?? new Set()).add(chunk.fileName));
        }
      // The chunk of each mailed link's page as the cold load draws it, by address.
      const linkPages = new Map<string, string>();
      for (const chunk of chunks)
        for (const id of chunk.moduleIds) {
          const name = LINK_PAGE_START.exec(id)?.[1];
          if (name) linkPages.set(`/${name}`, chunk.fileName);
        }

      // A layout (`_app/route`) draws around every route of its folder.
      const isLayout = (file: string) => file === "route" || file.endsWith("/route");
      const routes = new Map<string, string[]>();
      for (const [file, files] of byFile) {
        if (isLayout(file)) continue;
        const layouts = [...byFile]
          .filter(([other]) => isLayout(other) && file.startsWith(other.slice(0, -"route".length)))
          .flatMap(([, layoutFiles]) => [...layoutFiles]);
        routes.set(routePattern(file), [...layouts, ...files]);
      }

      const source = String(html.source);
      const pages: Record<string, string> = {};
      for (const [pattern, files] of [...routes].sort(([a], [b]) => a.localeCompare(b))) {
        // A cold /sign_in, /sign_up or mailed link's page starts without the router (src/main.tsx), a link
        // page with its own chunk; other pages with the app, whose files run first.
        const start = startsWithoutRouter(pattern) ? [signedOut.fileName] : [app.fileName, ...files];
        if (isLinkPagePath(pattern)) {
          const linkPage = linkPages.get(pattern);
          if (!linkPage) this.error(`${pattern} has no page in src/standalone/ for a cold load`);
          start.push(linkPage);
        }
        const needed = [...loadedWith(bundle, start)].filter((file) => !inIndex.has(file));
        const links = needed.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`).join("");
        const name = `${PAGES_DIR}/${pattern === "/" ? "index" : pattern.slice(1).replaceAll("/", "-").replaceAll(":", "_")}.html`;
        this.emitFile({ type: "asset", fileName: name, source: source.replace("  </head>", `${links}  </head>`) });
        pages[pattern] = name;
      }
      this.emitFile({ type: "asset", fileName: ROUTE_PAGES_MANIFEST, source: `${JSON.stringify(pages, null, 2)}\n` });
    },
  };
}

/** The files `starts` are, with everything they import statically (which runs before they do). */
function loadedWith(bundle: OutputBundle, starts: string[]): Set<string> {
  const loaded = new Set<string>();
  // Depth first in import order, so the list reads as the files run: a start, then what it imports.
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    const chunk = bundle[file];
    if (chunk?.type === "chunk") for (const next of chunk.imports) visit(next);
  };
  for (const start of starts) visit(start);
  return loaded;
}
