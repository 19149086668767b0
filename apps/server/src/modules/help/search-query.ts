import { type SQL, sql } from "drizzle-orm";

// The help centre's search as you type: every word of the box must match, each as the start of a word
// as written ("whats" finds WhatsApp, "approva" finds "approvals"), or whole in the English stemmer's
// form ("forwarding" finds "forward"), accents off, like the knowledge base's search. A stemmed prefix is
// not used, nor a stem that is a stop word: the stemmer cuts a half-typed word to something else ("whats"
// to "what", which every article has).

/** The search's words: letters and digits, accents off, lowercased; the first 16. */
export function searchWords(query: string): string[] {
  const words = query
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  return [...new Set(words)].slice(0, 16);
}

/**
 * The tsquery of the words: each a prefix as written or the whole word stemmed, all required. The words
 * are letters and digits only (searchWords), so `word:*` cannot be read as tsquery syntax.
 */
export function prefixQuery(words: readonly string[]): SQL {
  return sql.join(
    words.map(
      (word) =>
        sql`(to_tsquery('simple', ${`${word}:*`}) || case when to_tsvector('english', coalesce((ts_lexize('english_stem', ${word}))[1], '')) = ''::tsvector then ''::tsquery else to_tsquery('english', ${word}) end)`,
    ),
    sql` && `,
  );
}

/** The vector of an article: its title counts most (A), then its summary (B), then its text (D). */
export function articleVector(article: { title: string; summary: string; text: string }): SQL {
  const weighted = (text: string, weight: "A" | "B" | "D") =>
    sql`setweight(to_tsvector('english', unaccent(${text})), ${weight}) || setweight(to_tsvector('simple', unaccent(${text})), ${weight})`;
  return sql`${weighted(article.title, "A")} || ${weighted(article.summary, "B")} || ${weighted(article.text, "D")}`;
}

// ts_headline marks the matches with these (control characters no article contains); they are turned
// into ranges here, so the answer carries plain text and never markup.
export const MARK_START = "\u0002";
export const MARK_END = "\u0003";

/** A headline with its marks taken out: the text, whitespace folded, and where the marked words are. */
export function readHeadline(marked: string): { text: string; highlights: { start: number; end: number }[] } {
  const folded = marked.replace(/\s+/g, " ").trim();
  let text = "";
  const highlights: { start: number; end: number }[] = [];
  let open: number | null = null;
  for (const char of folded) {
    if (char === MARK_START) open ??= text.length;
    else if (char === MARK_END) {
      if (open !== null && text.length > open) highlights.push({ start: open, end: text.length });
      open = null;
    } else text += char;
  }
  return { text, highlights };
}
