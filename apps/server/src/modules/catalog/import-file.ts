import type { FastifyRequest } from "fastify";
import { httpError } from "#server/lib/http-error.ts";

type MultipartError = Error & { code?: string; statusCode?: number };

/**
 * The CSV of an import: the one `file` part of a multipart body (other parts are read and ignored), at
 * most `bytes` long, as UTF-8 text. A body busboy cannot read is the client's fault: a 400 saying so.
 * (The same rules as the AI employees' import; only the size differs.)
 */
export async function readImportFile(request: FastifyRequest, bytes: number): Promise<string> {
  const megabytes = bytes / 1024 / 1024;
  const notAFile = () =>
    httpError(400, "invalid_request", "Send the CSV file as multipart/form-data in a field named file");
  if (!request.isMultipart()) throw notAFile();
  let data: Buffer | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: bytes, files: 1, fields: 10, fieldSize: 1024, parts: 11 } });
    for await (const part of parts) {
      if (part.type !== "file") continue;
      const content = await part.toBuffer();
      if (part.fieldname === "file") data = content;
    }
  } catch (error) {
    const { code, statusCode } = error as MultipartError;
    if (code === "FST_REQ_FILE_TOO_LARGE") {
      throw httpError(
        413,
        "payload_too_large",
        `The file is larger than ${megabytes} MB: import at most ${megabytes} MB at once`,
      );
    }
    if (code === "FST_FILES_LIMIT") throw httpError(400, "invalid_request", "Send one file, in the field named file");
    if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT" || code === "FST_PROTO_VIOLATION") {
      throw httpError(400, "invalid_request", "The multipart body has unexpected form fields");
    }
    if ((statusCode ?? 400) >= 500) throw error;
    throw httpError(400, "invalid_request", `The multipart body could not be read: ${(error as Error).message}`);
  }
  if (!data) throw notAFile();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    throw httpError(422, "validation_failed", "The file must be UTF-8 text");
  }
}
