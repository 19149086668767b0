import { describe, expect, it } from "vitest";
import {
  normalizeRawAttachment,
  normalizeRawMessage,
  normalizeRawMessages,
  normalizeSenderType,
  normalizeTimestamp,
  safeAttachmentUrl,
} from "./normalize-message.ts";
import { messageSchema } from "./schemas.ts";

describe("normalizeRawMessage", () => {
  it("reads a well-formed camelCase message as it is", () => {
    const message = normalizeRawMessage({
      id: "m1",
      conversationId: "c1",
      senderType: "ai",
      senderName: "Nora Quinn",
      avatarUrl: "/aiEmployees/sales.svg",
      content: "Hello!",
      attachments: [
        { id: "a1", url: "/files/a1/key/plan.pdf", fileName: "plan.pdf", contentType: "application/pdf", byteSize: 10 },
      ],
      createdAt: "2026-11-21T10:30:00.000Z",
    });
    expect(message).toEqual({
      id: "m1",
      conversationId: "c1",
      senderType: "ai",
      senderName: "Nora Quinn",
      avatarUrl: "/aiEmployees/sales.svg",
      content: "Hello!",
      attachments: [
        { id: "a1", url: "/files/a1/key/plan.pdf", fileName: "plan.pdf", contentType: "application/pdf", byteSize: 10 },
      ],
      createdAt: "2026-11-21T10:30:00.000Z",
    });
    expect(messageSchema.safeParse(message).success).toBe(true);
  });

  it("reads the spec's snake_case names", () => {
    const message = normalizeRawMessage({
      id: 42,
      conversation_id: 7,
      sender_type: "user",
      sender_name: "Ana",
      content: "Hola",
      created_at: "2026-11-21T10:30:00Z",
      attachments: [{ url: "https://cdn.example.com/a/photo.png" }],
    });
    expect(message).toMatchObject({
      id: "42",
      conversationId: "7",
      senderType: "customer",
      senderName: "Ana",
      createdAt: "2026-11-21T10:30:00.000Z",
      attachments: [
        {
          id: "https://cdn.example.com/a/photo.png",
          url: "https://cdn.example.com/a/photo.png",
          fileName: "photo.png",
          contentType: "image/png",
          byteSize: null,
        },
      ],
    });
    expect(messageSchema.safeParse(message).success).toBe(true);
  });

  it("reads a nested sender, as chat tools send it", () => {
    const message = normalizeRawMessage({
      content: "Let me check",
      sender: { type: "agent_bot", name: "Leo", thumbnail: "https://x.example/leo.png" },
    });
    expect(message).toMatchObject({ senderType: "ai", senderName: "Leo", avatarUrl: "https://x.example/leo.png" });
    expect(normalizeRawMessage({ content: "x", sender: "staff" })).toMatchObject({ senderType: "staff" });
  });

  it("names the sender by type when no name is given or it is blank", () => {
    expect(normalizeRawMessage({ content: "a", sender_type: "customer" })?.senderName).toBe("Customer");
    expect(normalizeRawMessage({ content: "a", sender_type: "bot", sender_name: "  " })?.senderName).toBe(
      "AI employee",
    );
    expect(normalizeRawMessage({ content: "a", sender_type: "agent", sender_name: 12 })?.senderName).toBe("12");
    expect(normalizeRawMessage({ content: "a", sender_type: "human", sender_name: {} })?.senderName).toBe("Staff");
  });

  it("treats a missing or unknown sender type as the customer", () => {
    expect(normalizeRawMessage({ content: "a" })?.senderType).toBe("customer");
    expect(normalizeRawMessage({ content: "a", sender_type: "robot-overlord" })?.senderType).toBe("customer");
    expect(normalizeRawMessage({ content: "a", sender_type: 1 })?.senderType).toBe("customer");
  });

  it("keeps a message without a usable time, with a null time", () => {
    for (const created_at of [undefined, null, "", "yesterday-ish", {}, [], Number.NaN, true]) {
      const message = normalizeRawMessage({ content: "a", created_at });
      expect(message?.createdAt).toBeNull();
      expect(messageSchema.safeParse(message).success).toBe(true);
    }
  });

  it("reads epoch seconds and milliseconds", () => {
    expect(normalizeRawMessage({ content: "a", created_at: 1_795_000_000 })?.createdAt).toBe(
      "2026-11-18T11:06:40.000Z",
    );
    expect(normalizeRawMessage({ content: "a", createdAt: 1_795_000_000_000 })?.createdAt).toBe(
      "2026-11-18T11:06:40.000Z",
    );
    expect(normalizeRawMessage({ content: "a", created_at: "1795000000" })?.createdAt).toBe("2026-11-18T11:06:40.000Z");
  });

  it("drops an item only when it has neither text nor an attachment", () => {
    expect(normalizeRawMessage({ sender_type: "ai" })).toBeNull();
    expect(normalizeRawMessage({ content: "   " })).toBeNull();
    expect(normalizeRawMessage({ content: "", attachments: [] })).toBeNull();
    expect(normalizeRawMessage({ content: "", attachments: ["javascript:alert(1)"] })).toBeNull();
    const photoOnly = normalizeRawMessage({ attachments: ["https://x.example/p.jpg"] });
    expect(photoOnly).toMatchObject({ content: "", attachments: [{ contentType: "image/jpeg" }] });
  });

  it("takes the text from text, body or message when content is missing or not text", () => {
    expect(normalizeRawMessage({ text: "from text" })?.content).toBe("from text");
    expect(normalizeRawMessage({ body: "from body" })?.content).toBe("from body");
    expect(normalizeRawMessage({ content: { html: "<b>x</b>" }, message: "fallback" })?.content).toBe("fallback");
    expect(normalizeRawMessage({ content: 12.5 })?.content).toBe("12.5");
  });

  it("refuses things that are not message objects", () => {
    for (const raw of [null, undefined, "hello", 12, true, [], [{ content: "a" }]]) {
      expect(normalizeRawMessage(raw)).toBeNull();
    }
  });

  it("uses the context's conversation when the item does not name one", () => {
    expect(normalizeRawMessage({ content: "a" }, { conversationId: "c9" })?.conversationId).toBe("c9");
    expect(normalizeRawMessage({ content: "a", conversation_id: "c1" }, { conversationId: "c9" })?.conversationId).toBe(
      "c1",
    );
    expect(normalizeRawMessage({ content: "a" })?.conversationId).toBe("");
  });

  it("gives an item without an id a stable id of its own", () => {
    const raw = { content: "same", created_at: "2026-11-21T10:30:00Z" };
    const first = normalizeRawMessage(raw);
    expect(first?.id).toMatch(/^raw-[0-9a-f]{8}$/);
    expect(normalizeRawMessage({ ...raw })?.id).toBe(first?.id);
    expect(normalizeRawMessage({ ...raw, content: "other" })?.id).not.toBe(first?.id);
  });

  it("drops unsafe avatar URLs", () => {
    expect(normalizeRawMessage({ content: "a", avatar_url: "javascript:alert(1)" })?.avatarUrl).toBeNull();
    expect(normalizeRawMessage({ content: "a", avatar: 5 })?.avatarUrl).toBeNull();
  });
});

