import type { MessageSnippet, SnippetHighlight } from "@foreman/contract";

// The snippet a search hit shows: plain text around the message's first match, with the matches as
// offsets, so no screen ever injects markup made from a customer's words. PostgreSQL's ts_headline
// answers HTML-ish text with markers that the message itself could contain; this does not.

/** About how long a snippet is, in characters (whole words, so a little less or more). */
export const SNIPPET_LENGTH = 160;
/** How much text comes before the first match when the message is longer than a snippet. */
const LEAD_IN = 50;
/** Matches marked in one snippet, at most. */
const MAX_HIGHLIGHTS = 20;

/**
 * The words a query asks for, from its tsquery text (`websearch_to_tsquery(…)::text`): every quoted
 * lexeme that is not under a `!`, lower case. `'a' & !( 'b' <-> 'c' ) | 'd'` → a, d.
 */
export function positiveTerms(tsquery: string): string[] {
  const terms = new Set<string>();
  // Whether each open parenthesis (and the text outside any) is negated.
  const negated: boolean[] = [false];
  let pendingNot = false;
  for (let index = 0; index < tsquery.length; index++) {
    const char = tsquery[index];
    if (char === "!") pendingNot = true;
    else if (char === "(") {
      negated.push(negated.at(-1)! || pendingNot);
      pendingNot = false;
    } else if (char === ")") {
      if (negated.length > 1) negated.pop();
    } else if (char === "'") {
      // A lexeme: '' is a quote inside it, \ escapes the next character.
      let lexeme = "";
      for (index++; index < tsquery.length; index++) {
        const inner = tsquery[index]!;
        if (inner === "\\" && index + 1 < tsquery.length) lexeme += tsquery[++index];
        else if (inner === "'" && tsquery[index + 1] === "'") lexeme += tsquery[++index];
        else if (inner === "'") break;
        else lexeme += inner;
      }
      if (!negated.at(-1) && !pendingNot && lexeme) terms.add(lexeme.toLowerCase());
      pendingNot = false;
    }
  }
  return [...terms];
}

/** Lower case, one UTF-16 unit for one: offsets found in the folded text hold in the original. */
function foldCase(text: string): string {
  // Lower case never shortens a character, so the same length means every offset holds.
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  return text.replace(/./gsu, (char) => {
    const lower = char.toLowerCase();
    return lower.length === char.length ? lower : char;
  });
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const isWordChar = (char: string | undefined) => char !== undefined && WORD_CHAR.test(char);

/** Where the terms stand as whole words in the text, in order, not overlapping. */
function findMatches(text: string, terms: readonly string[]): SnippetHighlight[] {
  const folded = foldCase(text);
  const found: SnippetHighlight[] = [];
  for (const term of terms) {
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + 1)) {
      const end = at + term.length;
      if (isWordChar(folded[at - 1]) || isWordChar(folded[end])) continue;
      found.push({ start: at, end });
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const matches: SnippetHighlight[] = [];
  for (const match of found) if (match.start >= (matches.at(-1)?.end ?? 0)) matches.push(match);
  return matches;
}

/** An index moved off the second half of a surrogate pair, so a cut never splits a character. */
function onCharBoundary(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff ? index - 1 : index;
}

/**
 * The snippet of a message for the query's terms: its whitespace collapsed, about SNIPPET_LENGTH
 * characters from a little before the first match (the start of the message when nothing matches
 * here, say a word only the search's tokenizer split out), cut between words, `…` where cut.
 */
export function messageSnippet(content: string, terms: readonly string[]): MessageSnippet {
  const text = content.replace(/\s+/g, " ").trim();
  const matches = findMatches(text, terms);
  const first = matches[0];
  let start = 0;
  if (first && first.start > LEAD_IN) {
    start = first.start - LEAD_IN;
    const space = text.indexOf(" ", start);
    start = space !== -1 && space < first.start ? space + 1 : onCharBoundary(text, start);
  }
  let end = Math.min(text.length, Math.max(start + SNIPPET_LENGTH, first?.end ?? 0));
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    end = space > Math.max(start, first?.end ?? 0) ? space : onCharBoundary(text, end);
  }
  const prefix = start > 0 ? "…" : "";
  const shift = prefix.length - start;
  return {
    text: `${prefix}${text.slice(start, end)}${end < text.length ? "…" : ""}`,
    highlights: matches
      .filter((match) => match.start >= start && match.end <= end)
      .slice(0, MAX_HIGHLIGHTS)
      .map((match) => ({ start: match.start + shift, end: match.end + shift })),
  };
}
