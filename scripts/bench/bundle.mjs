import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, ensureChromium } from "../ensure-chromium.mjs";
import { describePageJavaScript, JAVASCRIPT_BUDGETS_KB, measurePageJavaScript } from "../lib/page-javascript.mjs";
import { startServer, stopServer } from "./server-process.mjs";

// The goals: KB of gzip-compressed JavaScript on a cold load of each page.
const SIGN_IN_GOAL = { name: "sign-in", kb: JAVASCRIPT_BUDGETS_KB.signIn };
const SHELL_GOAL = { name: "dashboard", kb: JAVASCRIPT_BUDGETS_KB.dashboard };

/** Prints a measurement, with its goal and verdict beside the total when it has one. */
function print(title, result, goal) {
  const met = goal ? result.gzip <= goal.kb * 1024 : undefined;
  const verdict = goal ? ` — goal: ${goal.name} ≤ ${goal.kb} KB, ${met ? "met" : "NOT met"}` : "";
  console.log(`\n${describePageJavaScript(title, result)}${verdict}`);
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
      await measurePageJavaScript(signIn, async () => {
        await signIn.goto(`${base}/sign_in`);
        await signIn.getByLabel("Email").waitFor();
      }),
      SIGN_IN_GOAL,
    );
    // Not part of the goal, shown so that nothing hides: the form's engine (react-hook-form, zod, the
    // API client) comes when the visitor starts typing (apps/web/src/features/auth/use-deferred-form.ts).
    const formEngine = print(
      "  …then, once the visitor types, the sign-in form's engine",
      await measurePageJavaScript(signIn, async () => {
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
      await measurePageJavaScript(shell, async () => {
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
