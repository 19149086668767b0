import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { insertConversations, insertMessages, type NewConversation } from "#server/db/bulk/conversations.ts";
import type { Db } from "#server/db/client.ts";
import { rows } from "./sales-setup.ts";

// Test data for the conversations endpoints: conversations and long threads written through the seed's
// bulk inserts, row counts to prove a refused request wrote nothing, and multipart bodies.

export async function createConversation(
  db: Db,
  companyId: string,
  values: Partial<NewConversation> = {},
): Promise<string> {
  const id = crypto.randomUUID();
  await insertConversations(db, [
    {
      id,
      companyId,
      displayId: randomInt(1, 1_000_000_000),
      inboxId: 1,
      channel: "whatsapp",
      lastActivityAt: new Date("2026-01-01T00:00:00Z"),
      ...values,
    },
  ]);
  return id;
}

/**
 * `count` customer/AI messages one second apart from `start`, except that every fifth and sixth share
 * the fourth's millisecond: the keyset must page through ties without gaps or repeats.
 */
export async function insertThread(
  db: Db,
  companyId: string,
  conversationId: string,
  count: number,
  start = new Date("2026-01-01T00:00:00Z"),
): Promise<void> {
  await insertMessages(
    db,
    Array.from({ length: count }, (_, i) => {
      const second = i % 6 >= 4 ? i - (i % 6) + 3 : i;
      return {
        id: crypto.randomUUID(),
        companyId,
        conversationId,
        senderType: i % 2 === 0 ? ("customer" as const) : ("ai" as const),
        senderName: i % 2 === 0 ? "Carla Customer" : "Ava AI",
        content: `Message ${i + 1}`,
        createdAt: new Date(start.getTime() + second * 1000),
      };
    }),
  );
}

/** Rows of the tables a staff reply writes, and the conversation's state: equal before and after a refused request. */
export async function writeState(db: Db, conversationId: string) {
  const [row] = await rows(
    db,
    sql`select (select count(*)::int from messages) as messages,
        (select count(*)::int from attachments) as attachments,
        (select count(*)::int from activities) as activities,
        (select row_to_json(c)::text from conversations c where c.id = ${conversationId}) as conversation`,
  );
  return row;
}

export type UploadFile = { name: string; type: string; data: Uint8Array };

/** A multipart/form-data body (as a browser's FormData sends it) for app.inject. */
export async function multipartBody(
  fields: Record<string, string>,
  files: UploadFile[] = [],
  fileField = "attachments",
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(fileField, new Blob([file.data], { type: file.type }), file.name);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get("content-type")!,
  };
}
