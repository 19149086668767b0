import { describe, expect, it } from "vitest";
import { encodeMessageCursor, parseMessageCursor } from "./message-cursor.ts";

const ID = "0b6f3c1e-2a4d-4e8f-9a1b-3c5d7e9f1a2b";

describe("message cursors", () => {
  it("round-trip the time and id of a message", () => {
    const createdAt = new Date("2026-11-21T10:30:00.123Z");
    const cursor = encodeMessageCursor({ createdAt, id: ID });
    expect(cursor).toBe(`2026-11-21T10:30:00.123Z|${ID}`);
    expect(parseMessageCursor(cursor)).toEqual({ createdAt, id: ID });
    expect(encodeMessageCursor({ createdAt: "2026-11-21T10:30:00.123Z", id: ID })).toBe(cursor);
  });

  it("accept a zone offset and an upper-case id", () => {
    expect(parseMessageCursor(`2026-11-21T12:30:00+02:00|${ID.toUpperCase()}`)).toEqual({
      createdAt: new Date("2026-11-21T10:30:00Z"),
      id: ID,
    });
  });

  it("refuse anything else", () => {
    for (const text of [
      null,
      undefined,
      "",
      ID,
      "2026-11-21T10:30:00Z",
      `2026-11-21T10:30:00Z|not-a-uuid`,
      `2026-11-21|${ID}`,
      `2026-13-40T10:30:00Z|${ID}`,
      `yesterday|${ID}`,
      `2026-11-21T10:30:00Z|${ID}|extra`,
    ]) {
      expect(parseMessageCursor(text)).toBeNull();
    }
  });
});
