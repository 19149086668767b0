import type { MessageSnippet } from "@foreman/contract";

export type SnippetPart = { text: string; match: boolean };

/**
 * A search hit's snippet as runs of plain and matched text, for <mark>. The highlights are offsets from
 * the server; any that are out of range, reversed or overlapping an earlier one are ignored rather than
 * trusted, so a bad answer shows unmarked text, never broken text.
 */
export function snippetParts(snippet: MessageSnippet): SnippetPart[] {
  const { text } = snippet;
  const parts: SnippetPart[] = [];
  let at = 0;
  const ranges = [...snippet.highlights].sort((a, b) => a.start - b.start);
  for (const { start, end } of ranges) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) parts.push({ text: text.slice(at, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}
