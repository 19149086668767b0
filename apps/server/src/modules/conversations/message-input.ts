import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES_DESCRIPTION,
  ATTACHMENTS_PER_MESSAGE_MAX,
  attachmentContentIssue,
  CONTENT_TYPE_PATTERN,
  type FieldError,
  isAllowedAttachmentType,
  isSafeFileName,
  type SendMessageBody,
  sendMessageBodySchema,
} from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import { httpError } from "#server/lib/http-error.ts";
import { unusableInputDetails } from "#server/lib/unusable-input.ts";

// A staff reply arrives as JSON (`{content, attachments?: [{file_name, content_type, data: base64}]}`)
// or as multipart/form-data (a `content` field and up to five files). Both become one `StaffMessageInput`
// that is fully checked before anything is written.

export type UploadedFile = { fileName: string; contentType: string; data: Buffer };
export type StaffMessageInput = { content: string; files: UploadedFile[] };

const MB = ATTACHMENT_MAX_BYTES / 1024 / 1024;

/** The largest JSON body: five base64 files at the size limit and the text, with room for the JSON around them. */
export const JSON_MESSAGE_BODY_LIMIT =
  Math.ceil((ATTACHMENTS_PER_MESSAGE_MAX * ATTACHMENT_MAX_BYTES * 4) / 3) + 1024 * 1024;

const invalid = (details: FieldError[]) => httpError(400, "invalid_request", "Request validation failed", details);

/** The JSON body, already validated by the route's schema (sendMessageBodySchema); the files' bytes are checked here. */
export function fromJsonBody(body: SendMessageBody): StaffMessageInput {
  const files = (body.attachments ?? []).map((file) => ({
    fileName: file.fileName,
    contentType: file.contentType,
    data: Buffer.from(file.data, "base64"),
  }));
  const details = fileDetails(files, contentIssue, ".data");
  if (details.length > 0) throw invalid(details);
  return { content: body.content, files };
}

/** A detail for each file `issueOf` faults, named by its place (`attachments.N` and `suffix`). */
function fileDetails(files: UploadedFile[], issueOf: (file: UploadedFile) => string | null, suffix = ""): FieldError[] {
  return files.flatMap((file, index) => {
    const message = issueOf(file);
    return message ? [{ field: `attachments.${index}${suffix}`, message }] : [];
  });
}

/** Whether the file's bytes are what its type says: the one content check of every upload path. */
function contentIssue(file: UploadedFile): string | null {
  const issue = attachmentContentIssue(file.data, file.contentType);
  return issue ? `${file.fileName}: ${issue}` : null;
}

/** What is wrong with one uploaded file (a multipart part), or null. */
function fileIssue(file: UploadedFile): string | null {
  if (file.fileName === "" || file.fileName.length > 255 || !isSafeFileName(file.fileName)) {
    return "Must have a file name without slashes or control characters";
  }
  if (!CONTENT_TYPE_PATTERN.test(file.contentType) || !isAllowedAttachmentType(file.contentType)) {
    return `${file.fileName}: must be one of ${ATTACHMENT_TYPES_DESCRIPTION} (not ${file.contentType || "an unknown type"})`;
  }
  if (file.data.byteLength === 0) return `${file.fileName}: must not be empty`;
  return contentIssue(file);
}

type MultipartError = Error & { code?: string; statusCode?: number; part?: { filename?: string } };

/**
 * What went wrong while reading the parts, as our errors: busboy's limits name what was too much, and a
 * body busboy cannot read (no or a wrong boundary, cut short, broken part headers) is the client's
 * fault, a 400 saying so, never a 500.
 */
function multipartError(error: MultipartError, fileIndex: number): unknown {
  switch (error.code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return httpError(
        413,
        "payload_too_large",
        `${error.part?.filename ?? "A file"} is larger than ${MB} MB: each attachment must be at most ${MB} MB`,
        [{ field: `attachments.${fileIndex}`, message: `Must be at most ${MB} MB` }],
      );
    case "FST_FILES_LIMIT":
      return invalid([{ field: "attachments", message: `At most ${ATTACHMENTS_PER_MESSAGE_MAX} attachments` }]);
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
      return invalid([{ field: "body", message: "Too many form fields" }]);
  }
  // Our own faults keep their 5xx; busboy's parse errors carry no status at all.
  if ((error.statusCode ?? 400) >= 500) return error;
  return httpError(400, "invalid_request", `The multipart body could not be read: ${error.message}`);
}

/**
 * Reads a multipart reply: the `content` field and every file part (any field name). Each file is read
 * whole (at most 10 MB, busboy stops a larger one) so that every problem is found before a row is written.
 */
export async function fromMultipart(request: FastifyRequest): Promise<StaffMessageInput> {
  let content: unknown;
  const files: UploadedFile[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: ATTACHMENT_MAX_BYTES,
        files: ATTACHMENTS_PER_MESSAGE_MAX,
        fields: 10,
        fieldSize: 64 * 1024,
        parts: ATTACHMENTS_PER_MESSAGE_MAX + 10,
      },
    });
    for await (const part of parts) {
      if (part.type === "file") {
        const data = await part.toBuffer();
        files.push({ fileName: (part.filename ?? "").trim(), contentType: part.mimetype ?? "", data });
      } else if (part.fieldname === "content") {
        content = part.value;
      }
    }
  } catch (error) {
    throw multipartError(error as MultipartError, files.length);
  }

  // The JSON path has this checked for every route (app.ts); multipart fields are read here.
  const details: FieldError[] = unusableInputDetails({ content }, "body");
  const parsed = sendMessageBodySchema.shape.content.safeParse(content);
  if (!parsed.success) details.push({ field: "content", message: parsed.error.issues[0]!.message });
  details.push(...fileDetails(files, fileIssue));
  if (details.length > 0) throw invalid(details);
  return { content: parsed.data!, files };
}
