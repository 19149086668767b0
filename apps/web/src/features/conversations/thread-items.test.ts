import type { Message } from "@foreman/contract";
import { describe, expect, it } from "vitest";
import { nextMessage as message } from "#web/test/fixtures/messages.ts";
import { type MessageItem, threadItems } from "./thread-items.ts";

const shape = (messages: Message[]) =>
  threadItems(messages, "UTC").map((item) =>
    item.kind === "day"
      ? `day ${item.label}`
      : `${item.message.id}${item.first ? " first" : ""}${item.last ? " last" : ""}`,
  );

describe("threadItems", () => {
  it("puts a separator before each new day and groups one sender's run", () => {
    const a = message({ createdAt: "2026-11-20T10:00:00.000Z" });
    const b = message({ createdAt: "2026-11-20T10:01:00.000Z" });
    const c = message({ senderType: "ai", senderName: "Sofia", createdAt: "2026-11-20T10:02:00.000Z" });
    const d = message({ senderType: "ai", senderName: "Sofia", createdAt: "2026-11-21T09:00:00.000Z" });
    expect(shape([a, b, c, d])).toEqual([
      "day November 20, 2026",
      `${a.id} first`,
      `${b.id} last`,
      `${c.id} first last`,
      "day November 21, 2026",
      `${d.id} first last`,
    ]);
  });

  it("writes a run's time once per minute, under the last message of that minute", () => {
    const a = message({ createdAt: "2026-11-20T10:00:05.000Z" });
    const b = message({ createdAt: "2026-11-20T10:00:40.000Z" });
    const c = message({ createdAt: "2026-11-20T10:02:00.000Z" });
    const d = message({ senderType: "ai", senderName: "Sofia", createdAt: "2026-11-20T10:02:10.000Z" });
    const items = threadItems([a, b, c, d], "UTC").filter((item): item is MessageItem => item.kind === "message");
    expect(items.map((item) => item.showTime)).toEqual([false, true, true, true]);
  });

  it("starts a new run after a five-minute gap or when the sender's name changes", () => {
    const a = message({ senderType: "staff", senderName: "Dana", createdAt: "2026-11-20T10:00:00.000Z" });
    const b = message({ senderType: "staff", senderName: "Dana", createdAt: "2026-11-20T10:06:00.000Z" });
    const c = message({ senderType: "staff", senderName: "Leo", createdAt: "2026-11-20T10:06:30.000Z" });
    expect(shape([a, b, c]).slice(1)).toEqual([`${a.id} first last`, `${b.id} first last`, `${c.id} first last`]);
  });

  it("keeps a message without a time in its neighbour's run, with no time and no separator", () => {
    const a = message({ createdAt: "2026-11-20T10:00:00.000Z" });
    const b = message({ createdAt: null });
    const c = message({ createdAt: "2026-11-20T10:03:00.000Z" });
    const items = threadItems([a, b, c], "UTC");
    expect(shape([a, b, c])).toEqual(["day November 20, 2026", `${a.id} first`, b.id, `${c.id} last`]);
    expect((items[2] as MessageItem).time).toBeNull();
    expect((items[1] as MessageItem).time).toBe("10:00 AM");
    expect((items[1] as MessageItem).dateTime).toBe("November 20, 2026 at 10:00 AM");
  });

  it("starts without a separator when the first messages have no time", () => {
    const a = message({ createdAt: null });
    const b = message({ createdAt: "2026-11-20T10:00:00.000Z" });
    expect(shape([a, b])).toEqual([`${a.id} first last`, "day November 20, 2026", `${b.id} first last`]);
  });

  it("reads days in the given time zone", () => {
    const late = message({ createdAt: "2026-11-21T02:00:00.000Z" });
    const [day] = threadItems([late], "America/Santiago");
    expect(day).toMatchObject({ kind: "day", label: "November 20, 2026" });
  });

  it("is empty for no messages", () => {
    expect(threadItems([])).toEqual([]);
  });
});
