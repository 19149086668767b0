import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, ensureChromium } from "../ensure-chromium.mjs";
import { startServer, stopServer } from "./server-process.mjs";

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

// Loads a page in Chromium and totals the JavaScript it fetched, gzip-compressed as a server would.
async function measure(page, url, ready) {
  const scripts = new Map();
  const onResponse = async (response) => {
    if (response.request().resourceType() !== "script") return;
    try {
      scripts.set(new URL(response.url()).pathname, await response.body());
    } catch {}
  };
  page.on("response", onResponse);
  await page.goto(url);
  await ready();
  await page.waitForLoadState("networkidle");
  page.off("response", onResponse);
  const files = [...scripts].map(([name, body]) => ({
    name,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
  }));
  return { files, raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) };
}

function print(title, result) {
  console.log(`\n${title}: ${kb(result.gzip)} gzip (${kb(result.raw)} raw) in ${result.files.length} files`);
  for (const f of result.files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.name}`);
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
    const signInResult = await measure(signIn, `${base}/sign_in`, () => signIn.getByLabel("Email").waitFor());
    print("Sign-in page JavaScript", signInResult);
    await signIn.getByLabel("Email").fill("demo@example.com");
    await signIn.getByLabel("Password").fill("foreman-demo");
    await signIn.getByRole("button", { name: "Sign in" }).click();
    await signIn.waitForURL("**/dashboard");
    // A fresh page with the session cookie: everything the signed-in shell needs on a cold load.
    const shell = await signIn.context().newPage();
    const shellResult = await measure(shell, `${base}/dashboard`, () =>
      shell.getByRole("navigation").first().waitFor(),
    );
    print("Signed-in shell (/dashboard, cold load) JavaScript", shellResult);
    console.log(`  goal ≤ 150 KB gzip: ${shellResult.gzip <= 150 * 1024 ? "met" : "NOT met"}`);
    return { signIn: signInResult, shell: shellResult };
  } finally {
    await browser.close();
    await stopServer(child, port);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
