import multipart from "@fastify/multipart";
import {
  KNOWLEDGE_LIMITS,
  type KnowledgeTextEntry,
  knowledgeEntryPatchSchema,
  knowledgeEntrySchema,
  knowledgePassageSchema,
  knowledgeSearchInputSchema,
  knowledgeTextEntrySchema,
} from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { httpError } from "#server/lib/http-error.ts";
import { multipartError } from "#server/lib/multipart-file.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { companyOf, managerOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { findEntryWithFile } from "./knowledge.repository.ts";
import {
  createFileEntry,
  createTextEntry,
  getEntries,
  getEntry,
  type KnowledgeWriteContext,
  patchEntry,
  removeEntry,
  type UploadedFile,
} from "./knowledge.service.ts";
import { searchPassages } from "./search.ts";

const tags = ["knowledge base"];
const params = z.object({ id: z.string() });
const MB = KNOWLEDGE_LIMITS.fileBytes / 1024 / 1024;

/** Ids sent as repeated fields or comma-separated ("a,b"); anything that is not an id is a 400. */
function idsOf(values: string[], field: string): string[] {
  const ids = values
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter(Boolean);
  if (ids.some((id) => !isUuid(id)))
    throw httpError(400, "invalid_request", "Request validation failed", [{ field, message: "Must be a list of ids" }]);
  return [...new Set(ids)];
}

