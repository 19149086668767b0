// The website chat's weight on a company's site: the loader every page of that site downloads
// (apps/widget/loader.js, served as /widget.js; budget under 10 KB gzip), and what the chat's frame
// loads once (its JavaScript and CSS). Measured from the files as served (no build step), gzip level 9.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { JAVASCRIPT_BUDGETS_KB } from "../lib/page-javascript.mjs";
import { root } from "../lib.mjs";

const LOADER_BUDGET_KB = JAVASCRIPT_BUDGETS_KB.widgetLoader;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function sizeOf(names) {
  const files = names.map((name) => {
    const body = readFileSync(path.join(root, "apps/widget", name));
    return { name, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  });
  return { files, raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) };
}

export async function benchWidget() {
  const loader = sizeOf(["loader.js"]);
  const met = loader.gzip <= LOADER_BUDGET_KB * 1024;
  console.log(
    `\nWebsite chat loader (/widget.js): ${kb(loader.gzip)} gzip (${kb(loader.raw)} raw) — budget ≤ ${LOADER_BUDGET_KB} KB gzip, ${met ? "met" : "NOT met"}`,
  );
  const frame = sizeOf(["frame.js", "words.js", "frame.css"]);
  console.log(`Website chat frame (JS + CSS, loaded once per visit): ${kb(frame.gzip)} gzip (${kb(frame.raw)} raw)`);
  for (const f of frame.files) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.name}`);
  return { loader: { ...loader, budgetKb: LOADER_BUDGET_KB, met }, frame };
}
