// Attachment rules shared by the file route, the send-message body and the lenient message reader.

/**
 * Where an attachment is served: `/files/{id}/{accessKey}/{fileName}`. Public on purpose, so `<img>` and
 * `<a>` work without a bearer header; the access key (32 random bytes) is the capability.
 */
export function attachmentUrl(attachment: { id: string; accessKey: string; fileName: string }): string {
  return `/files/${encodeURIComponent(attachment.id)}/${encodeURIComponent(attachment.accessKey)}/${encodeURIComponent(attachment.fileName)}`;
}

/**
 * Raster images and PDFs open in the browser; everything else downloads (an SVG or HTML file could run
 * script in the page's origin; a PDF opens in the browser's own viewer, which cannot).
 */
export function attachmentDisposition(contentType: string): "inline" | "attachment" {
  return isInlineImage(contentType) || mediaType(contentType) === "application/pdf" ? "inline" : "attachment";
}

/** The `type/subtype` of a content type, lower-cased, without parameters ("Text/Plain; charset=x" → "text/plain"). */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** What staff may attach to a message, in words (for error messages and the file picker's hint). */
export const ATTACHMENT_TYPES_DESCRIPTION = "images, PDF or plain text";
/** The file picker's `accept` list for the same types. */
export const ATTACHMENT_ACCEPT = "image/*,application/pdf,text/plain";

/** Images, PDFs and plain text may be sent; anything else (archives, HTML, executables) is refused. */
export function isAllowedAttachmentType(contentType: string | null | undefined): boolean {
  const type = mediaType(contentType);
  return /^image\/[a-z0-9][\w.+-]*$/.test(type) || type === "application/pdf" || type === "text/plain";
}

const INLINE_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"]);

/** Images a browser may show in an `<img>` straight from the attachment URL. */
export function isInlineImage(contentType: string | null | undefined): boolean {
  return INLINE_IMAGE_TYPES.has(mediaType(contentType));
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
  pdf: "application/pdf",
  txt: "text/plain",
  csv: "text/csv",
  json: "application/json",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  zip: "application/zip",
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  wav: "audio/wav",
  mp4: "video/mp4",
};

export const UNKNOWN_CONTENT_TYPE = "application/octet-stream";

/** The content type a file name suggests, or `application/octet-stream`. */
export function contentTypeFromFileName(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  if (dot < 0) return UNKNOWN_CONTENT_TYPE;
  return TYPES_BY_EXTENSION[fileName.slice(dot + 1).toLowerCase()] ?? UNKNOWN_CONTENT_TYPE;
}

/** `type/subtype`, optionally with parameters: what a sender may declare for an upload. */
export const CONTENT_TYPE_PATTERN = /^[a-z0-9][\w.+-]*\/[a-z0-9][\w.+-]*(\s*;.*)?$/i;

/**
 * A name that is safe in a URL path segment and a content-disposition header: no slashes, no control
 * characters, not "." or "..".
 */
export function isSafeFileName(name: string): boolean {
  if (name === "." || name === "..") return false;
  for (const char of name) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f || char === "/" || char === "\\") return false;
  }
  return true;
}

/** The number of bytes a base64 text decodes to (padding and line breaks allowed), without decoding it. */
export function base64DecodedLength(text: string): number {
  const compact = text.replace(/\s+/g, "");
  const padding = compact.endsWith("==") ? 2 : compact.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((compact.length * 3) / 4) - padding);
}