describe("normalizeRawAttachment", () => {
  it("accepts a URL text or an object with url, data_url or file_url", () => {
    expect(normalizeRawAttachment("https://x.example/files/report%202026.pdf?sig=1")).toEqual({
      id: "https://x.example/files/report%202026.pdf?sig=1",
      url: "https://x.example/files/report%202026.pdf?sig=1",
      fileName: "report 2026.pdf",
      contentType: "application/pdf",
      byteSize: null,
    });
    expect(normalizeRawAttachment({ data_url: "data:image/png;base64,iVBORw0KGgo=" })).toMatchObject({
      fileName: "attachment",
      contentType: "image/png",
    });
    expect(normalizeRawAttachment({ file_url: "/files/1/k/a.csv", file_size: 300, id: 9 })).toMatchObject({
      id: "9",
      fileName: "a.csv",
      contentType: "text/csv",
      byteSize: 300,
    });
    expect(normalizeRawAttachment({ dataUrl: "https://x.example/y", fileName: "notes.txt" })).toMatchObject({
      fileName: "notes.txt",
      contentType: "text/plain",
    });
  });

  it("prefers a declared content type, and falls back to octet-stream", () => {
    expect(normalizeRawAttachment({ url: "https://x.example/a", content_type: "IMAGE/WEBP" })?.contentType).toBe(
      "image/webp",
    );
    expect(normalizeRawAttachment({ url: "https://x.example/a", content_type: "bogus" })?.contentType).toBe(
      "application/octet-stream",
    );
    expect(normalizeRawAttachment("https://x.example/")?.fileName).toBe("attachment");
  });

  it("skips an unsafe URL for a safe one in another key", () => {
    expect(normalizeRawAttachment({ url: "javascript:x", file_url: "https://x.example/a.png" })?.url).toBe(
      "https://x.example/a.png",
    );
  });

  it("drops items without a usable URL", () => {
    for (const raw of [
      null,
      12,
      {},
      { url: "" },
      { url: "javascript:alert(1)" },
      { url: "vbscript:x" },
      { url: "file:///etc/passwd" },
      { url: "//evil.example/x" },
      { url: "data:text/html,<script>1</script>" },
      { url: ["https://x.example/a.png"] },
    ]) {
      expect(normalizeRawAttachment(raw)).toBeNull();
    }
  });

  it("ignores a negative or fractional size", () => {
    expect(normalizeRawAttachment({ url: "/a.png", byte_size: -1 })?.byteSize).toBeNull();
    expect(normalizeRawAttachment({ url: "/a.png", byte_size: 1.5 })?.byteSize).toBeNull();
    expect(normalizeRawAttachment({ url: "/a.png", byte_size: "12" })?.byteSize).toBeNull();
  });

  it("reads a single attachment that is not in a list, and drops the bad items of a list", () => {
    expect(normalizeRawMessage({ content: "a", attachments: "https://x.example/one.png" })?.attachments).toHaveLength(
      1,
    );
    const message = normalizeRawMessage({
      content: "a",
      attachments: ["https://x.example/ok.png", null, 3, { nope: true }, "javascript:1", { url: "/files/x/y/z.pdf" }],
    });
    expect(message?.attachments.map((a) => a.url)).toEqual(["https://x.example/ok.png", "/files/x/y/z.pdf"]);
    expect(normalizeRawMessage({ content: "a", attachments: { url: "/x.png" } })?.attachments).toHaveLength(1);
  });
});

