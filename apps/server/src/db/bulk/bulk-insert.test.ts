import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#server/test/database.ts";
import { attachments, companies, conversations, messages, tasks } from "../schema/index.ts";
import { bulkInsert } from "./bulk-insert.ts";

const COMPANY = "00000000-0000-4000-8000-000000000001";
const CONVERSATION = "00000000-0000-4000-8000-000000000002";
const MESSAGE = "00000000-0000-4000-8000-000000000003";

describe("bulkInsert", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(companies).values({ id: COMPANY, name: "Acme" });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("inserts rows in chunks, with defaults for the columns no row sets", async () => {
    const rows = Array.from({ length: 5003 }, (_, index) => ({
      companyId: COMPANY,
      displayId: index + 1,
      inboxId: 1,
      channel: "sms" as const,
      customerId: null,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
    }));
    await bulkInsert(database.db, conversations, rows);
    const [first] = await database.db.select().from(conversations).where(eq(conversations.displayId, 1));
    expect(first).toMatchObject({ status: "open", handledBy: "ai", customerId: null });
    expect(first!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first!.createdAt).toEqual(new Date("2026-01-01T00:00:00Z"));
    const result = (await database.db.execute(sql`select count(*)::int as n from conversations`)) as unknown as {
      rows: { n: number }[];
    };
    expect(result.rows[0]!.n).toBe(5003);
  });

  it("does nothing for no rows", async () => {
    await bulkInsert(database.db, tasks, []);
    expect(await database.db.select().from(tasks)).toEqual([]);
  });

  it("carries bytes, text arrays and times through the JSON document", async () => {
    await bulkInsert(database.db, conversations, [
      { id: CONVERSATION, companyId: COMPANY, displayId: 9999, inboxId: 1, channel: "email" },
    ]);
    await bulkInsert(database.db, messages, [
      {
        id: MESSAGE,
        companyId: COMPANY,
        conversationId: CONVERSATION,
        senderType: "customer",
        senderName: "Ana",
        content: 'Quotes " and \\ backslashes, ünïcödé, emoji 📦',
        createdAt: new Date("2026-01-02T03:04:05.678Z"),
      },
    ]);
    const bytes = new Uint8Array(256).map((_, index) => index);
    await bulkInsert(database.db, attachments, [
      {
        companyId: COMPANY,
        messageId: MESSAGE,
        fileName: "all-bytes.bin",
        contentType: "application/octet-stream",
        byteSize: bytes.byteLength,
        accessKey: "key",
        data: bytes,
      },
    ]);
    await bulkInsert(database.db, tasks, [
      {
        companyId: COMPANY,
        actionType: "question",
        title: "Saturday delivery?",
        question: "Can we deliver on Saturday?",
        dueAt: new Date("2026-01-03T00:00:00Z"),
        assignableType: "Conversation",
        assignableId: CONVERSATION,
        conversationId: CONVERSATION,
        tags: ["delivery", "weekend, urgent"],
      },
    ]);
    const [message] = await database.db.select().from(messages);
    expect(message).toMatchObject({
      content: 'Quotes " and \\ backslashes, ünïcödé, emoji 📦',
      createdAt: new Date("2026-01-02T03:04:05.678Z"),
    });
    const [attachment] = await database.db.select().from(attachments);
    expect(Buffer.from(attachment!.data)).toEqual(Buffer.from(bytes));
    // The bytea column works through plain drizzle inserts too, on both drivers.
    await database.db.insert(attachments).values({
      companyId: COMPANY,
      messageId: MESSAGE,
      fileName: "b.bin",
      contentType: "application/octet-stream",
      byteSize: 3,
      accessKey: "key",
      data: Buffer.from([7, 8, 9]),
    });
    const [second] = await database.db.select().from(attachments).where(eq(attachments.fileName, "b.bin"));
    expect([...second!.data]).toEqual([7, 8, 9]);
    const [task] = await database.db.select().from(tasks).orderBy(asc(tasks.createdAt));
    expect(task).toMatchObject({ tags: ["delivery", "weekend, urgent"], state: "to_do", type: "Tasks::HumanResponse" });
  });
});
