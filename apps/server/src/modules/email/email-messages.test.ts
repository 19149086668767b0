import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inboundEmails, messages } from "#server/db/schema/index.ts";
import { addMember, apiHeaders, createUser, issueTokenFor } from "#server/test/fixtures.ts";
import { rows, type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";

// The original of a customer's mail, for staff, through the real HTTP layer: the stored bytes exactly,
// as a download the browser never renders, to the company's members only.

describe("a customer mail's original (.eml)", () => {
  let w: TasksWorld;
  let memberHeaders: Record<string, string>;
  beforeAll(async () => {
    w = await tasksWorld();
    const member = await createUser(w.t.db);
    await addMember(w.t.db, member.id, w.a.companyId, "member");
    memberHeaders = apiHeaders((await issueTokenFor(w.t.db, member.id)).accessToken, w.a.companyId);
  });
  afterAll(async () => {
    await w.t.close();
  });

  const original = (id: string, headers = w.a.headers) =>
    w.t.app.inject({ url: `/app/email_messages/${id}/original.eml`, headers });

  it("answers the mail as it was stored, as a message/rfc822 download", async () => {
    for (const headers of [w.a.headers, memberHeaders]) {
      const response = await original(w.a.emailMessage.id, headers);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["content-type"]).toBe("message/rfc822");
      expect(response.headers["content-disposition"]).toBe(
        `attachment; filename="message-${w.a.emailMessage.id.slice(0, 8)}.eml"`,
      );
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.rawPayload.equals(Buffer.from(w.a.emailMessage.raw))).toBe(true);
    }
  });

  it("gives back every byte, whatever the bytes are (8-bit text, NUL, any value)", async () => {
    const bytes = Buffer.concat([
      Buffer.from("From: x@example.com\r\nSubject: =?iso-8859-1?q?Caf=E9?=\r\n\r\nCaf", "latin1"),
      Buffer.from([0xe9, 0x00, 0xff, 0x0d, 0x0a]),
      randomBytes(64 * 1024),
    ]);
    const [message] = await w.t.db
      .insert(messages)
      .values({
        companyId: w.a.companyId,
        conversationId: w.a.emailMessage.conversationId,
        senderType: "customer",
        senderName: "Binary sender",
        content: "Café",
      })
      .returning({ id: messages.id });
    await w.t.db.insert(inboundEmails).values({
      companyId: w.a.companyId,
      emailChannelId: w.a.emailChannel.id,
      headerMessageId: "<binary@example.com>",
      transport: "webhook",
      recipient: `${w.a.emailChannel.inboundLocal}@mail.foreman.localhost`,
      raw: bytes,
      byteSize: bytes.byteLength,
      state: "stored",
      messageId: message!.id,
    });
    const response = await original(message!.id);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.byteLength).toBe(bytes.byteLength);
    expect(response.rawPayload.equals(bytes)).toBe(true);
  });

  it("is a 404 for another company's mail, a message that came by no mail, and a made-up id", async () => {
    const foreign = await original(w.b.emailMessage.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: "not_found", error_description: "Original mail not found" });
    expect(foreign.body).not.toContain("Bravo");
    const [chatMessage] = await rows(
      w.t.db,
      sql`select id from messages where conversation_id = ${w.a.conversation.id} limit 1`,
    );
    expect((await original(String(chatMessage!.id))).statusCode).toBe(404);
    expect((await original("7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d")).statusCode).toBe(404);
    expect((await original("not-a-uuid")).statusCode).toBe(404);
    // Bravo's own member gets Bravo's.
    expect((await original(w.b.emailMessage.id, w.b.headers)).statusCode).toBe(200);
  });
});
