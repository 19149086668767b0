import { camelizeKeys, type MessagesPage, messagesPageSchema } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAttachmentRows } from "#server/db/bulk/conversations.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { createConversation, insertThread } from "#server/test/conversations-setup.ts";
import { apiHeaders, createMember, issueTokenFor } from "#server/test/fixtures.ts";
import { rows } from "#server/test/sales-setup.ts";

// GET /app/conversations/{id}/messages.json: keyset pages through a 500-message thread (with messages
// sharing a millisecond), attachments with their URLs, and the refusals.

describe("GET /app/conversations/{id}/messages.json", () => {
  let t: TestApp;
  let companyId: string;
  let otherCompanyId: string;
  let token: string;
  let thread: string;
  let empty: string;
  let foreign: string;
  let expectedIds: string[];

  beforeAll(async () => {
    t = await createTestApp();
    const member = await createMember(t.db, "Thread Co");
    const other = await createMember(t.db, "Other Co");
    companyId = member.company.id;
    otherCompanyId = other.company.id;
    token = (await issueTokenFor(t.db, member.user.id)).accessToken;
    thread = await createConversation(t.db, companyId);
    empty = await createConversation(t.db, companyId);
    foreign = await createConversation(t.db, otherCompanyId);
    await insertThread(t.db, companyId, thread, 500);
    await insertThread(t.db, otherCompanyId, foreign, 3);
    expectedIds = (
      await rows(t.db, sql`select id from messages where conversation_id = ${thread} order by created_at, id`)
    ).map((r) => r.id as string);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (id: string, query = "") =>
    t.app.inject({
      method: "GET",
      url: `/app/conversations/${id}/messages.json${query}`,
      headers: apiHeaders(token, companyId),
    });
  const page = async (id: string, query = "") => {
    const response = await get(id, query);
    expect(response.statusCode, response.body).toBe(200);
    const body = camelizeKeys<MessagesPage>(response.json());
    expect(messagesPageSchema.safeParse(body).success).toBe(true);
    return body;
  };

  it.each([50, 100, 7])(
    "reaches all 500 messages in pages of %i, newest page first, without overlaps",
    async (limit) => {
      const pages: string[][] = [];
      let before: string | null = null;
      do {
        const body: MessagesPage = await page(
          thread,
          `?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ""}`,
        );
        pages.push(body.messages.map((m) => m.id));
        // Each page is oldest → newest.
        const times = body.messages.map((m) => Date.parse(m.createdAt!));
        expect(times).toEqual([...times].sort((a, b) => a - b));
        before = body.nextBefore;
      } while (before);
      expect(pages).toHaveLength(Math.ceil(500 / limit));
      expect(pages.slice(0, -1).every((p) => p.length === limit)).toBe(true);
      // Older pages come later; put back in time order they are the whole thread, each message once.
      expect(pages.reverse().flat()).toEqual(expectedIds);
    },
  );

  it("answers the newest page with 50 by default and the message fields", async () => {
    const body = await page(thread);
    expect(body.messages).toHaveLength(50);
    expect(body.messages.map((m) => m.id)).toEqual(expectedIds.slice(-50));
    expect(body.messages.at(-1)).toMatchObject({
      id: expectedIds.at(-1),
      conversationId: thread,
      senderType: "ai",
      senderName: "Ava AI",
      content: "Message 500",
      avatarUrl: null,
      attachments: [],
    });
    expect(body.nextBefore).toBe(`${body.messages[0]!.createdAt}|${body.messages[0]!.id}`);
  });

  it("ends with nextBefore null on the page that reaches the first message", async () => {
    const firstMessages = expectedIds.slice(0, 3);
    const [r] = await rows(
      t.db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at from messages where id = ${expectedIds[3]}`,
    );
    const start = await page(thread, `?limit=3&before=${encodeURIComponent(`${r!.at}|${expectedIds[3]}`)}`);
    expect(start.messages.map((m) => m.id)).toEqual(firstMessages);
    expect(start.nextBefore).toBeNull();
  });

  it("answers an empty page for a conversation without messages", async () => {
    expect(await page(empty)).toEqual({ messages: [], nextBefore: null });
  });

  it("gives attachments their public URLs", async () => {
    const [last] = expectedIds.slice(-1);
    await insertAttachmentRows(t.db, [
      {
        id: crypto.randomUUID(),
        companyId,
        messageId: last!,
        fileName: "floor plan.png",
        contentType: "image/png",
        byteSize: 3,
        accessKey: "k".repeat(43),
        data: new Uint8Array([1, 2, 3]),
      },
    ]);
    const body = await page(thread, "?limit=1");
    const [attachment] = body.messages[0]!.attachments;
    expect(attachment).toMatchObject({ fileName: "floor plan.png", contentType: "image/png", byteSize: 3 });
    expect(attachment!.url).toBe(`/files/${attachment!.id}/${"k".repeat(43)}/floor%20plan.png`);
    const file = await t.app.inject({ method: "GET", url: attachment!.url });
    expect(file.statusCode).toBe(200);
    expect([...file.rawPayload]).toEqual([1, 2, 3]);
  });

  it.each([
    ["another company's conversation", () => foreign],
    ["an unknown id", () => "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d"],
    ["a malformed id", () => "1'; drop table messages; --"],
  ])("answers 404 for %s", async (_, id) => {
    const response = await get(id());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "not_found", error_description: "Conversation not found" });
  });

  it.each([
    ["a cursor without an id", "before=2026-01-01T00:00:00.000Z"],
    ["a cursor with a bad time", `before=${encodeURIComponent(`yesterday|${crypto.randomUUID()}`)}`],
    ["a cursor with a bad id", `before=${encodeURIComponent("2026-01-01T00:00:00.000Z|42")}`],
    ["limit 0", "limit=0"],
    ["limit 101", "limit=101"],
    ["a limit that is not a number", "limit=lots"],
  ])("answers 400 for %s", async (_, query) => {
    const response = await get(thread, `?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "invalid_request" });
  });
});
