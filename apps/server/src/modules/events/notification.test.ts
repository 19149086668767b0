import type { LiveEvent, Message } from "@foreman/contract";
import { describe, expect, it } from "vitest";
import { NOTIFY_PAYLOAD_MAX_BYTES, parseNotification, toNotification } from "./notification.ts";

const message = (content: string): Message => ({
  id: "0b6f3c1e-2a4d-4e8f-9a1b-3c5d7e9f1a2b",
  conversationId: "1c6f3c1e-2a4d-4e8f-9a1b-3c5d7e9f1a2b",
  senderType: "ai",
  senderName: "Ava",
  avatarUrl: null,
  content,
  attachments: [],
  createdAt: "2026-11-21T10:00:00.000Z",
});
const created = (content: string): LiveEvent => ({
  type: "message.created",
  conversationId: "1c6f3c1e-2a4d-4e8f-9a1b-3c5d7e9f1a2b",
  message: message(content),
});

describe("the NOTIFY payload", () => {
  it("carries the whole event when it fits", () => {
    const payload = toNotification("origin-1", "company-1", created("Hello"));
    expect(parseNotification(payload)).toEqual({
      origin: "origin-1",
      companyId: "company-1",
      event: created("Hello"),
      slim: false,
    });
  });

  it("sends ids only when the event would exceed the limit (bytes, not characters)", () => {
    // 4000 three-byte characters: 12 000 bytes, well over PostgreSQL's 8000-byte NOTIFY limit.
    const payload = toNotification("origin-1", "company-1", created("€".repeat(4000)));
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(NOTIFY_PAYLOAD_MAX_BYTES);
    expect(parseNotification(payload)).toEqual({
      origin: "origin-1",
      companyId: "company-1",
      event: {
        type: "message.created",
        conversationId: "1c6f3c1e-2a4d-4e8f-9a1b-3c5d7e9f1a2b",
        messageId: "0b6f3c1e-2a4d-4e8f-9a1b-3c5d7e9f1a2b",
      },
      slim: true,
    });
  });

  it("keeps task events whole", () => {
    const event: LiveEvent = { type: "task.updated", taskId: "t-1", state: "done" };
    expect(parseNotification(toNotification("o", "c", event))?.event).toEqual(event);
  });

  it.each([
    ["not JSON", "{"],
    ["a number", "42"],
    ["no origin", JSON.stringify({ companyId: "c", event: { type: "x" }, slim: false })],
    ["no event type", JSON.stringify({ origin: "o", companyId: "c", event: {}, slim: false })],
  ])("ignores a payload that is %s", (_, payload) => {
    expect(parseNotification(payload)).toBeNull();
  });
});
