import { describe, expect, it } from "vitest";
import { ATTACHMENT_MAX_BYTES } from "./conversation.ts";
import { conversationsQuerySchema, messagesQuerySchema, sendMessageBodySchema } from "./schemas.ts";

const base64 = (size: number) => Buffer.alloc(size, 1).toString("base64");

describe("the send-message body", () => {
  it("trims the text and accepts 1 to 4000 characters", () => {
    expect(sendMessageBodySchema.parse({ content: "  Hi there  " })).toEqual({ content: "Hi there" });
    expect(sendMessageBodySchema.safeParse({ content: "x".repeat(4000) }).success).toBe(true);
    const tooLong = sendMessageBodySchema.safeParse({ content: "x".repeat(4001) });
    expect(tooLong.error?.issues[0]?.message).toBe("Must be at most 4000 characters");
    for (const content of ["", "   ", undefined, 12]) {
      expect(sendMessageBodySchema.safeParse({ content }).error?.issues[0]?.message).toBe("Required");
    }
  });

  it("takes base64 attachments up to the size limit", () => {
    const ok = sendMessageBodySchema.parse({
      content: "Plan attached",
      attachments: [{ fileName: " plan.pdf ", contentType: "application/pdf", data: base64(10) }],
    });
    expect(ok.attachments?.[0]?.fileName).toBe("plan.pdf");
    const issue = (attachment: object) =>
      sendMessageBodySchema.safeParse({ content: "a", attachments: [attachment] }).error?.issues[0];
    const good = { fileName: "a.png", contentType: "image/png", data: base64(3) };
    expect(issue(good)).toBeUndefined();
    expect(issue({ ...good, data: "not base64!" })?.message).toBe("Must be base64");
    expect(issue({ ...good, data: "" })?.message).toBe("Must not be empty");
    expect(issue({ ...good, fileName: "../x.png" })?.path).toEqual(["attachments", 0, "fileName"]);
    expect(issue({ ...good, contentType: "png" })?.message).toBe("Must be a content type like image/png");
    expect(issue({ ...good, contentType: "application/zip" })?.message).toBe(
      "Must be one of images, PDF or plain text",
    );
    expect(issue({ ...good, contentType: "text/html" })?.path).toEqual(["attachments", 0, "contentType"]);
    expect(issue({ ...good, data: base64(ATTACHMENT_MAX_BYTES + 1) })?.message).toBe("Must be at most 10 MB");
    expect(issue({ ...good, data: base64(ATTACHMENT_MAX_BYTES) })).toBeUndefined();
  });

  it("takes at most five attachments", () => {
    const attachment = { fileName: "a.png", contentType: "image/png", data: base64(3) };
    expect(sendMessageBodySchema.safeParse({ content: "a", attachments: Array(5).fill(attachment) }).success).toBe(
      true,
    );
    expect(sendMessageBodySchema.safeParse({ content: "a", attachments: Array(6).fill(attachment) }).success).toBe(
      false,
    );
  });
});

describe("the conversations query", () => {
  it("defaults to the first page of 50", () => {
    expect(conversationsQuerySchema.parse({})).toEqual({ page: 1, perPage: 50 });
  });

  it("takes the filters and refuses unknown values", () => {
    expect(
      conversationsQuerySchema.parse({ stage: "won", channel: "sms", status: "open", q: "  acme ", perPage: "100" }),
    ).toMatchObject({ stage: "won", channel: "sms", status: "open", q: "acme", perPage: 100 });
    expect(conversationsQuerySchema.safeParse({ channel: "fax" }).error?.issues[0]?.message).toBe(
      "Must be one of whatsapp, email, phone, sms, web_chat",
    );
    expect(conversationsQuerySchema.safeParse({ status: "closed" }).success).toBe(false);
    expect(conversationsQuerySchema.safeParse({ perPage: "101" }).success).toBe(false);
    expect(conversationsQuerySchema.safeParse({ q: "x".repeat(101) }).error?.issues[0]?.message).toBe(
      "Must be at most 100 characters",
    );
  });
});

describe("the messages query", () => {
  it("takes a cursor and a limit up to 100", () => {
    const before = "2026-11-21T10:30:00.000Z|0b6f3c1e-2a4d-4e8f-9a1b-3c5d7e9f1a2b";
    expect(messagesQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(messagesQuerySchema.parse({ before, limit: "20" })).toEqual({ before, limit: 20 });
    expect(messagesQuerySchema.safeParse({ before: "yesterday" }).success).toBe(false);
    expect(messagesQuerySchema.safeParse({ limit: "0" }).success).toBe(false);
    expect(messagesQuerySchema.safeParse({ limit: "101" }).success).toBe(false);
  });
});
