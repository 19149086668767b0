import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitBucketOf } from "#server/lib/rate-limit-buckets.ts";
import { createTestApp } from "#server/test/app.ts";
import { type EmailIntakeWorld, emailIntakeWorld, rawMail } from "#server/test/email-intake-setup.ts";
import { emailWebhookSignature } from "./webhook-signature.ts";

// POST /webhooks/email through the real HTTP layer and database: the signature and its timestamp, the
// size limit, whom a mail is for (the forwarder's header, else the mail's own), duplicates, and one
// company's address never storing into another's. The parsing job is not awaited: what this road
// owes is a stored mail and a queued `email_receive` job.

const SECRET = "test-email-webhook-secret-0123456789";
const MiB = 1024 * 1024;

let w: EmailIntakeWorld;
beforeAll(async () => {
  w = await emailIntakeWorld({ EMAIL_WEBHOOK_SECRET: SECRET });
});
afterAll(async () => {
  await w?.close();
});

const nowSeconds = () => String(Math.floor(Date.now() / 1000));

type Delivery = {
  recipient?: string;
  timestamp?: string;
  signature?: string | null;
  secret?: string;
  contentType?: string | null;
  headers?: Record<string, string>;
};

function deliver(raw: Buffer, options: Delivery = {}) {
  const timestamp = options.timestamp ?? nowSeconds();
  const signature =
    options.signature === undefined
      ? emailWebhookSignature(options.secret ?? SECRET, timestamp, options.recipient ?? "", raw)
      : options.signature;
  const headers: Record<string, string> = { "x-foreman-timestamp": timestamp, ...options.headers };
  if (signature !== null) headers["x-foreman-signature"] = signature;
  if (options.contentType !== null) headers["content-type"] = options.contentType ?? "message/rfc822";
  if (options.recipient !== undefined) headers["x-foreman-recipient"] = options.recipient;
  return w.t.app.inject({ method: "POST", url: "/webhooks/email", headers, payload: raw });
}

const storedCount = async () => (await w.stored()).length;
const expectErrorShape = (body: unknown, error: string) =>
  expect(body).toEqual({ error, error_description: expect.any(String) });

