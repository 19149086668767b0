import type { KnowledgePassage } from "@foreman/contract";
import { sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";

// Full-text search over the knowledge chunks: PostgreSQL's own, on PGlite and PostgreSQL alike. Both
// the English and the Spanish stemmer index every chunk (a company writes in either, often both), with
// accents off on both sides, so "politica de devolucion" finds "Política de devoluciones".

/**
 * How customers ask rather than what they ask about: "how much", "can I", "¿cuánto cuesta?". PostgreSQL's
 * stop-word lists leave these in, and being rare in documents they would rank a passage that merely
 * says "how much weight" above the one that answers (accents already off).
 */
const QUESTION_WORDS = new Set([
  ...["much", "many", "long", "please", "tell", "know", "need", "want", "like", "get", "can", "could", "would"],
  ...["hi", "hello", "thanks", "thank", "ok", "okay", "hey"],
  ...["cuanto", "cuanta", "cuantos", "cuantas", "cuesta", "cuestan", "quiero", "quisiera", "necesito", "puedo"],
  ...["pueden", "podria", "saber", "hola", "gracias", "favor", "buenas", "buenos", "dias", "tardes"],
]);

/** The words of a question, accents off, as an OR query: a passage need not contain every word, the rank orders them. */
export function searchTerms(query: string): string[] {
  const words = query
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2 && /^[\p{L}\p{N}]+$/u.test(word) && !QUESTION_WORDS.has(word));
  return [...new Set(words)].slice(0, 32);
}

/** The tsvector of a chunk, heading weighted above text (used when chunks are written). */
export function chunkVector(heading: string | null, text: string) {
  const head = heading ?? "";
  return sql`setweight(to_tsvector('english', unaccent(${head})), 'A') || setweight(to_tsvector('spanish', unaccent(${head})), 'A') || to_tsvector('english', unaccent(${text})) || to_tsvector('spanish', unaccent(${text}))`;
}

/**
 * Weights of the tsvector's labels for ts_rank_cd, in its order {D, C, B, A}: a heading's word (A) counts
 * four times a word of the text (D). Headings say what a passage is about, but at PostgreSQL's default
 * of ten times a question's word in one heading outranks the passage that holds most of its words.
 */
const RANK_WEIGHTS = "{0.1, 0.2, 0.4, 0.4}";

/** Passages the per-word rank orders: the best of a first, cheaper rank over all that match. */
const CANDIDATES = 200;

/**
 * The best passages for a question among the company's indexed entries; with an employee, only the
 * entries for everyone or for that employee. Answers [] for a question with no searchable word.
 *
 * The rank is a small BM25: each word of the question counts by how rare it is among the company's
 * passages (inverse document frequency), so "Valparaíso" or "warranty" decides more than "order" or
 * "pedido"; a word's own score saturates (ts_rank_cd's normalisation 32, rank / (rank + 1)), so one
 * word repeated does not outweigh two different ones. Words that are stop words in English or Spanish
 * are left out: a chunk is indexed in both languages, so without that "de" or "the" would match
 * almost every passage of the other language's documents.
 */
export async function searchPassages(
  db: Executor,
  scope: { companyId: string; aiEmployeeId?: string | undefined; limit: number },
  query: string,
): Promise<KnowledgePassage[]> {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  // An array literal: the terms are letters and digits only (searchTerms), nothing to quote.
  const termArray = `{${terms.join(",")}}`;
  const result = await db.execute(sql`
    with words as (
      select word from unnest(${termArray}::text[]) as word
      where to_tsvector('english', word) <> ''::tsvector and to_tsvector('spanish', word) <> ''::tsvector
    ),
    q as materialized (
      select to_tsquery('english', string_agg(word, ' | ')) || to_tsquery('spanish', string_agg(word, ' | ')) as query
      from words
    ),
    -- Materialized: each word's frequency is counted once per question, not once per matching chunk.
    passages as materialized (select count(*)::float8 as total from knowledge_chunks where company_id = ${scope.companyId}),
    weighted as materialized (
      select t.query, ln(1 + (passages.total - f.df + 0.5) / (f.df + 0.5)) as idf
      from (select to_tsquery('english', word) || to_tsquery('spanish', word) as query from words) t
      cross join passages
      cross join lateral (
        select count(*)::float8 as df from knowledge_chunks d
        where d.company_id = ${scope.companyId} and d.search @@ t.query
      ) f
    ),
    -- An OR of a question's words matches much of a large knowledge base: a cheap rank keeps the best
    -- few hundred for the per-word one.
    candidates as (
      select c.entry_id, e.title, c.heading, c.text, c.position, c.search
      from knowledge_chunks c
      join knowledge_entries e on e.id = c.entry_id, q
      where c.company_id = ${scope.companyId}
        and e.company_id = ${scope.companyId}
        and e.status = 'indexed'
        and c.search @@ q.query
        ${scope.aiEmployeeId ? sql`and (cardinality(e.ai_employee_ids) = 0 or ${scope.aiEmployeeId}::uuid = any(e.ai_employee_ids))` : sql``}
      order by ts_rank(c.search, q.query) desc
      limit ${CANDIDATES}
    )
    select c.entry_id, c.title, c.heading, c.text,
      (select sum(ts_rank_cd(${RANK_WEIGHTS}::float4[], c.search, w.query, 32) * w.idf) from weighted w)::float8 as rank
    from candidates c
    order by rank desc, c.position
    limit ${scope.limit}`);
  const rows = (
    result as unknown as {
      rows: { entry_id: string; title: string; heading: string | null; text: string; rank: number }[];
    }
  ).rows;
  return rows.map((row) => ({
    entryId: row.entry_id,
    title: row.title,
    heading: row.heading,
    text: row.text,
    rank: Number(row.rank),
  }));
}
