import { KNOWLEDGE_ENTRY_SOURCES, KNOWLEDGE_STATUSES } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { bytea, companyId, createdAt, inList } from "./columns.ts";

// The training centre's knowledge base (modules/knowledge): entries (an uploaded file, or a hand-written
// question and answer or note) and the chunks they are indexed as for full-text search.

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const knowledgeEntries = pgTable(
  "knowledge_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    title: text("title").notNull(),
    source: text("source", { enum: KNOWLEDGE_ENTRY_SOURCES }).notNull(),
    // An uploaded file: what it is (by its content), and the original, served back as it came.
    fileName: text("file_name"),
    fileKind: text("file_kind"),
    contentType: text("content_type"),
    byteSize: integer("byte_size"),
    fileData: bytea("file_data"),
    // A hand-written entry: a question and its answer, or a note's text.
    question: text("question"),
    body: text("body"),
    // For whom: no ids means every AI employee of the company.
    aiEmployeeIds: uuid("ai_employee_ids").array().notNull().default(sql`'{}'::uuid[]`),
    skillIds: uuid("skill_ids").array().notNull().default(sql`'{}'::uuid[]`),
    status: text("status", { enum: KNOWLEDGE_STATUSES }).notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    error: text("error"),
    pages: integer("pages"),
    chunkCount: integer("chunk_count").notNull().default(0),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("knowledge_entries_company_id_created_at_idx").on(t.companyId, t.createdAt),
    check("knowledge_entries_source_check", sql`${t.source} in (${inList(KNOWLEDGE_ENTRY_SOURCES)})`),
    check("knowledge_entries_status_check", sql`${t.status} in (${inList(KNOWLEDGE_STATUSES)})`),
    check("knowledge_entries_progress_check", sql`${t.progress} between 0 and 100`),
  ],
);

export const knowledgeChunks = pgTable(
  "knowledge_chunks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => knowledgeEntries.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    heading: text("heading"),
    text: text("text").notNull(),
    // English and Spanish stems of the heading and text, accents off (see modules/knowledge/README.md).
    search: tsvector("search").notNull(),
  },
  (t) => [
    index("knowledge_chunks_search_idx").using("gin", t.search),
    index("knowledge_chunks_entry_id_position_idx").on(t.entryId, t.position),
    index("knowledge_chunks_company_id_idx").on(t.companyId),
  ],
);

export type KnowledgeEntryRow = typeof knowledgeEntries.$inferSelect;