describe("refused deliveries store nothing", () => {
  it("answers 401 without a signature or a timestamp", async () => {
    const before = await storedCount();
    const raw = rawMail({ to: w.a.address });
    const unsigned = await deliver(raw, { recipient: w.a.address, signature: null });
    expect(unsigned.statusCode).toBe(401);
    expectErrorShape(unsigned.json(), "unauthorized");
    const untimed = await w.t.app.inject({
      method: "POST",
      url: "/webhooks/email",
      headers: { "content-type": "message/rfc822", "x-foreman-signature": emailWebhookSignature(SECRET, "", "", raw) },
      payload: raw,
    });
    expect(untimed.statusCode).toBe(401);
    expect(await storedCount()).toBe(before);
  });

  it("answers 403 for a wrong signature, another secret's, one over other bytes, or a stale or garbled timestamp", async () => {
    const before = await storedCount();
    const raw = rawMail({ to: w.a.address });
    const stale = String(Math.floor(Date.now() / 1000) - 6 * 60);
    const future = String(Math.floor(Date.now() / 1000) + 6 * 60);
    const attempts = [
      await deliver(raw, { recipient: w.a.address, signature: "sha256=00" }),
      await deliver(raw, { recipient: w.a.address, signature: "garbage" }),
      await deliver(raw, { recipient: w.a.address, secret: "another-secret-of-enough-length" }),
      await deliver(raw, {
        recipient: w.a.address,
        signature: emailWebhookSignature(SECRET, nowSeconds(), w.a.address, rawMail({ to: w.b.address })),
      }),
      await deliver(raw, { recipient: w.a.address, timestamp: stale }),
      await deliver(raw, { recipient: w.a.address, timestamp: future }),
      await deliver(raw, { recipient: w.a.address, timestamp: "yesterday" }),
      await deliver(raw, { recipient: w.a.address, timestamp: "1e12" }),
    ];
    for (const response of attempts) {
      expect(response.statusCode, response.body).toBe(403);
      expectErrorShape(response.json(), "forbidden");
      expect(response.body).not.toContain(SECRET);
    }
    expect(await storedCount()).toBe(before);
  });

  it("answers 403 for a captured delivery replayed to other addresses: the recipients are signed", async () => {
    const before = await storedCount();
    const raw = rawMail({ to: w.a.address });
    const timestamp = nowSeconds();
    const signedForA = emailWebhookSignature(SECRET, timestamp, w.a.address, raw);
    const replayed = await deliver(raw, { recipient: w.b.address, timestamp, signature: signedForA });
    expect(replayed.statusCode, replayed.body).toBe(403);
    const headerDropped = await deliver(raw, { timestamp, signature: signedForA });
    expect(headerDropped.statusCode, headerDropped.body).toBe(403);
    expect(await storedCount()).toBe(before);
  });

  it("refuses an unsigned or stale delivery before its body is uploaded", async () => {
    await w.t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = w.t.app.server.address() as AddressInfo;
    // Announces 20 MB and sends 1 KB: an answer can only come if the server did not wait for the rest.
    const answer = (headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const outgoing = httpRequest({
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/webhooks/email",
          headers: { "content-type": "message/rfc822", "content-length": String(20 * MiB), ...headers },
        });
        outgoing.on("response", (response) => {
          let body = "";
          response.on("data", (chunk) => {
            body += chunk;
          });
          response.on("end", () => {
            resolve({ status: response.statusCode ?? 0, body });
            outgoing.destroy();
          });
        });
        outgoing.on("error", reject);
        outgoing.write(Buffer.alloc(1024, "a"));
      });
    const unsigned = await answer({});
    expect(unsigned.status).toBe(401);
    const stale = await answer({ "x-foreman-timestamp": "1000000000", "x-foreman-signature": "sha256=00" });
    expect(stale.status).toBe(403);
    expect(JSON.parse(stale.body)).toMatchObject({ error: "forbidden" });
  });

  it("answers 413 in our error shape for a mail over 25 MB, signed or not", async () => {
    const before = await storedCount();
    const huge = Buffer.concat([rawMail({ to: w.a.address }), Buffer.alloc(30 * MiB, "a")]);
    const signed = await deliver(huge, { recipient: w.a.address });
    expect(signed.statusCode).toBe(413);
    expectErrorShape(signed.json(), "payload_too_large");
    expect(await storedCount()).toBe(before);
  });

  it("answers 422 unknown_recipient when no address is ours, and 400 for an empty body", async () => {
    const before = await storedCount();
    const strangers = await deliver(rawMail({ to: "someone@elsewhere.example" }));
    expect(strangers.statusCode).toBe(422);
    expectErrorShape(strangers.json(), "unknown_recipient");
    const unknownHere = await deliver(rawMail({ to: w.a.address }), { recipient: `nobody-here@${w.domain}` });
    expect(unknownHere.statusCode).toBe(422);
    const disabled = await deliver(rawMail({ to: w.disabledAddress }));
    expect(disabled.statusCode).toBe(422);
    const madeUpToken = await deliver(rawMail({ to: `reply+${"z".repeat(32)}@${w.domain}` }));
    expect(madeUpToken.statusCode).toBe(422);
    const empty = await deliver(Buffer.alloc(0), { recipient: w.a.address });
    expect(empty.statusCode).toBe(400);
    expectErrorShape(empty.json(), "invalid_request");
    expect(await storedCount()).toBe(before);
  });

  it("answers garbage below 500 in our error shape", async () => {
    const before = await storedCount();
    const junk = Buffer.from([0x00, 0xff, 0xfe, 0x0d, 0x0a, 0x0d, 0x0a, 0x80, 0x81]);
    const manyRecipients = Array.from({ length: 5000 }, (_, i) => `x${i}@${"a".repeat(60)}.example`).join(",");
    const answers = [
      await deliver(junk),
      await deliver(junk, { contentType: "application/json" }),
      await deliver(Buffer.from('{"to": "x"}'), { contentType: "application/json" }),
      await deliver(Buffer.from("to=x&from=y"), { contentType: "application/x-www-form-urlencoded" }),
      await deliver(junk, { recipient: manyRecipients }),
      await deliver(Buffer.from(`To: ${"a".repeat(200_000)}\r\n\r\nhi`)),
      await deliver(junk, { contentType: "multipart/form-data; boundary=x" }),
    ];
    for (const response of answers) {
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.json()).toMatchObject({ error: expect.any(String) });
    }
    expect(await storedCount()).toBe(before);
  });
});

