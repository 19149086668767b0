import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany } from "#server/modules/companies/companies.repository.ts";
import { seedKnowledge } from "#server/seed/seed-knowledge.ts";
import { createTestDatabase, type TestDatabase } from "#server/test/database.ts";
import { RETRIEVAL_QUESTIONS } from "./questions.ts";
import {
  demoCompanyIds,
  RETRIEVAL_RECALL_GOAL,
  type RetrievalSummary,
  retrievalReport,
  runRetrievalEval,
} from "./retrieval-eval.ts";

// The retrieval eval in the test suite: the demo companies with their documents stored as the demo seed
// stores them (the rest of the demo has no bearing on search, and seeding it all would take seconds),
// every question through searchPassages, recall@5 held at the goal. `npm run eval -- retrieval` prints
// the full report on a complete demo seed.

describe("the retrieval eval over the demo documents", () => {
  let database: TestDatabase;
  let companyIds: Record<string, string>;
  let summary: RetrievalSummary;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.transaction(async (tx) => {
      for (const name of ["Northwind Supply", "Andes Comercial"]) {
        const { id } = await insertCompany(tx, { name });
        await seedKnowledge(tx, { id, name });
      }
    });
    companyIds = await demoCompanyIds(database.db);
    summary = await runRetrievalEval(database.db, companyIds);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("has at least 30 questions with unique ids, as many in English as in Spanish, some typed without accents", () => {
    expect(RETRIEVAL_QUESTIONS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(RETRIEVAL_QUESTIONS.map((q) => q.id)).size).toBe(RETRIEVAL_QUESTIONS.length);
    const spanish = RETRIEVAL_QUESTIONS.filter((q) => q.language === "es");
    expect(spanish.length * 2).toBe(RETRIEVAL_QUESTIONS.length);
    expect(spanish.filter((q) => !/[áéíóúñ¿¡]/i.test(q.question)).length).toBeGreaterThanOrEqual(5);
  });

  it("names for each question a phrase that exactly one passage of its document holds", async () => {
    const chunks = (
      (await database.db.execute(
        sql`select e.company_id, e.title, c.text from knowledge_chunks c join knowledge_entries e on e.id = c.entry_id`,
      )) as unknown as { rows: { company_id: string; title: string; text: string }[] }
    ).rows;
    const normalise = (text: string) => text.replace(/\s+/g, " ").toLowerCase();
    const ambiguous = RETRIEVAL_QUESTIONS.filter(
      (q) =>
        chunks.filter(
          (c) =>
            c.company_id === companyIds[q.company] &&
            c.title === q.title &&
            normalise(c.text).includes(normalise(q.passage)),
        ).length !== 1,
    ).map((q) => q.id);
    expect(ambiguous).toEqual([]);
  });

  it(`finds the answering passage among the top 5 for at least ${RETRIEVAL_RECALL_GOAL * 100}% of the questions`, () => {
    expect(summary.recallAt[5], retrievalReport(summary).join("\n")).toBeGreaterThanOrEqual(RETRIEVAL_RECALL_GOAL);
    expect(summary.mrr).toBeGreaterThan(0.7);
  });
});
