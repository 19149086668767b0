import { describe, expect, it } from "vitest";
import { titleOfMatches } from "./document-title.tsx";

describe("titleOfMatches", () => {
  it("takes the deepest route's title", () => {
    const matches = [{ meta: [{ title: "Foreman" }] }, { meta: undefined }, { meta: [{ title: "Inbox · Foreman" }] }];
    expect(titleOfMatches(matches)).toBe("Inbox · Foreman");
  });

  it("falls back to a parent's title when the deepest route names none", () => {
    expect(titleOfMatches([{ meta: [{ title: "Foreman" }] }, { meta: [undefined, {}] }])).toBe("Foreman");
  });

  it("has no title while no route names one", () => {
    expect(titleOfMatches([])).toBeUndefined();
    expect(titleOfMatches([{ meta: [] }])).toBeUndefined();
  });
});
