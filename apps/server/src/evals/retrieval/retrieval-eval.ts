import type { KnowledgePassage } from "@foreman/contract";
import { inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { companies } from "#server/db/schema/index.ts";
import { searchPassages } from "#server/modules/knowledge/search.ts";
import { RETRIEVAL_QUESTIONS, type RetrievalQuestion } from "./questions.ts";

// The retrieval eval: every question through searchPassages (what the runtime's knowledge source calls),
// scoped to its company, judged by whether a passage of the expected document holding the expected
// phrase comes back. recall@k is the share of questions answered within the first k passages; MRR the
// mean of 1 / the answering passage's rank (0 when it is not in the top K).

/** How many passages are judged per question. */
export const RETRIEVAL_K = 5;
/** recall@5 the demo documents must reach with full-text search alone (`npm run eval` and the test suite). */
export const RETRIEVAL_RECALL_GOAL = 0.9;

export type RetrievalResult = {
  question: RetrievalQuestion;
  /** 1-based rank of the first answering passage; null when none is in the top K. */
  rank: number | null;
  /** What came back, best first. */
  passages: Pick<KnowledgePassage, "title" | "heading" | "text">[];
};

export type RetrievalSummary = {
  results: RetrievalResult[];
  recallAt: Record<1 | 3 | 5, number>;
  mrr: number;
};

const normalise = (text: string) => text.normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();

/** Whether a passage answers the question: the expected document, and the expected phrase in its text. */
export function answers(question: RetrievalQuestion, passage: Pick<KnowledgePassage, "title" | "text">): boolean {
  return passage.title === question.title && normalise(passage.text).includes(normalise(question.passage));
}

/** The demo companies' ids by name (the database must hold the seeded demo, or at least its companies). */
export async function demoCompanyIds(db: Db): Promise<Record<string, string>> {
  const names = [...new Set(RETRIEVAL_QUESTIONS.map((q) => q.company))];
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.name, names));
  const ids = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  const missing = names.filter((name) => !ids[name]);
  if (missing.length > 0) throw new Error(`The database has no ${missing.join(" or ")}: seed the demo first`);
  return ids;
}

export function summarise(results: RetrievalResult[]): RetrievalSummary {
  const share = (k: number) => results.filter((r) => r.rank !== null && r.rank <= k).length / results.length;
  return {
    results,
    recallAt: { 1: share(1), 3: share(3), 5: share(5) },
    mrr: results.reduce((sum, r) => sum + (r.rank === null ? 0 : 1 / r.rank), 0) / results.length,
  };
}

/** Runs every question (or those given) against the companies' knowledge bases. */
export async function runRetrievalEval(
  db: Db,
  companyIds: Record<string, string>,
  questions: RetrievalQuestion[] = RETRIEVAL_QUESTIONS,
): Promise<RetrievalSummary> {
  const results: RetrievalResult[] = [];
  for (const question of questions) {
    const companyId = companyIds[question.company];
    if (!companyId) throw new Error(`No company id for ${question.company}`);
    const passages = await searchPassages(db, { companyId, limit: RETRIEVAL_K }, question.question);
    const index = passages.findIndex((passage) => answers(question, passage));
    results.push({
      question,
      rank: index === -1 ? null : index + 1,
      passages: passages.map(({ title, heading, text }) => ({ title, heading, text })),
    });
  }
  return summarise(results);
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const truncate = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** The report `npm run eval` prints: one line per question, then the totals and what was missed. */
export function retrievalReport(summary: RetrievalSummary): string[] {
  const { results } = summary;
  const idWidth = Math.max(...results.map((r) => r.question.id.length), 8);
  const lines = [`${"question".padEnd(idWidth)}  lang  rank  document                              asked`];
  for (const { question, rank } of results) {
    lines.push(
      `${question.id.padEnd(idWidth)}  ${question.language.padEnd(4)}  ${(rank === null ? "—" : String(rank)).padStart(4)}  ${truncate(question.title, 36).padEnd(36)}  ${rank === null ? "✗" : "✓"} ${truncate(question.question, 70)}`,
    );
  }
  const byLanguage = (["en", "es"] as const)
    .map((language) => {
      const list = results.filter((r) => r.question.language === language);
      return `${language} ${list.filter((r) => r.rank !== null).length}/${list.length}`;
    })
    .join(", ");
  lines.push(
    "",
    `Retrieval: ${results.length} questions; recall@1 ${percent(summary.recallAt[1])}, recall@3 ${percent(summary.recallAt[3])}, recall@${RETRIEVAL_K} ${percent(summary.recallAt[5])} (${byLanguage}); MRR ${summary.mrr.toFixed(3)}`,
  );
  for (const { question, passages } of results.filter((r) => r.rank === null)) {
    lines.push("", `✗ ${question.id}: "${question.question}" — wanted ${question.title}: "${question.passage}"; got:`);
    if (passages.length === 0) lines.push("    (nothing)");
    for (const [index, passage] of passages.entries())
      lines.push(
        `    ${index + 1}. ${passage.heading ? `${passage.title} — ${passage.heading}` : passage.title}: ${truncate(passage.text.replaceAll("\n", " ⏎ "), 120)}`,
      );
  }
  return lines;
}
