// Runs Vitest with a JSON report next to the console output, so `npm test` can total the counts.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { root, run } from "./lib.mjs";

const reportDir = path.join(root, "node_modules/.cache/test-reports");

export async function runVitest(args, name, env = {}) {
  mkdirSync(reportDir, { recursive: true });
  const outputFile = path.join(reportDir, `${name}.json`);
  rmSync(outputFile, { force: true });
  const code = await run(
    "npx",
    ["vitest", "run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${outputFile}`],
    { env: { ...process.env, ...env } },
  );
  let passed = 0;
  let failed = 0;
  try {
    const report = JSON.parse(readFileSync(outputFile, "utf8"));
    passed = report.numPassedTests;
    failed = report.numFailedTests;
  } catch {
    failed = code === 0 ? 0 : 1;
  }
  return { name, code, passed, failed };
}
