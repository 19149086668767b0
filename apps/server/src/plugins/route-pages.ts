import { readFileSync, statSync } from "node:fs";
import path from "node:path";

// The web build writes a page per route of the app: index.html with the route's scripts named up front
// (apps/web/build/route-pages.ts), so a phone fetches them side by side instead of one after another.
// It lists them by address pattern in `.vite/route-pages.json`: `{ "/conversations/:": "pages/….html" }`,
// where `:` stands for any one segment. Anything the list does not name gets index.html.

const MANIFEST = ".vite/route-pages.json";

type Pattern = { segments: string[]; page: string };

/** The patterns, most specific first: a literal segment wins over `:` (`/help/new` before `/help/:`). */
function parsePatterns(json: unknown): Pattern[] {
  if (typeof json !== "object" || json === null) return [];
  return Object.entries(json)
    .filter(
      (entry): entry is [string, string] => typeof entry[1] === "string" && /^pages\/[\w-]+\.html$/.test(entry[1]),
    )
    .map(([pattern, page]) => ({ segments: pattern.split("/").filter(Boolean), page }))
    .sort((a, b) => b.segments.filter((s) => s !== ":").length - a.segments.filter((s) => s !== ":").length);
}

function matches(pattern: Pattern, segments: string[]): boolean {
  return (
    pattern.segments.length === segments.length &&
    pattern.segments.every((segment, index) => segment === ":" || segment === segments[index])
  );
}

/**
 * Which built page to send for an address (relative to the build folder). The list is read again when
 * the build changes, as the files themselves are (a later `npm run build` is served without a restart).
 */
export function createRoutePages(webDist: string): (pathname: string) => string {
  const file = path.join(webDist, MANIFEST);
  let loaded: { mtimeMs: number; patterns: Pattern[] } | null = null;
  const patterns = (): Pattern[] => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return [];
    }
    if (loaded?.mtimeMs !== mtimeMs) {
      let json: unknown = null;
      try {
        json = JSON.parse(readFileSync(file, "utf8"));
      } catch {
        // A build being written, or an older one: every address gets index.html.
      }
      loaded = { mtimeMs, patterns: parsePatterns(json) };
    }
    return loaded.patterns;
  };

  return (pathname) => {
    const segments = pathname.split("/").filter(Boolean);
    return patterns().find((pattern) => matches(pattern, segments))?.page ?? "index.html";
  };
}
