import type { FastifyBaseLogger } from "fastify";
import type { Db, Executor } from "#server/db/client.ts";
import type { EventBus } from "../events/index.ts";
import type { JobHandler } from "../jobs/index.ts";
// The readers themselves (extract/index.ts and the parsers it loads) run only on the extraction thread.
import { chunkSections } from "./extract/chunk.ts";
import { ExtractionError } from "./extract/errors.ts";
import { type ExtractionBudget, extractInWorker } from "./extract/extract-in-worker.ts";
import type { Section } from "./extract/sections.ts";
import type { KnowledgeFileKind } from "./extract/sniff.ts";
import { findEntryWithFile, replaceChunks, updateEntry } from "./knowledge.repository.ts";

/**
 * Chunks an entry's sections, replaces its chunks with them and marks it indexed; call it in a
 * transaction. The job's last step, and the demo seed's way of indexing its documents synchronously.
 */
export async function storeEntryIndex(
  tx: Executor,
  entry: { id: string; companyId: string },
  extracted: { sections: Section[]; pages: number | null },
): Promise<number> {
  const chunks = chunkSections(extracted.sections);
  await replaceChunks(tx, entry, chunks);
  await updateEntry(tx, entry.id, {
    status: "indexed",
    progress: 100,
    pages: extracted.pages,
    chunkCount: chunks.length,
    error: null,
  });
  return chunks.length;
}

/** Progress is written at most this often while a file is read (each write is an event too). */
const PROGRESS_EVERY_MS = 250;

/**
 * The `knowledge_index` job: reads the entry (a file's text by section, or the hand-written question
 * and answer or note), chunks it and replaces its chunks, announcing progress on the event stream. A
 * file is read on a thread of its own within `budget` (extract/extract-in-worker.ts). A file that cannot
 * be read, or not within its budget, fails the entry with the reason (not retried: it would fail again);
 * anything else is retried by the queue.
 */
export function knowledgeIndexHandler(deps: {
  db: Db;
  events: EventBus;
  log: FastifyBaseLogger;
  budget: ExtractionBudget;
}): JobHandler {
  const { db, events } = deps;
  return async (job) => {
    const entry = await findEntryWithFile(db, job.subjectId);
    if (!entry) return { status: "done" };
    const announce = (status: "extracting" | "indexed" | "failed", progress: number) =>
      events.publish(entry.companyId, { type: "knowledge.updated", entryId: entry.id, status, progress });
    await updateEntry(db, entry.id, { status: "extracting", progress: 5, error: null });
    await announce("extracting", 5);
    let sections: Section[];
    let pages: number | null = null;
    try {
      if (entry.source === "file") {
        let last = 0;
        const kind = entry.fileKind as KnowledgeFileKind;
        const extracted = await extractInWorker(kind, entry.fileData!, deps.budget, (fraction) => {
          const now = Date.now();
          if (now - last < PROGRESS_EVERY_MS) return;
          last = now;
          const progress = 5 + Math.round(fraction * 85);
          void updateEntry(db, entry.id, { progress }).then(() => announce("extracting", progress));
        });
        sections = extracted.sections;
        pages = extracted.pages;
      } else if (entry.source === "qa") {
        sections = [{ heading: entry.question, text: entry.body ?? "" }];
      } else {
        sections = [{ heading: entry.title, text: entry.body ?? "" }];
      }
    } catch (error) {
      if (!(error instanceof ExtractionError)) throw error;
      // The reader's own failure (out of memory, a crash) is for the operator; the entry gets the message.
      if (error.cause)
        deps.log.warn({ err: error.cause, entryId: entry.id }, `knowledge file failed: ${error.message}`);
      await updateEntry(db, entry.id, { status: "failed", progress: 100, error: error.message });
      await announce("failed", 100);
      return { status: "done" };
    }
    // Not one transaction: on PGlite's single connection a large file's chunks would hold every other
    // request for seconds. Written in small batches instead, while the entry is still "extracting", which
    // search never reads; the last write makes it "indexed". A retry starts by deleting what was written.
    await storeEntryIndex(db, entry, { sections, pages });
    await announce("indexed", 100);
    return { status: "done" };
  };
}
