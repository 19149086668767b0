import { type RawSearch, searchText } from "../search/search-params.ts";

// The help centre's plain rules, without zod: the `/help` route reads its address with them in the
// signed-in shell's download, and the results list draws its highlighted snippets with them.

/** The longest search the API takes; a longer one is refused (400). */
export const HELP_QUERY_MAX = 200;
export const HELP_SLUG_MAX = 80;
/** An article's name in its address: `/help/connecting-whatsapp`. */
export const HELP_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isHelpSlug(value: string): boolean {
  return value.length <= HELP_SLUG_MAX && HELP_SLUG_PATTERN.test(value);
}

export type HelpPageSearch = { q?: string };

/**
 * `/help?q=…`: the search in the address, so a search is a link. A value that is not text is dropped; a
 * longer one than the API takes is cut to its length rather than failing the page.
 */
export function parseHelpSearch(search: RawSearch): HelpPageSearch {
  const q = searchText(search.q)?.slice(0, HELP_QUERY_MAX).trim();
  return { q: q || undefined };
}

export type HighlightPart = { text: string; marked: boolean };

/**
 * A snippet cut into its plain and matched stretches, in order, for drawing the matches as <mark>s.
 * Ranges out of the text, empty, overlapping or out of order are clipped or skipped: the text itself is
 * always drawn whole.
 */
export function highlightParts(
  snippet: string,
  highlights: readonly { start: number; end: number }[],
): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let at = 0;
  const sorted = [...highlights].sort((a, b) => a.start - b.start);
  for (const { start, end } of sorted) {
    const from = Math.max(start, at);
    const to = Math.min(end, snippet.length);
    if (to <= from) continue;
    if (from > at) parts.push({ text: snippet.slice(at, from), marked: false });
    parts.push({ text: snippet.slice(from, to), marked: true });
    at = to;
  }
  if (at < snippet.length) parts.push({ text: snippet.slice(at), marked: false });
  return parts;
}
