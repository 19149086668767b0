import { describe, expect, it } from "vitest";
import { searchTerms } from "./search.ts";

describe("searchTerms", () => {
  it("keeps what a question is about, accents off, once each", () => {
    expect(searchTerms("¿Política de devolución? política")).toEqual(["politica", "de", "devolucion"]);
  });

  it("drops how customers ask, so 'how much' does not find 'how much weight'", () => {
    expect(searchTerms("How much is shipping to Alaska, please?")).toEqual(["how", "is", "shipping", "to", "alaska"]);
    expect(searchTerms("Hola, ¿cuánto cuesta el despacho a Valparaíso?")).toEqual(["el", "despacho", "valparaiso"]);
  });

  it("answers nothing for punctuation alone, and at most 32 words", () => {
    expect(searchTerms("?!")).toEqual([]);
    expect(searchTerms(Array.from({ length: 40 }, (_, i) => `w${i}`).join(" "))).toHaveLength(32);
  });
});
