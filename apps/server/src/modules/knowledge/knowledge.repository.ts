import type { KnowledgeEntry } from "@foreman/contract";
import { and, desc, eq, getTableColumns, inArray } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import {
  aiEmployees,
  type KnowledgeEntryRow,
  knowledgeChunks,
  knowledgeEntries,
  skills,
} from "#server/db/schema/index.ts";
import type { Chunk } from "./extract/index.ts";
import { chunkVector } from "./search.ts";

/** Every column but the file's bytes (lists never read them). */
const { fileData: _fileData, ...listColumns } = getTableColumns(knowledgeEntries);
export type KnowledgeEntryView = Omit<KnowledgeEntryRow, "fileData">;

export function toKnowledgeEntry(row: KnowledgeEntryView): KnowledgeEntry {
  return {
    id: row.id,
    title: row.title,
    source: row.source,
    fileName: row.fileName,
    fileKind: row.fileKind,
    byteSize: row.byteSize,
    question: row.question,
    body: row.body,
    aiEmployeeIds: row.aiEmployeeIds,
    skillIds: row.skillIds,
    status: row.status,
    progress: row.progress,
    error: row.error,
    pages: row.pages,
    chunkCount: row.chunkCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listEntries(db: Executor, companyId: string): Promise<KnowledgeEntryView[]> {
  return db
    .select(listColumns)
    .from(knowledgeEntries)
    .where(eq(knowledgeEntries.companyId, companyId))
    .orderBy(desc(knowledgeEntries.createdAt), desc(knowledgeEntries.id));
}

export async function findEntry(db: Executor, companyId: string, id: string): Promise<KnowledgeEntryView | null> {
  const [row] = await db
    .select(listColumns)
    .from(knowledgeEntries)
    .where(and(eq(knowledgeEntries.companyId, companyId), eq(knowledgeEntries.id, id)));
  return row ?? null;
}

/** The entry with its file's bytes (the indexing job, the download). */
export async function findEntryWithFile(db: Executor, id: string): Promise<KnowledgeEntryRow | null> {
  const [row] = await db.select().from(knowledgeEntries).where(eq(knowledgeEntries.id, id));
  return row ?? null;
}

export async function insertEntry(db: Executor, values: typeof knowledgeEntries.$inferInsert): Promise<string> {
  const [row] = await db.insert(knowledgeEntries).values(values).returning({ id: knowledgeEntries.id });
  return row!.id;
}

export async function updateEntry(
  db: Executor,
  id: string,
  changes: Partial<Omit<typeof knowledgeEntries.$inferInsert, "id" | "companyId">>,
) {
  const [row] = await db
    .update(knowledgeEntries)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(knowledgeEntries.id, id))
    .returning(listColumns);
  return row ?? null;
}

export async function deleteEntry(db: Executor, companyId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(knowledgeEntries)
    .where(and(eq(knowledgeEntries.companyId, companyId), eq(knowledgeEntries.id, id)))
    .returning({ id: knowledgeEntries.id });
  return rows.length > 0;
}

const CHUNKS_PER_INSERT = 100;

/**
 * Replaces an entry's chunks (a re-index never leaves old and new side by side). In batches of 100: each
 * computes its chunks' search vectors, and, outside a transaction, lets other requests run in between.
 */
export async function replaceChunks(tx: Executor, entry: { id: string; companyId: string }, chunks: Chunk[]) {
  await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.entryId, entry.id));
  for (let start = 0; start < chunks.length; start += CHUNKS_PER_INSERT) {
    await tx.insert(knowledgeChunks).values(
      chunks.slice(start, start + CHUNKS_PER_INSERT).map((chunk) => ({
        companyId: entry.companyId,
        entryId: entry.id,
        position: chunk.position,
        heading: chunk.heading,
        text: chunk.text,
        search: chunkVector(chunk.heading, chunk.text),
      })),
    );
  }
}

/** The ids among `ids` that are not the company's AI employees (or skills). */
export async function foreignIds(db: Executor, companyId: string, ids: { employees: string[]; skills: string[] }) {
  const [employeeRows, skillRows] = await Promise.all([
    ids.employees.length
      ? db
          .select({ id: aiEmployees.id })
          .from(aiEmployees)
          .where(and(eq(aiEmployees.companyId, companyId), inArray(aiEmployees.id, ids.employees)))
      : [],
    ids.skills.length
      ? db
          .select({ id: skills.id })
          .from(skills)
          .where(and(eq(skills.companyId, companyId), inArray(skills.id, ids.skills)))
      : [],
  ]);
  const known = new Set([...employeeRows, ...skillRows].map((row) => row.id));
  return {
    employees: ids.employees.filter((id) => !known.has(id)),
    skills: ids.skills.filter((id) => !known.has(id)),
  };
}