describe("accepted deliveries", () => {
  it("stores a signed mail once for its company, queues its parsing, and answers a second delivery as a duplicate", async () => {
    const messageId = "<once@customer.example>";
    const raw = rawMail({ to: w.a.address, messageId });
    const first = await deliver(raw, { recipient: w.a.address });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toEqual({ accepted: 1, duplicate: false });

    const again = await deliver(raw, { recipient: w.a.address });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ accepted: 0, duplicate: true });

    const stored = (await w.stored()).filter((row) => row.headerMessageId === messageId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      companyId: w.a.companyId,
      emailChannelId: w.a.channelId,
      transport: "webhook",
      recipient: w.a.address,
      byteSize: raw.byteLength,
    });
    expect(Buffer.from(stored[0]!.raw).equals(raw)).toBe(true);
    const queued = await w.receiveJobs([stored[0]!.id]);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ companyId: w.a.companyId, kind: "email_receive" });
  });

  it("reads the recipients from the mail's own headers when the forwarder names none, with any media type or none", async () => {
    const delivered = rawMail({
      to: "Sales <sales@shop.example>",
      messageId: "<headers@customer.example>",
      extraHeaders: [`Delivered-To: ${w.a.address}`],
    });
    const byDeliveredTo = await deliver(delivered, { contentType: "application/octet-stream" });
    expect(byDeliveredTo.statusCode, byDeliveredTo.body).toBe(202);

    const folded = rawMail({
      to: `"Acme, Support" <support@shop.example>,\r\n  "Acme Inbound" <${w.a.address}>`,
      messageId: "<folded@customer.example>",
    });
    const byFoldedTo = await deliver(folded, { contentType: null });
    expect(byFoldedTo.statusCode, byFoldedTo.body).toBe(202);

    const copied = rawMail({
      to: "someone@elsewhere.example",
      messageId: "<cc@customer.example>",
      extraHeaders: [`Cc: ${w.a.address.toUpperCase()}`],
    });
    const byCc = await deliver(copied, { contentType: "text/plain" });
    expect(byCc.statusCode, byCc.body).toBe(202);

    const ids = ["<headers@customer.example>", "<folded@customer.example>", "<cc@customer.example>"];
    const stored = (await w.stored()).filter((row) => ids.includes(row.headerMessageId));
    expect(stored.map((row) => row.companyId)).toEqual([w.a.companyId, w.a.companyId, w.a.companyId]);
  });

  it("takes a reply to a conversation's reply address into that conversation's company and channel", async () => {
    const raw = rawMail({ to: w.a.replyAddress, messageId: "<reply@customer.example>" });
    const response = await deliver(raw, { recipient: w.a.replyAddress });
    expect(response.statusCode, response.body).toBe(202);
    const stored = (await w.stored()).filter((row) => row.headerMessageId === "<reply@customer.example>");
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      companyId: w.a.companyId,
      emailChannelId: w.a.channelId,
      recipient: w.a.replyAddress,
    });
  });

  it("stores company A's mail in A only, and a mail to both companies once in each", async () => {
    const onlyA = rawMail({ to: w.a.address, messageId: "<only-a@customer.example>" });
    expect((await deliver(onlyA, { recipient: w.a.address })).statusCode).toBe(202);
    const rowsOnlyA = (await w.stored()).filter((row) => row.headerMessageId === "<only-a@customer.example>");
    expect(rowsOnlyA.map((row) => row.companyId)).toEqual([w.a.companyId]);

    const both = rawMail({ to: `${w.a.address}, ${w.b.address}`, messageId: "<both@customer.example>" });
    const response = await deliver(both, { recipient: `${w.a.address}, ${w.b.address}, ${w.a.replyAddress}` });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ accepted: 2, duplicate: false });
    const rowsBoth = (await w.stored()).filter((row) => row.headerMessageId === "<both@customer.example>");
    expect(rowsBoth.map((row) => [row.companyId, row.emailChannelId]).sort()).toEqual(
      [
        [w.a.companyId, w.a.channelId],
        [w.b.companyId, w.b.channelId],
      ].sort(),
    );
  });
});

describe("the route's rate limit", () => {
  it("counts in the webhooks bucket: a forwarder posts every company's mail from a few addresses", () => {
    expect(rateLimitBucketOf("POST", "/webhooks/email")).toBe("webhooks");
  });
});

describe("a server without EMAIL_WEBHOOK_SECRET", () => {
  it("answers 404 and stores nothing", async () => {
    const t = await createTestApp();
    try {
      const raw = rawMail({ to: w.a.address });
      const timestamp = nowSeconds();
      const response = await t.app.inject({
        method: "POST",
        url: "/webhooks/email",
        headers: {
          "content-type": "message/rfc822",
          "x-foreman-timestamp": timestamp,
          "x-foreman-signature": emailWebhookSignature(SECRET, timestamp, w.a.address, raw),
          "x-foreman-recipient": w.a.address,
        },
        payload: raw,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: "not_found",
        error_description: "Inbound mail by webhook is not configured on this server",
      });
    } finally {
      await t.close();
    }
  });
});
