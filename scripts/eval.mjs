// `npm run eval`: the agent runtime's customer scenarios (apps/server/src/evals), k trials each, on the
// configured model (LLM_PROVIDER=builtin by default; openai with LLM_BASE_URL, LLM_API_KEY, LLM_MODEL),
// with passes/k per scenario and pass^k. Arguments go through: `npm run eval -- --k 4 --only discount`.
// The scenarios are TypeScript that imports the server, run with tsx as `npm run dev` runs the server.
import { root, run } from "./lib.mjs";

const code = await run(
  process.execPath,
  ["--import", "tsx", "apps/server/src/evals/run-evals.ts", ...process.argv.slice(2)],
  { cwd: root },
);
process.exit(code);
