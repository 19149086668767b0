import { describe, expect, it } from "vitest";
import { replyLanguageRule } from "./system-prompt.ts";

// The model is told which languages the company answers in (Settings → General), and what to do with a
// customer who writes in another.
describe("the reply language rule of the system prompt", () => {
  it("names the company's languages, and its first for a customer who writes in another", () => {
    expect(replyLanguageRule(["es", "en"], ["Spanish", "English"])).toBe(
      "- Your company answers customers in Spanish, English: reply in the customer's language when it is one of these, otherwise in Spanish (you speak Spanish, English). Be brief, in plain text.",
    );
  });

  it("keeps a code it has no name for, and falls back to English without any", () => {
    expect(replyLanguageRule(["eu"], ["Basque"])).toContain("answers customers in eu:");
    expect(replyLanguageRule([], ["English"])).toContain("answers customers in English: ");
  });
});
