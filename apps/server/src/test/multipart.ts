// multipart/form-data upload bodies with one file (and optional fields), for app.inject.

export type MultipartUpload = { payload: Buffer; contentType: string; headers: { "content-type": string } };

export function multipartFile(
  file: { fileName: string; bytes: Uint8Array | string; contentType?: string; field?: string },
  fields: Record<string, string> = {},
): MultipartUpload {
  const boundary = `----foreman${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType ?? "application/octet-stream"}\r\n\r\n`,
    ),
    Buffer.from(file.bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const contentType = `multipart/form-data; boundary=${boundary}`;
  return { payload: Buffer.concat(parts), contentType, headers: { "content-type": contentType } };
}

/** A file upload as the knowledge base takes it: the file and its form fields. */
export const multipart = (fileName: string, bytes: Uint8Array, fields: Record<string, string> = {}) =>
  multipartFile({ fileName, bytes }, fields);

/** A CSV file in the `file` field (or another, to test a missing file), as the CSV imports take it. */
export const csvUpload = (fileName: string, content: string | Buffer, field = "file") =>
  multipartFile({ fileName, bytes: content, contentType: "text/csv", field });
