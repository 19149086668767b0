import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "#server/prepare-database.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { createMember } from "#server/test/fixtures.ts";
import { rows } from "#server/test/sales-setup.ts";

// The first customer message and the first reply after it, kept on the conversation by the trigger on
// messages (migration 0022) so the per-employee first-reply figure never reads the messages. Messages
// go in here as raw SQL, in any order and several per statement, as seeds and imports write them.

describe("a conversation's first customer message and first reply", () => {
  let t: TestApp;
  let companyId: string;
  let displayId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await prepareDatabase(t.database, { seedDemo: true });
    companyId = (await createMember(t.db, "Reply Times Co")).company.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const at = (minutes: number) => new Date(Date.UTC(2026, 2, 2, 9, minutes)).toISOString();

  async function conversation(): Promise<string> {
    displayId += 1;
    const [row] = await rows(
      t.db,
      sql`insert into conversations (company_id, display_id, inbox_id, channel, created_at)
          values (${companyId}, ${displayId}, 1, 'email', ${at(0)}) returning id`,
    );
    return String(row!.id);
  }

  /** Inserts the messages in one statement: [sender, minutes after 9:00]. */
  async function write(conversationId: string, messages: ["customer" | "ai" | "staff", number][]) {
    const values = sql.join(
      messages.map(
        ([sender, minutes]) =>
          sql`(${companyId}, ${conversationId}, ${sender}, ${sender}, 'hi', ${at(minutes)}::timestamptz)`,
      ),
      sql`, `,
    );
    await t.db.execute(
      sql`insert into messages (company_id, conversation_id, sender_type, sender_name, content, created_at) values ${values}`,
    );
  }

  async function stored(conversationId: string) {
    const [row] = await rows(
      t.db,
      sql`select first_customer_message_at as asked, first_reply_at as replied from conversations where id = ${conversationId}`,
    );
    const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());
    return { asked: iso(row!.asked), replied: iso(row!.replied) };
  }

  it("sets both when the customer writes and the AI employee answers", async () => {
    const id = await conversation();
    await write(id, [["customer", 1]]);
    expect(await stored(id)).toEqual({ asked: at(1), replied: null });
    await write(id, [["ai", 3]]);
    expect(await stored(id)).toEqual({ asked: at(1), replied: at(3) });
    // Later messages change nothing.
    await write(id, [
      ["customer", 5],
      ["staff", 6],
    ]);
    expect(await stored(id)).toEqual({ asked: at(1), replied: at(3) });
  });

  it("does not count a greeting sent before the customer's first message as the reply", async () => {
    const id = await conversation();
    await write(id, [
      ["ai", 0],
      ["customer", 2],
      ["customer", 4],
      ["staff", 7],
    ]);
    expect(await stored(id)).toEqual({ asked: at(2), replied: at(7) });
  });

  it("moves both when an older message arrives late, and when a message is deleted", async () => {
    const id = await conversation();
    await write(id, [
      ["customer", 10],
      ["ai", 12],
    ]);
    await write(id, [
      ["customer", 4],
      ["staff", 6],
    ]);
    expect(await stored(id)).toEqual({ asked: at(4), replied: at(6) });
    await t.db.execute(sql`delete from messages where conversation_id = ${id} and sender_type = 'staff'`);
    expect(await stored(id)).toEqual({ asked: at(4), replied: at(12) });
    await t.db.execute(sql`delete from messages where conversation_id = ${id}`);
    expect(await stored(id)).toEqual({ asked: null, replied: null });
  });

  it("agrees with the messages for every conversation of the demo", async () => {
    const mismatches = await rows(
      t.db,
      sql`select c.id from conversations c
          left join lateral (select min(created_at) as at from messages m where m.conversation_id = c.id and m.sender_type = 'customer') fc on true
          left join lateral (select min(created_at) as at from messages m where m.conversation_id = c.id and m.sender_type <> 'customer' and m.created_at >= fc.at) fr on true
          where c.first_customer_message_at is distinct from fc.at or c.first_reply_at is distinct from fr.at`,
    );
    const [{ answered } = {}] = await rows(
      t.db,
      sql`select count(*)::int as answered from conversations where first_reply_at is not null`,
    );
    expect(mismatches).toEqual([]);
    expect(Number(answered)).toBeGreaterThan(100);
  });
});
