import { describe, expect, it } from "vitest";
import { assistThreadPath, formatAssistThreadKey, parseAssistThreadKey, parseChatId } from "./assist-thread-key.ts";

describe("parseAssistThreadKey", () => {
  it("splits 'account-conversation' on the dash", () => {
    expect(parseAssistThreadKey("12-345")).toEqual({ accountId: 12, conversationDisplayId: 345 });
    expect(parseAssistThreadKey(" 1-1 ")).toEqual({ accountId: 1, conversationDisplayId: 1 });
    expect(parseAssistThreadKey("2147483647-2147483647")).toEqual({
      accountId: 2147483647,
      conversationDisplayId: 2147483647,
    });
  });

  it.each([
    null,
    undefined,
    "",
    "12",
    "12-",
    "-345",
    "12--345",
    "12-345-6",
    "0-345",
    "12-0",
    "012-345",
    "1.5-2",
    "a-b",
    "12 -345",
    "2147483648-1",
    "1e3-2",
  ])("refuses %j", (text) => {
    expect(parseAssistThreadKey(text)).toBeNull();
  });

  it("formats the key and the assist path back", () => {
    const key = { accountId: 12, conversationDisplayId: 345 };
    expect(formatAssistThreadKey(key)).toBe("12-345");
    expect(parseAssistThreadKey(formatAssistThreadKey(key))).toEqual(key);
    expect(assistThreadPath(key)).toBe("/internal/assist/12/thread/345");
  });
});

describe("parseChatId", () => {
  it("accepts positive integers in the integer column's range", () => {
    expect(parseChatId("7")).toBe(7);
    expect(parseChatId(7)).toBe(7);
    for (const bad of ["-7", "+7", "07", "7.0", " 7", "", "99999999999", 0, 1.5, null, undefined]) {
      expect(parseChatId(bad)).toBeNull();
    }
  });
});
