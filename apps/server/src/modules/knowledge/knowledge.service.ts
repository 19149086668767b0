import {
  KNOWLEDGE_LIMITS,
  type KnowledgeEntry,
  type KnowledgeTextEntry,
  type knowledgeEntryPatchSchema,
} from "@foreman/contract";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { recordActivity, staffActor } from "../activities/index.ts";
import type { EventBus } from "../events/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import { sniffKnowledgeFile } from "./extract/sniff.ts";
import {
  deleteEntry,
  findEntry,
  foreignIds,
  insertEntry,
  listEntries,
  toKnowledgeEntry,
  updateEntry,
} from "./knowledge.repository.ts";

export type KnowledgeWriteContext = { db: Db; queue: JobQueue; events: EventBus; companyId: string; userId: string };

const notFound = () => httpError(404, "not_found", "Knowledge base entry not found");

async function checkAssignments(ctx: KnowledgeWriteContext, ids: { employees: string[]; skills: string[] }) {
  const foreign = await foreignIds(ctx.db, ctx.companyId, ids);
  const details = [
    ...foreign.employees.map(() => ({ field: "aiEmployeeIds", message: "Not one of the company's AI employees" })),
    ...foreign.skills.map(() => ({ field: "skillIds", message: "Not one of the company's skills" })),
  ];
  if (details.length)
    throw httpError(422, "validation_failed", "The entry names unknown AI employees or skills", details);
}

/** Stores the entry and queues its indexing in one transaction, records the activity, answers it queued. */
async function create(ctx: KnowledgeWriteContext, values: Parameters<typeof insertEntry>[1]): Promise<KnowledgeEntry> {
  await ctx.queue.prepare();
  const id = await ctx.db.transaction(async (tx) => {
    const entryId = await insertEntry(tx, values);
    await ctx.queue.enqueue(tx, { companyId: ctx.companyId, kind: "knowledge_index", subjectId: entryId });
    await recordActivity(tx, {
      companyId: ctx.companyId,
      kind: "knowledge.created",
      actor: await staffActor(tx, ctx.userId),
      subject: { type: "knowledge_entry", id: entryId },
      summary: `Added “${values.title}” to the knowledge base`,
      details: {},
    });
    return entryId;
  });
  ctx.queue.wake();
  await ctx.events.publish(ctx.companyId, { type: "knowledge.updated", entryId: id, status: "queued", progress: 0 });
  return toKnowledgeEntry((await findEntry(ctx.db, ctx.companyId, id))!);
}

export type UploadedFile = { fileName: string; bytes: Uint8Array };

/**
 * An uploaded file: checked by its content (4xx with the reason, nothing stored), then stored and queued.
 * Nothing is opened or parsed here: the job reads it on a thread of its own, within a budget.
 */
export async function createFileEntry(
  ctx: KnowledgeWriteContext,
  file: UploadedFile,
  fields: { title?: string | undefined; aiEmployeeIds: string[]; skillIds: string[] },
): Promise<KnowledgeEntry> {
  const sniffed = sniffKnowledgeFile(file.fileName, file.bytes);
  const refuse = (reason: string) => httpError(422, "unsupported_file", reason, [{ field: "file", message: reason }]);
  if (!sniffed.ok) throw refuse(sniffed.reason);
  await checkAssignments(ctx, { employees: fields.aiEmployeeIds, skills: fields.skillIds });
  const title = (fields.title?.trim() || file.fileName.replace(/\.[^.]+$/, "")).slice(0, KNOWLEDGE_LIMITS.title);
  return create(ctx, {
    companyId: ctx.companyId,
    title,
    source: "file",
    fileName: file.fileName,
    fileKind: sniffed.kind,
    contentType: sniffed.contentType,
    byteSize: file.bytes.byteLength,
    fileData: file.bytes,
    aiEmployeeIds: fields.aiEmployeeIds,
    skillIds: fields.skillIds,
    createdByUserId: ctx.userId,
  });
}

/** A hand-written question and answer, or a note. */
export async function createTextEntry(ctx: KnowledgeWriteContext, input: KnowledgeTextEntry): Promise<KnowledgeEntry> {
  await checkAssignments(ctx, { employees: input.aiEmployeeIds, skills: input.skillIds });
  const common = {
    companyId: ctx.companyId,
    aiEmployeeIds: input.aiEmployeeIds,
    skillIds: input.skillIds,
    createdByUserId: ctx.userId,
  };
  return input.source === "qa"
    ? create(ctx, {
        ...common,
        source: "qa",
        title: input.title ?? input.question!.slice(0, KNOWLEDGE_LIMITS.title),
        question: input.question!,
        body: input.answer!,
      })
    : create(ctx, { ...common, source: "note", title: input.title!, body: input.body! });
}

export async function getEntries(db: Db, companyId: string) {
  return { entries: (await listEntries(db, companyId)).map(toKnowledgeEntry) };
}

export async function getEntry(db: Db, companyId: string, id: string): Promise<KnowledgeEntry> {
  const row = isUuid(id) ? await findEntry(db, companyId, id) : null;
  if (!row) throw notFound();
  return toKnowledgeEntry(row);
}

export async function patchEntry(
  ctx: KnowledgeWriteContext,
  id: string,
  patch: z.infer<typeof knowledgeEntryPatchSchema>,
): Promise<KnowledgeEntry> {
  const row = isUuid(id) ? await findEntry(ctx.db, ctx.companyId, id) : null;
  if (!row) throw notFound();
  await checkAssignments(ctx, { employees: patch.aiEmployeeIds ?? [], skills: patch.skillIds ?? [] });
  const updated = await updateEntry(ctx.db, id, patch);
  return toKnowledgeEntry(updated!);
}

/** Deletes the entry and its chunks at once: the next search no longer finds them. */
export async function removeEntry(ctx: KnowledgeWriteContext, id: string): Promise<void> {
  const row = isUuid(id) ? await findEntry(ctx.db, ctx.companyId, id) : null;
  if (!row) throw notFound();
  await ctx.db.transaction(async (tx) => {
    await deleteEntry(tx, ctx.companyId, id);
    await recordActivity(tx, {
      companyId: ctx.companyId,
      kind: "knowledge.deleted",
      actor: await staffActor(tx, ctx.userId),
      subject: { type: "knowledge_entry", id },
      summary: `Removed “${row.title}” from the knowledge base`,
      details: {},
    });
  });
  await ctx.events.publish(ctx.companyId, { type: "knowledge.updated", entryId: id, status: "deleted", progress: 100 });
}
