import { describe, expect, it } from "vitest";
import { LINK_TOKEN_MAX, parseTokenSearch } from "./token-search.ts";

describe("parseTokenSearch", () => {
  it("keeps a token as text, trimmed", () => {
    expect(parseTokenSearch({ token: " Ab3-_x " })).toEqual({ token: "Ab3-_x" });
    expect(parseTokenSearch({ token: 123456 })).toEqual({ token: "123456" });
  });

  it("drops what cannot be a token", () => {
    expect(parseTokenSearch({})).toEqual({});
    expect(parseTokenSearch({ token: "" })).toEqual({});
    expect(parseTokenSearch({ token: "   " })).toEqual({});
    expect(parseTokenSearch({ token: ["a", "b"] })).toEqual({});
    expect(parseTokenSearch({ token: { a: 1 } })).toEqual({});
    expect(parseTokenSearch({ token: Number.NaN })).toEqual({});
    expect(parseTokenSearch({ token: "x".repeat(LINK_TOKEN_MAX + 1) })).toEqual({});
    expect(parseTokenSearch({ token: "x".repeat(LINK_TOKEN_MAX) })).toEqual({ token: "x".repeat(LINK_TOKEN_MAX) });
  });
});
