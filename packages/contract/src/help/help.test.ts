import { describe, expect, it } from "vitest";
import { helpArticleParamsSchema, helpContactSchema, helpSearchQuerySchema } from "./help.ts";
import { HELP_QUERY_MAX, highlightParts, isHelpSlug, parseHelpSearch } from "./help-search.ts";

describe("helpSearchQuerySchema", () => {
  it("takes a search of up to 200 characters, trimmed", () => {
    expect(helpSearchQuerySchema.parse({ q: "  whatsapp  " })).toEqual({ q: "whatsapp" });
    expect(helpSearchQuerySchema.safeParse({ q: "a".repeat(HELP_QUERY_MAX) }).success).toBe(true);
  });

  it("refuses an empty, blank or over-long search", () => {
    expect(helpSearchQuerySchema.safeParse({}).success).toBe(false);
    expect(helpSearchQuerySchema.safeParse({ q: "   " }).error?.issues[0]?.message).toBe(
      "Type something to search for",
    );
    expect(helpSearchQuerySchema.safeParse({ q: "a".repeat(HELP_QUERY_MAX + 1) }).error?.issues[0]?.message).toBe(
      "Must be at most 200 characters",
    );
  });
});

describe("article names", () => {
  it("are lowercase words joined by dashes", () => {
    expect(isHelpSlug("connecting-whatsapp")).toBe(true);
    for (const bad of ["Connecting", "a--b", "-a", "a-", "a_b", "a.json", "", "a".repeat(81)])
      expect(isHelpSlug(bad), bad).toBe(false);
    expect(helpArticleParamsSchema.safeParse({ slug: "../etc" }).success).toBe(false);
  });
});

describe("helpContactSchema", () => {
  it("takes a one-line subject and a message", () => {
    expect(helpContactSchema.parse({ subject: " Invoices ", message: "Where do I find my invoices?" })).toEqual({
      subject: "Invoices",
      message: "Where do I find my invoices?",
    });
  });

  it("refuses a subject with a line break (a mail header), a short message and over-long fields", () => {
    const fields = (body: unknown) => helpContactSchema.safeParse(body).error?.issues.map((i) => i.path.join("."));
    expect(fields({ subject: "Hi\r\nBcc: x@example.com", message: "A long enough message" })).toEqual(["subject"]);
    expect(fields({ subject: "Hi", message: "short" })).toEqual(["message"]);
    expect(fields({ subject: "s".repeat(151), message: "m".repeat(5001) })).toEqual(["subject", "message"]);
    expect(fields({})).toEqual(["subject", "message"]);
  });
});

describe("parseHelpSearch", () => {
  it("keeps the search text and drops the rest", () => {
    expect(parseHelpSearch({ q: " tickets " })).toEqual({ q: "tickets" });
    expect(parseHelpSearch({ q: 42 })).toEqual({ q: "42" });
    expect(parseHelpSearch({ q: { a: 1 } })).toEqual({ q: undefined });
    expect(parseHelpSearch({ q: "   " })).toEqual({ q: undefined });
    expect(parseHelpSearch({ q: "x".repeat(500) }).q).toHaveLength(HELP_QUERY_MAX);
  });
});

describe("highlightParts", () => {
  it("cuts a snippet into plain and marked stretches", () => {
    expect(highlightParts("Connect WhatsApp today", [{ start: 8, end: 16 }])).toEqual([
      { text: "Connect ", marked: false },
      { text: "WhatsApp", marked: true },
      { text: " today", marked: false },
    ]);
  });

  it("draws the whole text whatever the ranges say", () => {
    const text = "abcdef";
    const parts = highlightParts(text, [
      { start: 4, end: 99 },
      { start: 0, end: 2 },
      { start: 1, end: 3 },
      { start: 3, end: 3 },
    ]);
    expect(parts.map((p) => p.text).join("")).toBe(text);
    expect(parts).toEqual([
      { text: "ab", marked: true },
      { text: "c", marked: true },
      { text: "d", marked: false },
      { text: "ef", marked: true },
    ]);
    expect(highlightParts("", [{ start: 0, end: 3 }])).toEqual([]);
  });
});