/** The multipart upload: one `file` (≤ 20 MB, 413 above), optional `title`, `ai_employee_ids`, `skill_ids`. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart())
    throw httpError(
      415,
      "unsupported_media_type",
      "Send multipart/form-data with a file, or JSON for a hand-written entry",
    );
  let file: UploadedFile | undefined;
  const fields: Record<string, string[]> = {};
  try {
    const parts = request.parts({
      limits: { fileSize: KNOWLEDGE_LIMITS.fileBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21 },
    });
    for await (const part of parts) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        if (part.fieldname === "file") file = { fileName: part.filename || "file", bytes: new Uint8Array(bytes) };
      } else {
        fields[part.fieldname] = [...(fields[part.fieldname] ?? []), String(part.value)];
      }
    }
  } catch (error) {
    throw multipartError(error, `The file is larger than ${MB} MB`);
  }
  if (!file) throw httpError(400, "invalid_request", "Send the file in a multipart field named file");
  const title = fields.title?.[0];
  if (title !== undefined && title.trim().length > KNOWLEDGE_LIMITS.title)
    throw httpError(400, "invalid_request", "Request validation failed", [
      { field: "title", message: `Title must be at most ${KNOWLEDGE_LIMITS.title} characters` },
    ]);
  return {
    file,
    fields: {
      title,
      aiEmployeeIds: idsOf(fields.ai_employee_ids ?? [], "ai_employee_ids"),
      skillIds: idsOf(fields.skill_ids ?? [], "skill_ids"),
    },
  };
}

export const knowledgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const writer = (request: FastifyRequest): KnowledgeWriteContext => ({
    db: app.db,
    queue: app.jobs,
    events: app.events,
    companyId: managerOf(request).id,
    userId: request.user!.id,
  });

  app.get(
    "/app/knowledge_base_entries.json",
    {
      schema: {
        tags,
        summary: "The knowledge base: every entry with its processing status",
        description: "Newest first. status queued → extracting (progress 0–100) → indexed, or failed with error.",
        response: { 200: z.object({ entries: z.array(knowledgeEntrySchema) }) },
      },
    },
    async (request) => getEntries(app.db, companyOf(request).id),
  );

  // Uploads read multipart bodies; registered in their own context so the other writes refuse them.
  await app.register(async (upload) => {
    await upload.register(multipart);
    upload.post(
      "/app/knowledge_base_entries.json",
      {
        schema: {
          tags,
          summary: "Add to the knowledge base: upload a file, or write an entry (owners and admins)",
          description: `multipart/form-data with \`file\` (PDF, DOCX, text, Markdown, HTML or CSV, at most ${MB} MB: 413 above) and optional \`title\`, \`ai_employee_ids\` and \`skill_ids\` (repeated or comma-separated; none means every AI employee); the file is checked by its content: a file whose bytes are not what its name says, an empty or unreadable one answers 422 and nothing is stored. Or JSON: {source: "qa", question, answer} or {source: "note", title, body}, with the same optional lists. Answers 201 with the entry queued; processing goes on in a job (knowledge.updated events).`,
          // Documents the JSON form; a multipart body arrives unparsed (null) and is read below.
          body: knowledgeTextEntrySchema.nullish(),
          response: { 201: knowledgeEntrySchema, ...errorResponses(400, 403, 413, 415, 422) },
        },
      },
      async (request, reply) => {
        const ctx = writer(request);
        if (request.isMultipart()) {
          const { file, fields } = await readUpload(request);
          return reply.code(201).send(await createFileEntry(ctx, file, fields));
        }
        const entry = request.body;
        if (!entry)
          throw httpError(
            400,
            "invalid_request",
            "Send the file as multipart/form-data, or a JSON entry with source qa or note",
          );
        return reply.code(201).send(await createTextEntry(ctx, entry as KnowledgeTextEntry));
      },
    );
  });

  app.get(
    "/app/knowledge_base_entries/:id.json",
    {
      schema: {
        tags,
        summary: "One knowledge base entry",
        params,
        response: { 200: knowledgeEntrySchema, ...errorResponses(404) },
      },
    },
    async (request) => getEntry(app.db, companyOf(request).id, request.params.id),
  );

  app.patch(
    "/app/knowledge_base_entries/:id.json",
    {
      schema: {
        tags,
        summary: "Rename an entry or change whom it is for (owners and admins)",
        description: "title, ai_employee_ids (none: every AI employee), skill_ids. Takes effect on the next search.",
        params,
        body: knowledgeEntryPatchSchema,
        response: { 200: knowledgeEntrySchema, ...errorResponses(403, 404, 422) },
      },
    },
    async (request) => patchEntry(writer(request), request.params.id, request.body),
  );

  app.delete(
    "/app/knowledge_base_entries/:id.json",
    {
      schema: {
        tags,
        summary: "Delete an entry and its passages (owners and admins)",
        description: "Takes effect at once: the next search and the next AI reply no longer find it. 204.",
        params,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await removeEntry(writer(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/app/knowledge_base_entries/:id/file",
    {
      schema: {
        tags,
        summary: "The original file of an uploaded entry",
        description:
          "As uploaded, as an attachment with the content type its bytes were recognised as. 404 for hand-written entries.",
        params,
        produces: ["application/octet-stream"],
        response: { 200: z.unknown().describe("the file's bytes"), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const companyId = companyOf(request).id;
      const row = isUuid(request.params.id) ? await findEntryWithFile(app.db, request.params.id) : null;
      if (!row || row.companyId !== companyId || !row.fileData) throw httpError(404, "not_found", "File not found");
      const name = (row.fileName ?? "file").replace(/[^\w.\- ]+/g, "_");
      return reply
        .header("content-type", row.contentType ?? "application/octet-stream")
        .header(
          "content-disposition",
          `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(row.fileName ?? "file")}`,
        )
        .header("x-content-type-options", "nosniff")
        .send(Buffer.from(row.fileData));
    },
  );

  app.post(
    "/app/knowledge_base/search.json",
    {
      schema: {
        tags,
        summary: "The passages an AI employee would get for a question",
        description: `query, optional ai_employee_id (then only entries for everyone or for that employee). Up to ${KNOWLEDGE_LIMITS.passages} passages, best first, each with the entry it came from.`,
        body: knowledgeSearchInputSchema,
        response: { 200: z.object({ passages: z.array(knowledgePassageSchema) }), ...errorResponses(400) },
      },
    },
    async (request) => ({
      passages: await searchPassages(
        app.db,
        { companyId: companyOf(request).id, aiEmployeeId: request.body.aiEmployeeId, limit: KNOWLEDGE_LIMITS.passages },
        request.body.query,
      ),
    }),
  );
};
