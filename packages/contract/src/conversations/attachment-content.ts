import { mediaType } from "./attachment.ts";

// An upload is stored only when its bytes are what its declared type says (a file's name and type are
// the sender's word; its first bytes are not). One check, used by every upload path on the server.

const bytesOf = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const startsWith = (data: Uint8Array, signature: readonly number[], offset = 0) =>
  data.length >= offset + signature.length && signature.every((byte, i) => data[offset + i] === byte);

/** Text: no NUL byte in the first 64 KB (every binary format the browser could be fooled by has them early). */
function isText(data: Uint8Array): boolean {
  return !data.subarray(0, 64 * 1024).includes(0);
}

/** An ISO base media file (AVIF, HEIC) of one of these brands: `ftyp` at byte 4, the brand at byte 8. */
const isoMedia =
  (...brands: string[]) =>
  (data: Uint8Array) =>
    startsWith(data, bytesOf("ftyp"), 4) && brands.some((brand) => startsWith(data, bytesOf(brand), 8));

const CHECKS: Record<string, (data: Uint8Array) => boolean> = {
  "image/png": (d) => startsWith(d, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  "image/jpeg": (d) => startsWith(d, [0xff, 0xd8, 0xff]),
  "image/gif": (d) => startsWith(d, bytesOf("GIF87a")) || startsWith(d, bytesOf("GIF89a")),
  "image/webp": (d) => startsWith(d, bytesOf("RIFF")) && startsWith(d, bytesOf("WEBP"), 8),
  "image/bmp": (d) => startsWith(d, bytesOf("BM")),
  "image/tiff": (d) => startsWith(d, [0x49, 0x49, 0x2a, 0x00]) || startsWith(d, [0x4d, 0x4d, 0x00, 0x2a]),
  "image/x-icon": (d) => startsWith(d, [0x00, 0x00, 0x01, 0x00]),
  "image/vnd.microsoft.icon": (d) => startsWith(d, [0x00, 0x00, 0x01, 0x00]),
  "image/avif": isoMedia("avif", "avis"),
  "image/heic": isoMedia("heic", "heix", "mif1", "msf1"),
  "image/heif": isoMedia("mif1", "msf1", "heic", "heix"),
  // SVG is text; it is always served as a download, never inline.
  "image/svg+xml": (d) => isText(d) && /<svg[\s>]/i.test(new TextDecoder().decode(d.subarray(0, 4096))),
  // The header may follow a little junk, as PDF readers allow, but must come within the first kilobyte.
  "application/pdf": (d) => {
    const head = d.subarray(0, 1024);
    for (let i = 0; i + 5 <= head.length; i++) if (startsWith(head, bytesOf("%PDF-"), i)) return true;
    return false;
  },
  "text/plain": isText,
  // What WhatsApp customers send besides pictures and PDFs: voice notes, audio, video, Office files.
  "audio/ogg": (d) => startsWith(d, bytesOf("OggS")),
  "audio/opus": (d) => startsWith(d, bytesOf("OggS")),
  "audio/mpeg": (d) => startsWith(d, bytesOf("ID3")) || (d.length > 1 && d[0] === 0xff && (d[1]! & 0xe0) === 0xe0),
  "audio/amr": (d) => startsWith(d, bytesOf("#!AMR")),
  "audio/aac": (d) => d.length > 1 && d[0] === 0xff && (d[1]! & 0xf6) === 0xf0,
  "audio/mp4": isoMedia("M4A ", "mp42", "isom", "mp41"),
  "video/mp4": isoMedia("mp41", "mp42", "isom", "avc1", "iso2", "M4V "),
  "video/3gpp": isoMedia("3gp4", "3gp5", "3gp6", "3g2a"),
  ...Object.fromEntries(
    ["document", "sheet", "presentation"].map((kind) => [
      `application/vnd.openxmlformats-officedocument.${kind === "document" ? "wordprocessingml" : kind === "sheet" ? "spreadsheetml" : "presentationml"}.${kind}`,
      (d: Uint8Array) => startsWith(d, [0x50, 0x4b, 0x03, 0x04]),
    ]),
  ),
};

/**
 * Why the bytes are not the declared type, or null when they are. A type without a known signature is
 * refused too: what cannot be checked is not stored.
 */
export function attachmentContentIssue(data: Uint8Array, contentType: string): string | null {
  const type = mediaType(contentType);
  const check = CHECKS[type];
  if (!check) return `${type} files cannot be checked; send PNG, JPEG, GIF, WebP, SVG, PDF or plain text`;
  return check(data) ? null : `its content is not ${type}`;
}
