import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { APP_SECRET, VERIFY_TOKEN, type WhatsappWorld, whatsappWorld } from "#server/test/whatsapp-setup.ts";
import { inboundMessage, signWebhook } from "../../../../../scripts/whatsapp/fake-graph-api.mjs";

// Meta's deliveries through the real HTTP layer: the handshake, the signature, duplicates, statuses out
// of order, every message type, numbers nobody connected, big bodies, and one company's number never
// writing into another's.

let w: WhatsappWorld;
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

beforeAll(async () => {
  w = await whatsappWorld();
  expect((await w.onboard(w.a, {}, { ai_employee_id: w.a.employee.id })).statusCode).toBe(200);
  const second = w.fake.businesses[1]!;
  expect((await w.onboard(w.b, { phoneNumberId: second.phoneNumberId })).statusCode).toBe(200);
});
afterAll(async () => {
  await w?.close();
});
beforeEach(() => {
  w.fake.reset();
});

const counts = async () =>
  (
    await w.rows<{ messages: number; customers: number; conversations: number }>(sql`
      select (select count(*)::int from messages) as messages, (select count(*)::int from customers) as customers,
             (select count(*)::int from conversations) as conversations`)
  )[0]!;

const messagesOf = (companyId: string, wamid: string) =>
  w.rows<Record<string, unknown>>(
    sql`select m.*, c.channel, c.ai_employee_id as conversation_employee from messages m join conversations c on c.id = m.conversation_id
        where m.company_id = ${companyId} and m.whatsapp_message_id = ${wamid}`,
  );

describe("the verify handshake", () => {
  it("answers the challenge for the right token and 403 otherwise", async () => {
    const get = (token: string) =>
      w.t.app.inject({
        method: "GET",
        url: `/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`,
      });
    const right = await get(VERIFY_TOKEN);
    expect(right.statusCode).toBe(200);
    expect(right.body).toBe("1158201444");
    expect(right.headers["content-type"]).toMatch(/^text\/plain/);
    expect((await get("wrong-token")).statusCode).toBe(403);
    expect((await get(`${VERIFY_TOKEN}x`)).statusCode).toBe(403);
  });
});

