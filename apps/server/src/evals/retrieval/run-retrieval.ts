import { openDatabase } from "#server/db/client.ts";
import { migrate } from "#server/db/migrate.ts";
import { ensureWebClient } from "#server/modules/auth/oauth-client.repository.ts";
import { seedDemo } from "#server/seed/seed-demo.ts";
import { RETRIEVAL_QUESTIONS } from "./questions.ts";
import {
  demoCompanyIds,
  RETRIEVAL_K,
  RETRIEVAL_RECALL_GOAL,
  retrievalReport,
  runRetrievalEval,
} from "./retrieval-eval.ts";

/**
 * `npm run eval` (and `npm run eval -- retrieval`): seeds the demo on a fresh in-memory PGlite, as
 * `npm start` does, asks every question and prints the report. Resolves false when recall@5 is under
 * the goal.
 */
export async function runRetrievalCli(): Promise<boolean> {
  console.log(
    `\nRetrieval eval: ${RETRIEVAL_QUESTIONS.length} questions over the demo documents, top ${RETRIEVAL_K} passages each`,
  );
  const started = performance.now();
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await migrate(database);
    await ensureWebClient(database.db);
    await seedDemo(database.db);
    const summary = await runRetrievalEval(database.db, await demoCompanyIds(database.db));
    for (const line of retrievalReport(summary)) console.log(line);
    console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s with the demo seed)`);
    const passed = summary.recallAt[5] >= RETRIEVAL_RECALL_GOAL;
    if (!passed)
      console.log(
        `\nRetrieval recall@${RETRIEVAL_K} is under the goal of ${(RETRIEVAL_RECALL_GOAL * 100).toFixed(0)}%.`,
      );
    return passed;
  } finally {
    await database.close();
  }
}
