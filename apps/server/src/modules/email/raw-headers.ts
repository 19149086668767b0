import { createHash } from "node:crypto";

// Reading a raw mail's Message-ID without parsing the mail: intake (intake.ts) needs it to take a mail
// delivered twice once, before the `email_receive` job parses the whole message off the request path.

/** How far into a mail its header block may reach; a longer one is read as having no Message-ID. */
const HEADER_BYTES = 256 * 1024;

/** The header block of a raw RFC 822 message, with folded lines unfolded. */
export function rawHeaderBlock(raw: Uint8Array): string {
  const head = Buffer.from(raw.buffer, raw.byteOffset, Math.min(raw.byteLength, HEADER_BYTES)).toString("latin1");
  const end = head.search(/\r?\n\r?\n/);
  return (end === -1 ? head : head.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
}

/** The mail's own Message-ID (`<…>`), or one made of the bytes' SHA-256 when it has none. */
export function messageIdOf(raw: Uint8Array): string {
  const match = /^message-id:[ \t]*(<[^<>\s]{1,900}>)/im.exec(rawHeaderBlock(raw));
  if (match) return match[1]!;
  return `<${createHash("sha256").update(raw).digest("hex")}@no-message-id>`;
}
