import type { FastifyRequest } from "fastify";
import { httpError } from "#server/lib/http-error.ts";

type MultipartError = Error & { code?: string; statusCode?: number };

/**
 * What busboy's refusals mean to the client: a file over `maxBytes` is a 413 (`tooLarge` says so), a
 * body with unexpected parts or one it cannot read a 400. Anything else (a 5xx) is rethrown as it is.
 */
export function multipartError(error: unknown, tooLarge: string): unknown {
  const { code, statusCode } = error as MultipartError;
  if (code === "FST_REQ_FILE_TOO_LARGE") return httpError(413, "payload_too_large", tooLarge);
  if (code === "FST_FILES_LIMIT") return httpError(400, "invalid_request", "Send one file, in the field named file");
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT" || code === "FST_PROTO_VIOLATION")
    return httpError(400, "invalid_request", "The multipart body has unexpected form fields");
  if ((statusCode ?? 400) >= 500) return error;
  return httpError(400, "invalid_request", `The multipart body could not be read: ${(error as Error).message}`);
}

/**
 * The one `file` part of a multipart body (other parts are read and dropped), at most `maxBytes`:
 * `tooLarge` is the 413's message; `notAFile` answers a body that is not multipart or has no `file`.
 */
export async function readFileField(
  request: FastifyRequest,
  { maxBytes, tooLarge, notAFile }: { maxBytes: number; tooLarge: string; notAFile: () => Error },
): Promise<Buffer> {
  if (!request.isMultipart()) throw notAFile();
  let data: Buffer | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 11 } });
    for await (const part of parts) {
      if (part.type !== "file") continue;
      const content = await part.toBuffer();
      if (part.fieldname === "file") data = content;
    }
  } catch (error) {
    throw multipartError(error, tooLarge);
  }
  if (!data) throw notAFile();
  return data;
}

/**
 * The CSV of an import (AI employees, products): the one `file` part of a multipart body (other parts
 * are read and ignored), at most `bytes` long, as UTF-8 text.
 */
export async function readImportFile(request: FastifyRequest, bytes: number): Promise<string> {
  const megabytes = bytes / 1024 / 1024;
  const data = await readFileField(request, {
    maxBytes: bytes,
    tooLarge: `The file is larger than ${megabytes} MB: import at most ${megabytes} MB at once`,
    notAFile: () => httpError(400, "invalid_request", "Send the CSV file as multipart/form-data in a field named file"),
  });
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    throw httpError(422, "validation_failed", "The file must be UTF-8 text");
  }
}
