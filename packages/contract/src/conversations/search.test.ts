import { describe, expect, it } from "vitest";
import {
  parseConversationFilters,
  parseConversationSearch,
  parseConversationsSearch,
  parseInboxPageSearch,
  parseInboxSearch,
} from "./search.ts";

describe("parseConversationFilters", () => {
  it("keeps known stage, channel and status values, case forgiven", () => {
    expect(parseConversationFilters({ stage: "Quoted", channel: "WHATSAPP", status: "open", q: "  acme " })).toEqual({
      stage: "quoted",
      channel: "whatsapp",
      status: "open",
      q: "acme",
    });
  });

  it("drops unknown values and empty text, so each means all", () => {
    expect(parseConversationFilters({ stage: "hot", channel: "fax", status: 3, q: "   " })).toEqual({
      stage: undefined,
      channel: undefined,
      status: undefined,
      q: undefined,
    });
    expect(parseConversationFilters({ stage: { x: 1 }, q: ["a"] })).toEqual({
      stage: undefined,
      channel: undefined,
      status: undefined,
      q: undefined,
    });
  });

  it("reads numbers as search text and caps it at 100 characters", () => {
    expect(parseConversationFilters({ q: 42 }).q).toBe("42");
    expect(parseConversationFilters({ q: "x".repeat(150) }).q).toHaveLength(100);
  });
});

describe("parseInboxPageSearch", () => {
  it("passes the sso pair through next to the filters", () => {
    expect(parseInboxPageSearch({ sso_conversation_id: 42, sso_account_id: "7", stage: "won", other: "x" })).toEqual({
      stage: "won",
      channel: undefined,
      status: undefined,
      q: undefined,
      sso_conversation_id: "42",
      sso_account_id: "7",
    });
  });
});

describe("parseConversationsSearch", () => {
  it("keeps a page from 2 up and embed=1", () => {
    expect(parseConversationsSearch({ page: "3", embed: 1, channel: "sms" })).toMatchObject({
      page: 3,
      embed: 1,
      channel: "sms",
    });
  });

  it("leaves the first page, bad pages and other embed values out", () => {
    for (const page of [1, "1", 0, -2, "abc", 2.5]) expect(parseConversationsSearch({ page }).page).toBeUndefined();
    for (const embed of [0, "yes", "", null]) expect(parseConversationsSearch({ embed }).embed).toBeUndefined();
  });

  it("turns the search to messages with searchIn=messages only", () => {
    expect(parseConversationsSearch({ searchIn: "Messages", q: " oak " })).toMatchObject({
      searchIn: "messages",
      q: "oak",
    });
    for (const searchIn of ["conversations", "", 1, null])
      expect(parseConversationsSearch({ searchIn }).searchIn).toBeUndefined();
  });
});

describe("parseConversationSearch", () => {
  it("reads embed only", () => {
    expect(parseConversationSearch({ embed: "1", stage: "won" })).toEqual({ embed: 1 });
    expect(parseConversationSearch({ embed: "true" })).toEqual({ embed: 1 });
    expect(parseConversationSearch({})).toEqual({ embed: undefined });
  });
});

describe("parseInboxSearch", () => {
  it("passes the two sso values through as strings", () => {
    expect(parseInboxSearch({ sso_conversation_id: 42, sso_account_id: "7", other: "x" })).toEqual({
      sso_conversation_id: "42",
      sso_account_id: "7",
    });
  });
});
