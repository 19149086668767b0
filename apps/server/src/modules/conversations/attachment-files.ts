import { createHash, timingSafeEqual } from "node:crypto";
import { attachmentDisposition, mediaType } from "@foreman/contract";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { attachments } from "#server/db/schema/index.ts";
import { isUuid } from "#server/lib/uuid.ts";

// Serving an attachment's bytes at /files/{id}/{accessKey}/{fileName}: the access key is the capability,
// so the URL works in <img> and <a> without a bearer header.

export type AttachmentFile = { fileName: string; contentType: string; data: Buffer };

// Hashing first makes both sides the same length, so the comparison's time says nothing about the key.
const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

export function sameAccessKey(given: string, stored: string): boolean {
  return timingSafeEqual(digest(given), digest(stored));
}

/** The attachment when the key is its own; null for an unknown id, a malformed one or a wrong key (one 404 for all). */
export async function findAttachmentFile(db: Executor, id: string, accessKey: string): Promise<AttachmentFile | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      fileName: attachments.fileName,
      contentType: attachments.contentType,
      accessKey: attachments.accessKey,
      // As base64 text: PGlite's bytea result decoding takes seconds for 10 MB, this a tenth of it.
      data: sql<string>`encode(${attachments.data}, 'base64')`,
    })
    .from(attachments)
    .where(eq(attachments.id, id));
  if (!row || !sameAccessKey(accessKey, row.accessKey)) return null;
  // Node's base64 decoder skips the line breaks encode() puts every 76 characters.
  return { fileName: row.fileName, contentType: row.contentType, data: Buffer.from(row.data, "base64") };
}

/** RFC 6266 content-disposition: an ASCII fallback name and the exact one in RFC 5987 encoding. */
export function contentDisposition(contentType: string, fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${attachmentDisposition(contentType)}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/**
 * The page policy for a served file: nothing it could load or run. PDFs keep the app's policy, because
 * a sandboxed PDF does not open in Chromium's viewer; images and downloads are sandboxed.
 */
export function fileContentSecurityPolicy(contentType: string): string | null {
  if (mediaType(contentType) === "application/pdf") return null;
  return "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
}
