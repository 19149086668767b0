import { describe, expect, it } from "vitest";
import { messageSnippet, positiveTerms, SNIPPET_LENGTH } from "./message-snippet.ts";

const marked = (snippet: ReturnType<typeof messageSnippet>) =>
  snippet.highlights.map(({ start, end }) => snippet.text.slice(start, end));

describe("positiveTerms", () => {
  it("takes the lexemes not under a !", () => {
    expect(positiveTerms("'a' & !( 'b' <-> 'c' ) | 'd'")).toEqual(["a", "d"]);
    expect(positiveTerms("'oak' <-> 'table' & !'pallet'")).toEqual(["oak", "table"]);
    expect(positiveTerms("'it''s' & 'back\\\\slash'")).toEqual(["it's", "back\\slash"]);
    expect(positiveTerms("")).toEqual([]);
  });
});

describe("messageSnippet", () => {
  it("marks whole words in any case, and leaves markup as text", () => {
    const snippet = messageSnippet("<b>Saturday</b>\n\n delivery on SATURDAYS or saturday", ["saturday"]);
    expect(snippet.text).toBe("<b>Saturday</b> delivery on SATURDAYS or saturday");
    expect(marked(snippet)).toEqual(["Saturday", "saturday"]);
  });

  it("cuts a long message between words around the first match", () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`);
    words[120] = "Invoice";
    const snippet = messageSnippet(words.join(" "), ["invoice"]);
    expect(snippet.text.startsWith("…word")).toBe(true);
    expect(snippet.text.endsWith("…")).toBe(true);
    expect(snippet.text.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 2);
    expect(marked(snippet)).toEqual(["Invoice"]);
    expect(snippet.text.split(" ").every((word) => /^…?word\d+…?$|^Invoice$/.test(word))).toBe(true);
  });

  it("starts at the beginning when nothing matches, and keeps offsets right around wide characters", () => {
    expect(messageSnippet("Hello there", ["absent"])).toEqual({ text: "Hello there", highlights: [] });
    const snippet = messageSnippet("📦 İstanbul paket hazır, PAKET yolda", ["paket"]);
    expect(marked(snippet)).toEqual(["paket", "PAKET"]);
  });
});