describe("normalizeRawMessages", () => {
  it("keeps the convertible items in order and drops the rest", () => {
    const messages = normalizeRawMessages(
      [{ id: "1", content: "first" }, "garbage", { id: "2" }, null, { id: "3", text: "third", sender_type: "bot" }],
      { conversationId: "c" },
    );
    expect(messages.map((m) => [m.id, m.senderType, m.conversationId])).toEqual([
      ["1", "customer", "c"],
      ["3", "ai", "c"],
    ]);
  });

  it("gives none for a value that is not a list", () => {
    for (const raw of [null, undefined, {}, "[]", 3]) expect(normalizeRawMessages(raw)).toEqual([]);
  });
});

describe("the helpers", () => {
  it.each([
    ["user", "customer"],
    ["contact", "customer"],
    ["Customer", "customer"],
    ["ai", "ai"],
    ["BOT", "ai"],
    ["assistant", "ai"],
    ["agent_bot", "ai"],
    ["agent-bot", "ai"],
    ["staff", "staff"],
    ["agent", "staff"],
    [" human ", "staff"],
    ["", "customer"],
    [null, "customer"],
  ])("sender %j → %s", (raw, expected) => {
    expect(normalizeSenderType(raw)).toBe(expected);
  });

  it("normalizes times to ISO text", () => {
    expect(normalizeTimestamp("2026-11-21T10:30:00+02:00")).toBe("2026-11-21T08:30:00.000Z");
    expect(normalizeTimestamp(new Date("2026-01-01T00:00:00Z"))).toBe("2026-01-01T00:00:00.000Z");
    expect(normalizeTimestamp(new Date(Number.NaN))).toBeNull();
    expect(normalizeTimestamp(1e20)).toBeNull();
  });

  it("allows only safe URL schemes", () => {
    expect(safeAttachmentUrl("https://x.example/a b")).toBeNull();
    expect(safeAttachmentUrl(" https://x.example/a ")).toBe("https://x.example/a");
    expect(safeAttachmentUrl("HTTP://x.example/a")).toBe("HTTP://x.example/a");
    expect(safeAttachmentUrl("/files/a")).toBe("/files/a");
    expect(safeAttachmentUrl("data:application/pdf;base64,JVBERi0=")).toBe("data:application/pdf;base64,JVBERi0=");
    expect(safeAttachmentUrl("JaVaScRiPt:alert(1)")).toBeNull();
    expect(safeAttachmentUrl("data:text/html;base64,PHNjcmlwdD4=")).toBeNull();
    expect(safeAttachmentUrl("data:image/svg+xml;base64,PHN2Zz4=")).toBeNull();
    expect(safeAttachmentUrl("relative/path.png")).toBeNull();
  });
});
