// The JavaScript a page fetches, as the bundle bench and the bundle-budget test both measure it:
// every script requested while an action runs and until no script has been on its way for 500 ms,
// gzip-compressed at level 9 as a server would (the budgets are in gzip KB; the server sends Brotli,
// a little smaller).
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "../lib.mjs";

/** The budgets in KB of gzip JavaScript: a cold /sign_in, a cold signed-in /dashboard, the chat loader. */
export const JAVASCRIPT_BUDGETS_KB = { signIn: 100, dashboard: 150, widgetLoader: 10 };

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Runs `act` on the page and totals the scripts fetched meanwhile and until the network settles. */
export async function measurePageJavaScript(page, act) {
  const scripts = new Map();
  const bodies = [];
  let inFlight = 0;
  let lastChange = Date.now();
  const isScript = (request) => request.resourceType() === "script";
  const onRequest = (request) => {
    if (!isScript(request)) return;
    inFlight += 1;
    lastChange = Date.now();
  };
  const onDone = (request) => {
    if (!isScript(request)) return;
    inFlight -= 1;
    lastChange = Date.now();
  };
  const onResponse = (response) => {
    if (!isScript(response.request())) return;
    const name = new URL(response.url()).pathname;
    bodies.push(
      response.body().then(
        (body) => scripts.set(name, body),
        () => {},
      ),
    );
  };
  page.on("request", onRequest);
  page.on("requestfinished", onDone);
  page.on("requestfailed", onDone);
  page.on("response", onResponse);
  try {
    await act();
    await page.waitForLoadState("networkidle");
    // "networkidle" is reached once per page load, so it cannot tell when what a key press fetched has
    // arrived: the quiet period is watched too.
    while (inFlight > 0 || Date.now() - lastChange < 500) await new Promise((resolve) => setTimeout(resolve, 50));
    await Promise.all(bodies);
  } finally {
    page.off("request", onRequest);
    page.off("requestfinished", onDone);
    page.off("requestfailed", onDone);
    page.off("response", onResponse);
  }
  const files = [...scripts]
    .map(([name, body]) => ({ name, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }))
    .sort((a, b) => b.gzip - a.gzip);
  return { files, raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) };
}

/**
 * What each built file holds, by its path (`/assets/x.js` → `circle-question-mark`): most chunks are
 * named by their hash alone (apps/web/vite.config.ts), so the build's manifest tells.
 */
export function chunkNamesOf(webDist = path.join(root, "apps/web/dist")) {
  const names = new Map();
  try {
    const manifest = JSON.parse(readFileSync(path.join(webDist, ".vite/manifest.json"), "utf8"));
    for (const [key, chunk] of Object.entries(manifest))
      names.set(`/${chunk.file}`, chunk.name ?? chunk.src ?? key.replace(/^_/, ""));
  } catch {
    // No manifest (an older build): the files are listed by path alone.
  }
  return names;
}

/** The total and one line per file, largest first, with what it holds: a crossed budget's message. */
export function describePageJavaScript(title, result, names = chunkNamesOf()) {
  const lines = result.files.map((f) => {
    const holds = names.get(f.name);
    return `  ${kb(f.gzip).padStart(9)}  ${f.name}${holds && !f.name.includes(holds) ? `  (${holds})` : ""}`;
  });
  return [`${title}: ${kb(result.gzip)} gzip (${kb(result.raw)} raw) in ${result.files.length} files`, ...lines].join(
    "\n",
  );
}
