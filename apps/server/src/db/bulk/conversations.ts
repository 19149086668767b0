import type { Executor } from "#server/db/client.ts";
import { attachments, conversations, messages } from "#server/db/schema/index.ts";
import { bulkInsert } from "./bulk-insert.ts";

// Bulk inserts of conversations, messages and attachments, for the demo seed and the benchmarks (see
// bulkInsert). Conversations whose messages are inserted this way must get their `last_activity_at`,
// `status` and `handled_by` from the caller: nothing here derives them.

export type NewConversation = typeof conversations.$inferInsert;
export type NewMessage = typeof messages.$inferInsert;
export type NewAttachment = typeof attachments.$inferInsert;

export const insertConversations = (db: Executor, rows: NewConversation[]) => bulkInsert(db, conversations, rows);
export const insertMessages = (db: Executor, rows: NewMessage[]) => bulkInsert(db, messages, rows);
export const insertAttachmentRows = (db: Executor, rows: NewAttachment[]) => bulkInsert(db, attachments, rows);
