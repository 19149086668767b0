// The training centre's knowledge base: what staff upload or write so the AI employees can answer from it.
import { z } from "zod";

export const KNOWLEDGE_ENTRY_SOURCES = ["file", "qa", "note"] as const;
export type KnowledgeEntrySource = (typeof KNOWLEDGE_ENTRY_SOURCES)[number];

/** queued → extracting → indexed, or failed with the reason. */
export const KNOWLEDGE_STATUSES = ["queued", "extracting", "indexed", "failed"] as const;
/** What a live `knowledge.updated` event says of an entry: a status, or that it was deleted. */
export const KNOWLEDGE_EVENT_STATUSES = [...KNOWLEDGE_STATUSES, "deleted"] as const;
export type KnowledgeEventStatus = (typeof KNOWLEDGE_EVENT_STATUSES)[number];
export type KnowledgeStatus = (typeof KNOWLEDGE_STATUSES)[number];

export const KNOWLEDGE_LIMITS = {
  title: 200,
  question: 1000,
  body: 50_000,
  fileBytes: 20 * 1024 * 1024,
  query: 500,
  /** Passages a search answers. */
  passages: 5,
  employees: 200,
} as const;

const idList = z.array(z.uuid({ error: "Must be an id" })).max(KNOWLEDGE_LIMITS.employees);

const title = z
  .string({ error: "Title is required" })
  .trim()
  .min(1, { error: "Title is required" })
  .max(KNOWLEDGE_LIMITS.title, { error: `Title must be at most ${KNOWLEDGE_LIMITS.title} characters` });

/**
 * A hand-written entry: a question and its answer (`source: "qa"`: question, answer, optional title), or
 * a titled note (`source: "note"`: title, body). One object rather than a union, so the API documents
 * every field and a validation error names the one that is missing.
 */
export const knowledgeTextEntrySchema = z
  .object({
    source: z.enum(["qa", "note"], { error: "source must be qa or note" }),
    title: title.optional(),
    question: z.string().trim().min(1, { error: "Question is required" }).max(KNOWLEDGE_LIMITS.question).optional(),
    answer: z.string().trim().min(1, { error: "Answer is required" }).max(KNOWLEDGE_LIMITS.body).optional(),
    body: z.string().trim().min(1, { error: "Text is required" }).max(KNOWLEDGE_LIMITS.body).optional(),
    aiEmployeeIds: idList.default([]),
    skillIds: idList.default([]),
  })
  .superRefine((entry, context) => {
    const need = (field: "question" | "answer" | "title" | "body", message: string) => {
      if (entry[field] === undefined) context.addIssue({ code: "custom", path: [field], message });
    };
    if (entry.source === "qa") {
      need("question", "Question is required");
      need("answer", "Answer is required");
    } else {
      need("title", "Title is required");
      need("body", "Text is required");
    }
  });
export type KnowledgeTextEntry = z.infer<typeof knowledgeTextEntrySchema>;

export const knowledgeEntryPatchSchema = z.object({
  title: title.optional(),
  aiEmployeeIds: idList.optional(),
  skillIds: idList.optional(),
});

export const knowledgeEntrySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  source: z.enum(KNOWLEDGE_ENTRY_SOURCES),
  fileName: z.string().nullable(),
  fileKind: z.string().nullable(),
  byteSize: z.number().int().nullable(),
  question: z.string().nullable(),
  body: z.string().nullable(),
  aiEmployeeIds: z.array(z.uuid()),
  skillIds: z.array(z.uuid()),
  status: z.enum(KNOWLEDGE_STATUSES),
  progress: z.number().int(),
  error: z.string().nullable(),
  pages: z.number().int().nullable(),
  chunkCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KnowledgeEntry = z.infer<typeof knowledgeEntrySchema>;

export const knowledgeSearchInputSchema = z.object({
  query: z
    .string({ error: "Query is required" })
    .trim()
    .min(1, { error: "Query is required" })
    .max(KNOWLEDGE_LIMITS.query, { error: `Query must be at most ${KNOWLEDGE_LIMITS.query} characters` }),
  aiEmployeeId: z.uuid({ error: "Must be an AI employee's id" }).optional(),
});

export const knowledgePassageSchema = z.object({
  entryId: z.uuid(),
  title: z.string(),
  heading: z.string().nullable(),
  text: z.string(),
  rank: z.number(),
});
export type KnowledgePassage = z.infer<typeof knowledgePassageSchema>;
