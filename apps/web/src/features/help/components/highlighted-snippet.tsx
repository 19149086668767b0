import { type HelpHighlight, highlightParts } from "@foreman/contract";

/** A search snippet with the matched words marked: plain text from the server, marked here. */
export function HighlightedSnippet({ snippet, highlights }: { snippet: string; highlights: HelpHighlight[] }) {
  return (
    <>
      {highlightParts(snippet, highlights).map((part, index) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never move
          <mark key={index} className="rounded-sm bg-warning/25 px-0.5 text-foreground">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never move
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