describe("deliveries", () => {
  it("refuses a missing or wrong signature and stores nothing", async () => {
    const before = await counts();
    const payload = w.fake.inboundMessage({ from: "5491100000001", text: "unsigned" });
    const none = await w.webhook(payload, "none");
    expect(none.statusCode).toBe(401);
    const bad = await w.webhook(payload, "bad");
    expect(bad.statusCode).toBe(403);
    expect(JSON.stringify(bad.json())).not.toContain(APP_SECRET);
    expect(await counts()).toEqual(before);
  });

  it("stores a message once however often Meta delivers it, for the number's company and employee", async () => {
    const payload = w.fake.inboundMessage({ id: "wamid.once", from: "5491100000002", name: "Lucía", text: "Hola" });
    const first = await w.webhook(payload);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ received: true, stored: 1, duplicates: 0 });
    const again = await Promise.all([w.webhook(payload), w.webhook(payload)]);
    for (const response of again) expect(response.json()).toMatchObject({ stored: 0, duplicates: 1 });
    const stored = await messagesOf(w.a.companyId, "wamid.once");
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      content: "Hola",
      sender_type: "customer",
      sender_name: "Lucía",
      channel: "whatsapp",
      conversation_employee: w.a.employee.id,
    });
    const [customer] = await w.rows(
      sql`select full_name, phone from customers where company_id = ${w.a.companyId} and phone = '+5491100000002'`,
    );
    expect(customer).toEqual({ full_name: "Lucía", phone: "+5491100000002" });
    expect(await messagesOf(w.b.companyId, "wamid.once")).toHaveLength(0);
    await w.settle();
  });

  it("reads every message type, fetching media into attachments", async () => {
    const from = "5491100000003";
    const imageId = w.fake.addMedia({ mimeType: "image/png", data: PNG });
    const docId = w.fake.addMedia({ mimeType: "application/pdf", data: Buffer.from("%PDF-1.4\n%%EOF\n") });
    const audioId = w.fake.addMedia({ mimeType: "audio/ogg", data: Buffer.from("OggS\0\x02rest-of-voice-note") });
    const cases = [
      [{ type: "text", text: "Do you ship to Córdoba?" }, "Do you ship to Córdoba?"],
      [{ type: "image", mediaId: imageId, caption: "this one" }, "📷 Photo: this one"],
      [{ type: "document", mediaId: docId, fileName: "order.pdf" }, "📄 order.pdf"],
      [{ type: "audio", mediaId: audioId }, "🎤 Voice message"],
      [
        {
          type: "location",
          location: { latitude: -34.6, longitude: -58.38, name: "Depot", address: "Av. 9 de Julio" },
        },
        "📍 Depot, Av. 9 de Julio (-34.6, -58.38)",
      ],
      [{ type: "interactive", buttonReply: { id: "yes", title: "Yes, confirm" } }, "Yes, confirm"],
      [{ type: "button", buttonText: "Track my order" }, "Track my order"],
    ] as const;
    for (const [index, [fields, content]] of cases.entries()) {
      const id = `wamid.type.${index}`;
      const response = await w.webhook(w.fake.inboundMessage({ ...fields, id, from }));
      expect(response.json(), fields.type).toMatchObject({ stored: 1 });
      expect((await messagesOf(w.a.companyId, id))[0]?.content, fields.type).toBe(content);
    }
    await w.settle();
    const files = await w.rows<{ content_type: string; file_name: string; byte_size: number }>(sql`
      select a.content_type, a.file_name, a.byte_size from attachments a join messages m on m.id = a.message_id
      where m.company_id = ${w.a.companyId} and m.whatsapp_message_id like 'wamid.type.%' order by m.created_at`);
    expect(files.map((file) => file.content_type)).toEqual(["image/png", "application/pdf", "audio/ogg"]);
    expect(files[1]!.file_name).toBe("order.pdf");
    expect(files[0]!.byte_size).toBe(PNG.byteLength);
  });

  it("stops downloading media once it passes 16 MB, whatever size Meta declared, storing nothing", async () => {
    // 64 MB of a PNG-looking file, declared as 1 KB: the download must stop near the limit.
    const big = w.fake.addMedia({ mimeType: "image/png", size: 64 * 1024 * 1024, declaredSize: 1024 });
    await w.webhook(w.fake.inboundMessage({ id: "wamid.big-png", from: "5491100000007", type: "image", mediaId: big }));
    await w.settle();
    const files = await w.rows(sql`
      select a.id from attachments a join messages m on m.id = a.message_id where m.whatsapp_message_id = 'wamid.big-png'`);
    expect(files).toHaveLength(0);
    const [job] = await w.rows<{ state: string; last_error: string }>(sql`
      select j.state, j.last_error from jobs j join messages m on m.id = j.subject_id
      where j.kind = 'whatsapp_media' and m.whatsapp_message_id = 'wamid.big-png'`);
    expect(job).toEqual({ state: "failed", last_error: "The file is larger than 16 MB" });
    // Not read whole: what the fake had to produce stays near the limit (plus what the sockets buffer).
    expect(w.fake.mediaBytesServed(big)).toBeLessThan(24 * 1024 * 1024);
  });

  it("does not store media whose bytes are not what Meta declared", async () => {
    const fake = w.fake.addMedia({ mimeType: "image/png", data: Buffer.from("<html>not a png</html>") });
    await w.webhook(
      w.fake.inboundMessage({ id: "wamid.fake-png", from: "5491100000004", type: "image", mediaId: fake }),
    );
    await w.settle();
    const files = await w.rows(sql`
      select a.id from attachments a join messages m on m.id = a.message_id where m.whatsapp_message_id = 'wamid.fake-png'`);
    expect(files).toHaveLength(0);
    const [job] = await w.rows<{ state: string; last_error: string }>(sql`
      select j.state, j.last_error from jobs j join messages m on m.id = j.subject_id
      where j.kind = 'whatsapp_media' and m.whatsapp_message_id = 'wamid.fake-png'`);
    expect(job).toEqual({ state: "failed", last_error: "The file was not stored: its content is not image/png" });
  });

  it("ignores a number no company connected, with a 200", async () => {
    const before = await counts();
    const stranger = inboundMessage({
      phoneNumberId: "999999999999999",
      wabaId: "888888888888888",
      displayPhoneNumber: "15550009999",
      from: "5491100000005",
      text: "hello?",
    });
    const response = await w.webhook(stranger);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ stored: 0, ignored: 1 });
    expect(await counts()).toEqual(before);
  });

  it("routes each number to its own company only", async () => {
    const second = w.fake.businesses[1]!;
    const response = await w.webhook(
      w.fake.inboundMessage({
        phoneNumberId: second.phoneNumberId,
        id: "wamid.for-b",
        from: "5491100000002",
        text: "B",
      }),
    );
    expect(response.json()).toMatchObject({ stored: 1 });
    expect(await messagesOf(w.b.companyId, "wamid.for-b")).toHaveLength(1);
    expect(await messagesOf(w.a.companyId, "wamid.for-b")).toHaveLength(0);
    // The same person wrote to both numbers: each company has its own customer record.
    const customers = await w.rows<{ company_id: string }>(
      sql`select company_id from customers where phone = '+5491100000002' order by company_id`,
    );
    expect(new Set(customers.map((c) => c.company_id))).toEqual(new Set([w.a.companyId, w.b.companyId]));
    await w.settle();
  });

  it("accepts a 3 MB delivery", async () => {
    const payload = w.fake.inboundMessage({
      id: "wamid.big",
      from: "5491100000006",
      text: "x".repeat(3 * 1024 * 1024),
    });
    const response = await w.webhook(payload);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.json()).toMatchObject({ stored: 1 });
    await w.settle();
  });

  it("refuses a body that is not JSON or not WhatsApp's, after the signature", async () => {
    const raw = "not json";
    const response = await w.t.app.inject({
      method: "POST",
      url: "/webhooks/whatsapp",
      headers: { "content-type": "application/json", "x-hub-signature-256": signWebhook(APP_SECRET, raw) },
      payload: raw,
    });
    expect(response.statusCode).toBe(400);
    expect((await w.webhook({ object: "page", entry: [] })).statusCode).toBe(400);
  });
});

