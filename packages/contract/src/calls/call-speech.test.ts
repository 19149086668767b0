import { describe, expect, it } from "vitest";
import { CALL_PHRASES, callLanguageOf, callLanguageOfTag, spokenText } from "./call-speech.ts";

describe("callLanguageOf", () => {
  it("takes the company's first answer language that calls speak", () => {
    expect(callLanguageOf(["es", "en"])).toBe("es");
    expect(callLanguageOf(["ja", "fr"])).toBe("fr");
    expect(callLanguageOf(["ja"])).toBe("en");
    expect(callLanguageOf([])).toBe("en");
  });
  it("reads a stored tag back", () => {
    expect(callLanguageOfTag("es-ES")).toBe("es");
    expect(callLanguageOfTag("en-US")).toBe("en");
    expect(callLanguageOfTag("ja-JP")).toBe("en");
  });
  it("greets with the employee and the company", () => {
    expect(CALL_PHRASES.en.greeting("Ana", "Acme")).toBe("Hi, this is Ana from Acme. How can I help?");
    expect(CALL_PHRASES.es.greeting("Ana", "Acme")).toContain("Ana de Acme");
  });
});

describe("spokenText", () => {
  it("drops markdown marks and keeps the words", () => {
    expect(spokenText("**Order 1042** is _on its way_. Anything else?")).toBe(
      "Order 1042 is on its way. Anything else?",
    );
    expect(spokenText("## Prices\n- Pallet: $12\n- Tape: $3")).toBe("Prices. Pallet: $12. Tape: $3.");
  });
  it("keeps a link's words, drops addresses", () => {
    expect(spokenText("See [our policy](https://acme.example/returns) or https://acme.example/faq.")).toBe(
      "See our policy or.",
    );
    expect(spokenText("Track it at www.acme.example/track today")).toBe("Track it at today.");
  });
  it("reads a table's rows as phrases", () => {
    expect(spokenText("| SKU | Price |\n|---|---|\n| P-1 | $2 |")).toBe("SKU, Price. P-1, $2.");
  });
  it("cuts a long reply at a sentence end", () => {
    const long = `${"This is a sentence that goes on. ".repeat(30)}The end.`;
    const spoken = spokenText(long, 100);
    expect(spoken.length).toBeLessThanOrEqual(100);
    expect(spoken.endsWith(".")).toBe(true);
  });
  it("cuts a reply with no sentence end at a word", () => {
    const spoken = spokenText("word ".repeat(100), 50);
    expect(spoken.length).toBeLessThanOrEqual(51);
    expect(spoken.endsWith("…")).toBe(true);
  });
});
