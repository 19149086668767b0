import type { KnowledgePassage } from "@foreman/contract";
import { sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";

// Full-text search over the knowledge chunks: PostgreSQL's own, on PGlite and PostgreSQL alike. Both
// the English and the Spanish stemmer index every chunk (a company writes in either, often both), with
// accents off on both sides, so "politica de devolucion" finds "Política de devoluciones".

/** The words of a question, accents off, as an OR query: a passage need not contain every word, the rank orders them. */
export function searchTerms(query: string): string[] {
  const words = query
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2 && /^[\p{L}\p{N}]+$/u.test(word));
  return [...new Set(words)].slice(0, 32);
}

/** The tsvector of a chunk, heading weighted above text (used when chunks are written). */
export function chunkVector(heading: string | null, text: string) {
  const head = heading ?? "";
  return sql`setweight(to_tsvector('english', unaccent(${head})), 'A') || setweight(to_tsvector('spanish', unaccent(${head})), 'A') || to_tsvector('english', unaccent(${text})) || to_tsvector('spanish', unaccent(${text}))`;
}

/**
 * The best passages for a question among the company's indexed entries; with an employee, only the
 * entries for everyone or for that employee. Answers [] for a question with no searchable word.
 */
export async function searchPassages(
  db: Executor,
  scope: { companyId: string; aiEmployeeId?: string | undefined; limit: number },
  query: string,
): Promise<KnowledgePassage[]> {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  const orQuery = terms.join(" | ");
  const result = await db.execute(sql`
    with q as (select to_tsquery('english', ${orQuery}) || to_tsquery('spanish', ${orQuery}) as query)
    select c.entry_id, e.title, c.heading, c.text, ts_rank_cd(c.search, q.query)::float8 as rank
    from knowledge_chunks c
    join knowledge_entries e on e.id = c.entry_id, q
    where c.company_id = ${scope.companyId}
      and e.company_id = ${scope.companyId}
      and e.status = 'indexed'
      and c.search @@ q.query
      ${scope.aiEmployeeId ? sql`and (cardinality(e.ai_employee_ids) = 0 or ${scope.aiEmployeeId}::uuid = any(e.ai_employee_ids))` : sql``}
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
