import { describe, expect, it } from "vitest";
import { hasConversationFilters } from "./filters.ts";

describe("hasConversationFilters", () => {
  it("is true when any filter is set", () => {
    expect(hasConversationFilters({})).toBe(false);
    expect(hasConversationFilters({ q: "x" })).toBe(true);
    expect(hasConversationFilters({ channel: "sms" })).toBe(true);
  });
});
