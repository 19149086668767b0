import { describe, expect, it } from "vitest";
import { messageIdOf, rawHeaderBlock } from "./raw-headers.ts";

const mail = (headers: string, body = "Hello") => Buffer.from(`${headers}\r\n\r\n${body}`);

describe("a raw mail's headers", () => {
  it("reads the Message-ID, folded or not, whatever its case", () => {
    expect(messageIdOf(mail("From: a@b.example\r\nMessage-ID: <abc.123@b.example>"))).toBe("<abc.123@b.example>");
    expect(messageIdOf(mail("message-id:\r\n  <folded@b.example>\r\nSubject: x"))).toBe("<folded@b.example>");
  });

  it("stops at the end of the headers: a Message-ID in the body is not the mail's", () => {
    const id = messageIdOf(mail("From: a@b.example", "Message-ID: <in-body@b.example>"));
    expect(id).toMatch(/^<[0-9a-f]{64}@no-message-id>$/);
    // The same bytes give the same id: a mail without one delivered twice is still taken once.
    expect(messageIdOf(mail("From: a@b.example", "Message-ID: <in-body@b.example>"))).toBe(id);
  });

  it("unfolds continuation lines", () => {
    expect(rawHeaderBlock(mail("Subject: one\r\n two\r\nTo: x@y.example"))).toBe("Subject: one two\r\nTo: x@y.example");
  });
});
