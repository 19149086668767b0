import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, ensureChromium } from "../ensure-chromium.mjs";
import { startServer, stopServer } from "./server-process.mjs";

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

// The goals: KB of gzip-compressed JavaScript on a cold load of each page.
const SIGN_IN_GOAL = { name: "sign-in", kb: 100 };
const SHELL_GOAL = { name: "dashboard", kb: 150 };

// Totals the JavaScript a page fetches while `act` runs and until no script has been on its way for
// 500 ms, gzip-compressed (level 9) as a server would. Playwright's "networkidle" alone would not do:
// it is reached once per page load, so it cannot tell when what a key press fetched has arrived.
async function measure(page, act) {
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
  await act();
  await page.waitForLoadState("networkidle");
  while (inFlight > 0 || Date.now() - lastChange < 500) await new Promise((resolve) => setTimeout(resolve, 50));
  page.off("request", onRequest);
  page.off("requestfinished", onDone);
  page.off("requestfailed", onDone);
  page.off("response", onResponse);
  await Promise.all(bodies);
  const files = [...scripts].map(([name, body]) => ({
    name,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
  }));
  return { files, raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) };
}

/** Prints a measurement, with its goal and verdict beside the total when it has one. */
function print(title, result, goal) {
  const met = goal ? result.gzip <= goal.kb * 1024 : undefined;
  const verdict = goal ? ` — goal: ${goal.name} ≤ ${goal.kb} KB, ${met ? "met" : "NOT met"}` : "";
  console.log(`\n${title}: ${kb(result.gzip)} gzip (${kb(result.raw)} raw) in ${result.files.length} files${verdict}`);
  for (const f of result.files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.name}`);
  return goal ? { ...result, goal, met } : result;
}

export async function benchBundle({ port = 3191 } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "foreman-bench-"));
  const { child } = await startServer({ port, dataDir });
  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: CHROMIUM_ARGS,
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    // newPage() on the browser makes a single-page context; the shell page below needs the same context.
    const signIn = await (await browser.newContext()).newPage();
    const signInResult = print(
      "Sign-in page (/sign_in, cold load) JavaScript",
      await measure(signIn, async () => {
        await signIn.goto(`${base}/sign_in`);
        await signIn.getByLabel("Email").waitFor();
      }),
      SIGN_IN_GOAL,
    );
    // Not part of the goal, shown so that nothing hides: the form's engine (react-hook-form, zod, the
    // API client) comes when the visitor starts typing (apps/web/src/features/auth/use-deferred-form.ts).
    const formEngine = print(
      "  …then, once the visitor types, the sign-in form's engine",
      await measure(signIn, async () => {
        await signIn.getByLabel("Email").fill("demo@example.com");
        await signIn.getByLabel("Password").fill("foreman-demo");
      }),
    );
    await signIn.getByRole("button", { name: "Sign in" }).click();
    await signIn.waitForURL("**/dashboard");
    await signIn.getByRole("navigation").first().waitFor();
    // A fresh page with the session cookie: everything the signed-in shell needs on a cold load.
    const shell = await signIn.context().newPage();
    const shellResult = print(
      "Signed-in shell (/dashboard, cold load) JavaScript",
      await measure(shell, async () => {
        await shell.goto(`${base}/dashboard`);
        await shell.getByRole("navigation").first().waitFor();
      }),
      SHELL_GOAL,
    );
    return { signIn: signInResult, shell: shellResult, formEngine };
  } finally {
    await browser.close();
    await stopServer(child, port);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
