import { describe, expect, it } from "vitest";
import { isSameSitePath, parseRedirectSearch } from "./redirect.ts";

describe("parseRedirectSearch", () => {
  it("keeps an optional redirect", () => {
    expect(parseRedirectSearch({ redirect: "/orders?state=sent" })).toEqual({ redirect: "/orders?state=sent" });
    expect(parseRedirectSearch({})).toEqual({});
  });
});

describe("isSameSitePath", () => {
  it.each(["/", "/orders", "/orders?state=sent#top", "/sign_in?redirect=%2Forders"])("accepts %s", (value) => {
    expect(isSameSitePath(value)).toBe(true);
  });

  it.each([
    undefined,
    "",
    "orders",
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/\t/evil.example",
  ])("refuses %s", (value) => {
    expect(isSameSitePath(value)).toBe(false);
  });
});