describe("statuses", () => {
  it("move a sent message forward only, whatever order they arrive in", async () => {
    const [conversation] = await w.rows<{ id: string }>(
      sql`select id from conversations where company_id = ${w.a.companyId} and channel = 'whatsapp' limit 1`,
    );
    const [message] = await w.rows<{ id: string }>(sql`
      insert into messages (company_id, conversation_id, sender_type, sender_name, content, whatsapp_message_id, delivery_status)
      values (${w.a.companyId}, ${conversation!.id}, 'staff', 'Staff', 'Your order shipped', 'wamid.out.1', 'sent') returning id`);
    const status = (value: "sent" | "delivered" | "read" | "failed", errors?: { code: number; title: string }[]) =>
      w.webhook(w.fake.statusUpdate({ wamid: "wamid.out.1", status: value, recipient: "5491100000002", errors }));
    const current = async () =>
      (
        await w.rows<{ delivery_status: string }>(sql`select delivery_status from messages where id = ${message!.id}`)
      )[0]!.delivery_status;
    await status("read");
    expect(await current()).toBe("read");
    await status("delivered");
    await status("sent");
    expect(await current()).toBe("read");
    // Another company cannot move this company's message.
    const second = w.fake.businesses[1]!;
    await w.webhook(
      w.fake.statusUpdate({
        phoneNumberId: second.phoneNumberId,
        wamid: "wamid.out.1",
        status: "failed",
        recipient: "1",
      }),
    );
    expect(await current()).toBe("read");
    await status("failed", [{ code: 131026, title: "Message undeliverable" }]);
    const [failed] = await w.rows(
      sql`select delivery_status, delivery_error_code, delivery_error from messages where id = ${message!.id}`,
    );
    expect(failed).toEqual({
      delivery_status: "failed",
      delivery_error_code: 131026,
      delivery_error: "Message undeliverable",
    });
  });

  it("update a template's review in the WABA's company", async () => {
    const [template] = await w.rows<{ id: string }>(sql`
      insert into whatsapp_templates (company_id, meta_template_id, name, language, category, status, body)
      values (${w.a.companyId}, '4242', 'promo_spring', 'en_US', 'marketing', 'pending_review', 'Spring sale for you')
      returning id`);
    const review = (event: string, reason?: string) =>
      w.webhook(
        w.fake.templateStatusUpdate({
          templateId: "4242",
          name: "promo_spring",
          language: "en_US",
          event: event as "APPROVED",
          reason,
        }),
      );
    await review("REJECTED", "INVALID_FORMAT");
    const read = async () =>
      (await w.rows(sql`select status, rejection_reason from whatsapp_templates where id = ${template!.id}`))[0];
    expect(await read()).toEqual({ status: "rejected", rejection_reason: "INVALID_FORMAT" });
    await review("APPROVED");
    expect(await read()).toEqual({ status: "active", rejection_reason: null });
  });
});
