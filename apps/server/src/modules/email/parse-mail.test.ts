import { INBOUND_MAIL_LIMITS } from "@foreman/contract";
import MailComposer, { type MailComposerOptions } from "nodemailer/lib/mail-composer";
import { describe, expect, it } from "vitest";
import { HTML_MAX_LENGTH, parseMail, UnreadableMailError } from "./parse-mail.ts";

// Reading a raw mail as senders really write them (built by nodemailer's composer, or by hand where a
// composer would not write something broken): addresses, thread ids, the new text apart from what it
// quotes, sanitized HTML, the files kept and refused, and the bounds on everything.

const compose = (options: MailComposerOptions) =>
  new MailComposer({ from: "Grace Hopper <Grace@Customer.Example>", to: "acme-k2m9x4@mail.foreman.test", ...options })
    .compile()
    .build();

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e80000000049454e44ae426082",
  "hex",
);
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0x90)]);

describe("parseMail", () => {
  it("reads the addresses, the subject and the thread's ids", async () => {
    const mail = await parseMail(
      await compose({
        to: "acme-k2m9x4@mail.foreman.test, Ops Team <OPS@shop.example>",
        cc: "Ana <ana@customer.example>",
        subject: "Re:  Pallet jack\r\n price",
        messageId: "<c-2@customer.example>",
        inReplyTo: "<ours-1@acme.example>",
        references: ["<c-0@customer.example>", "<ours-1@acme.example>"],
        text: "Two of them, please.",
      }),
    );
    expect(mail).toMatchObject({
      messageId: "<c-2@customer.example>",
      inReplyTo: "<ours-1@acme.example>",
      references: ["<c-0@customer.example>", "<ours-1@acme.example>"],
      subject: "Re: Pallet jack price",
      from: { address: "grace@customer.example", name: "Grace Hopper" },
      to: [
        { address: "acme-k2m9x4@mail.foreman.test", name: "" },
        { address: "ops@shop.example", name: "Ops Team" },
      ],
      cc: [{ address: "ana@customer.example", name: "Ana" }],
      newText: "Two of them, please.",
      quotedText: null,
      html: null,
      attachments: [],
      skippedAttachments: [],
    });
  });

  it("cuts the quoted history and the signature from the new text, and keeps them apart", async () => {
    const mail = await parseMail(
      await compose({
        text:
          "Yes, please send two.\n\nBest regards,\nGrace\n\n" +
          "On Mon, 3 Nov 2025 at 10:00, Acme Support <support@acme.example> wrote:\n> Hello Grace,\n> a pallet jack is $300.\n",
      }),
    );
    expect(mail.newText).toBe("Yes, please send two.");
    expect(mail.quotedText).toContain("Best regards,\nGrace");
    expect(mail.quotedText).toContain("> a pallet jack is $300.");
  });

  it("keeps a mail that is all quote whole, rather than leaving nothing", async () => {
    const text = "On Mon, 3 Nov 2025 at 10:00, Acme <support@acme.example> wrote:\n> Forwarding this.";
    const mail = await parseMail(await compose({ text }));
    expect(mail.newText).toBe(text);
    expect(mail.quotedText).toBeNull();
  });

  it("takes a text the reply parser would choke on whole, within its time budget", async () => {
    // A line shape the parser's patterns backtrack on: minutes of work on the server's own thread.
    const text = `Hello,\n${"abc. x skrev\n".repeat(3000)}`;
    const started = Date.now();
    const mail = await parseMail(await compose({ text }));
    expect(mail.newText).toBe(text.trim());
    expect(mail.quotedText).toBeNull();
    expect(Date.now() - started).toBeLessThan(30_000);
    // The stuck thread was ended; the next mail gets a new one and is split as usual.
    const next = await parseMail(await compose({ text: "Yes, please.\n\nOn Mon, Ana wrote:\n> Shall I send it?\n" }));
    expect(next.newText).toBe("Yes, please.");
    expect(next.quotedText).toContain("Shall I send it?");
  });

  it("reads an HTML-only mail: the text from its HTML, the HTML sanitized", async () => {
    const mail = await parseMail(
      await compose({
        html:
          '<html><head><style>p{}</style></head><body><p onclick="x()">Do you <b>ship</b> to Lisbon?</p>' +
          '<script>alert(1)</script><img src="https://track.example/open.gif"><a href="javascript:alert(1)">x</a></body></html>',
      }),
    );
    expect(mail.newText).toMatch(/^Do you ship to Lisbon\?/);
    expect(mail.html).toBe(
      '<p>Do you <b>ship</b> to Lisbon?</p><a rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(mail.remoteImagesDropped).toBe(1);
  });

  it("keeps no HTML too long to show (the original has it), and cuts a very long text", async () => {
    const long = `<p>${"a".repeat(HTML_MAX_LENGTH)}</p>`;
    const text = "b".repeat(INBOUND_MAIL_LIMITS.textLength + 500);
    const mail = await parseMail(await compose({ text, html: long }));
    expect(mail.html).toBeNull();
    expect(mail.newText).toHaveLength(INBOUND_MAIL_LIMITS.textLength);
  });

  it("strips the NUL bytes Postgres refuses, from the text and the headers", async () => {
    const raw = Buffer.from(
      [
        "From: Gr\u0000ace <grace@customer.example>",
        "To: acme-k2m9x4@mail.foreman.test",
        "Subject: Hi\u0000 there",
        "Message-ID: <nul@customer.example>",
        "Content-Type: text/plain; charset=utf-8",
        "",
        "Line one\u0000\u0000 and two",
        "",
      ].join("\r\n"),
      "latin1",
    );
    const mail = await parseMail(raw);
    expect(mail.subject).toBe("Hi there");
    expect(mail.newText).toBe("Line one and two");
    expect(JSON.stringify(mail)).not.toContain("\\u0000");
  });

  it("keeps real files, and refuses a renamed program, unchecked types and too many, saying which", async () => {
    const mail = await parseMail(
      await compose({
        text: "Files attached.",
        attachments: [
          { filename: "order.pdf", content: PDF, contentType: "application/pdf" },
          { filename: "setup.pdf", content: EXE, contentType: "application/pdf" },
          { filename: "setup.exe", content: EXE },
          { filename: "../../etc/photo.png", content: PNG },
          ...Array.from({ length: 10 }, (_, i) => ({ filename: `note-${i}.txt`, content: `note ${i}` })),
        ],
      }),
    );
    expect(mail.attachments.map((file) => [file.fileName, file.contentType])).toEqual([
      ["order.pdf", "application/pdf"],
      [".._.._etc_photo.png", "image/png"],
      ...Array.from({ length: 8 }, (_, i) => [`note-${i}.txt`, "text/plain"]),
    ]);
    expect(mail.attachments[0]!.data.equals(PDF)).toBe(true);
    expect(mail.skippedAttachments).toEqual([
      "setup.pdf: not what it claims to be",
      "setup.exe: not a file type we accept",
      "note-8.txt: more than 10 attachments",
      "note-9.txt: more than 10 attachments",
    ]);
  });

  it("keeps the headers loop protection reads, unfolded", async () => {
    const mail = await parseMail(
      await compose({
        text: "I am away until Monday.",
        headers: {
          "Auto-Submitted": "auto-replied",
          "X-Autoreply": "yes",
          Precedence: "bulk",
          "List-Id": "News <news.shop.example>",
          "List-Unsubscribe": "<https://shop.example/leave>,\r\n <mailto:leave@shop.example>",
        },
      }),
    );
    expect(mail.loopHeaders).toMatchObject({
      "auto-submitted": "auto-replied",
      "x-autoreply": "yes",
      precedence: "bulk",
      "list-id": "News <news.shop.example>",
      "list-unsubscribe": "<https://shop.example/leave>, <mailto:leave@shop.example>",
    });
    expect(mail.loopHeaders["content-type"]).toMatch(/^text\/plain/);
  });

  it("refuses a mail that names no sender", async () => {
    const raw = Buffer.from("To: acme-k2m9x4@mail.foreman.test\r\nSubject: x\r\n\r\nHello\r\n");
    await expect(parseMail(raw)).rejects.toThrow(UnreadableMailError);
    await expect(parseMail(Buffer.from("From: not an address\r\n\r\nHi"))).rejects.toThrow(/no sender/);
  });
});
