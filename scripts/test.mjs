// `npm test`: lint, type-check, unit + web component tests, server tests on a real database
// (PGlite, and PostgreSQL when DATABASE_URL is set), the fault scenarios on the real server process,
// then the Playwright suite in Chromium against the production build. Prints one total line at the end.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureChromium } from "./ensure-chromium.mjs";
import { root, run } from "./lib.mjs";
import { runServerTests } from "./test-server.mjs";
import { runVitest } from "./vitest-run.mjs";

const results = [];
const step = async (name, fn) => {
  console.log(`\n▶ ${name}`);
  const result = await fn();
  results.push(typeof result === "number" ? { name, code: result, passed: 0, failed: 0 } : result);
};

const chromium = ensureChromium();

await step("Lint and format (Biome)", () => run("npx", ["biome", "check", "."]));
await step("Type-check (tsc -b)", () =>
  run("npx", ["tsc", "-b", "packages/contract", "apps/server", "apps/web", "e2e"]),
);
await step("Unit, web component and import-rule tests (Vitest)", () =>
  runVitest(["--project", "contract", "--project", "web", "--project", "architecture"], "unit"),
);
for (const result of await runServerTests()) results.push(result);
await step("Production build of the web app", () => run("npm", ["run", "build", "-w", "@foreman/web", "--silent"]));
// After the build, so `node scripts/start.mjs` in the fault scenarios finds it fresh.
await step("Fault scenarios on the real server process: SIGTERM under load, kill -9 (Vitest)", () =>
  runVitest(["--project", "faults"], "faults"),
);
await step("End-to-end tests in Chromium (Playwright)", async () => {
  const reportDir = path.join(root, "node_modules/.cache/test-reports");
  mkdirSync(reportDir, { recursive: true });
  const outputFile = path.join(reportDir, "e2e.json");
  rmSync(outputFile, { force: true });
  const code = await run("npx", ["playwright", "test", "--reporter=list,json"], {
    cwd: path.join(root, "e2e"),
    env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile },
  });
  try {
    const { stats } = JSON.parse(readFileSync(outputFile, "utf8"));
    return { name: "e2e", code, passed: stats.expected + stats.flaky, failed: stats.unexpected };
  } catch {
    return { name: "e2e", code, passed: 0, failed: code === 0 ? 0 : 1 };
  }
});

const failedSteps = results.filter((r) => r.code !== 0);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0) + failedSteps.filter((r) => r.failed === 0).length;
console.log("\nSummary:");
for (const r of results)
  console.log(
    `  ${r.code === 0 ? "ok  " : "FAIL"} ${r.name}${r.passed || r.failed ? ` (${r.passed} passed, ${r.failed} failed)` : ""}`,
  );
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length === 0 ? 0 : 1);
