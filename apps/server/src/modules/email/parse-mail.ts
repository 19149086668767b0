import {
  ATTACHMENT_MAX_BYTES,
  attachmentContentIssue,
  bareAddress,
  contentTypeFromFileName,
  INBOUND_MAIL_LIMITS,
  isAllowedAttachmentType,
  isSafeFileName,
  mediaType,
  UNKNOWN_CONTENT_TYPE,
} from "@foreman/contract";
import { type AddressObject, type Attachment, type HeaderLines, simpleParser } from "mailparser";
import { sanitizeEmailHtml } from "./email-html.ts";
import { LOOP_HEADER_NAMES, type LoopHeaders } from "./loop-guard.ts";
import { splitReply } from "./reply-split.ts";

// Reads a stored mail (its raw RFC 822 bytes) into what the thread keeps: the addresses, the new text
// apart from the quoted history, sanitized HTML, the files that are what they claim to be, and the
// headers loop protection reads. Everything in it is the sender's word: bounded, cleaned, checked.

export type MailAddress = { address: string; name: string };

export type MailAttachment = { fileName: string; contentType: string; data: Buffer };

export type ParsedMail = {
  messageId: string | null;
  inReplyTo: string | null;
  /** The thread's earlier Message-IDs, oldest first (the newest are kept when there are many). */
  references: string[];
  subject: string;
  from: MailAddress;
  to: MailAddress[];
  cc: MailAddress[];
  /** What the sender wrote now (quoted history and signature cut; the whole text if that leaves nothing). */
  newText: string;
  /** What was cut from the text, or null. */
  quotedText: string | null;
  /** Sanitized HTML, or null (none, or too long to keep: the original has it). */
  html: string | null;
  /** Remote (tracking) images left out of the HTML. */
  remoteImagesDropped: number;
  loopHeaders: LoopHeaders;
  attachments: MailAttachment[];
  /** Files left out, in words: "setup.pdf: not what it claims to be". */
  skippedAttachments: string[];
};

/** The mail cannot be read as a mail (or names no sender): stored as `failed` with this message. */
export class UnreadableMailError extends Error {}

/** HTML longer than this (before or after sanitizing) is not kept: staff still have the original. */
export const HTML_MAX_LENGTH = 200_000;
/** Addresses kept per To and Cc. */
const ADDRESSES_KEPT = 50;
const REFERENCES_KEPT = 100;
const SUBJECT_MAX_LENGTH = 998;
const NAME_MAX_LENGTH = 200;
const FILE_NAME_MAX_LENGTH = 200;
/** Skipped files listed by name; more are counted. */
const SKIPPED_LISTED = 50;

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "application/pdf": "pdf",
  "text/plain": "txt",
};

/**
 * Text Postgres can store: no NUL (text and jsonb refuse it) and no lone UTF-16 surrogate (which a
 * broken charset can leave, and jsonb refuses as an escape).
 */
export function storable(text: string): string {
  return text
    .replaceAll("\u0000", "")
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}

export async function parseMail(raw: Buffer): Promise<ParsedMail> {
  let mail: Awaited<ReturnType<typeof simpleParser>>;
  try {
    mail = await simpleParser(raw, {
      // The HTML is kept as it came (cid: links, not inlined copies of the images) and no HTML is made
      // of the text; converting huge HTML to text is bounded.
      keepCidLinks: true,
      skipTextToHtml: true,
      skipTextLinks: true,
      maxHtmlLengthToParse: 2_000_000,
      checksumAlgo: false,
    });
  } catch (error) {
    throw new UnreadableMailError(`The mail could not be read: ${(error as Error).message}`.slice(0, 500));
  }
  const from = addressesOf(mail.from)[0];
  if (!from) throw new UnreadableMailError("The mail names no sender address (From)");
  const text = storable(mail.text ?? "").slice(0, INBOUND_MAIL_LIMITS.textLength);
  const { newText, quotedText } = await splitReply(text);
  const html = htmlOf(mail.html);
  const files = attachmentsOf(mail.attachments);
  return {
    messageId: messageIdsIn(mail.messageId)[0] ?? null,
    inReplyTo: messageIdsIn(mail.inReplyTo)[0] ?? null,
    references: messageIdsIn(mail.references).slice(-REFERENCES_KEPT),
    subject: storable(mail.subject ?? "")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, SUBJECT_MAX_LENGTH),
    from,
    to: addressesOf(mail.to).slice(0, ADDRESSES_KEPT),
    cc: addressesOf(mail.cc).slice(0, ADDRESSES_KEPT),
    newText,
    quotedText,
    html: html?.html ?? null,
    remoteImagesDropped: html?.remoteImagesDropped ?? 0,
    loopHeaders: loopHeadersOf(mail.headerLines),
    ...files,
  };
}

/** The `<…>` ids in a Message-ID, In-Reply-To or References value, in their order. */
function messageIdsIn(value: string | string[] | undefined): string[] {
  const text = Array.isArray(value) ? value.join(" ") : (value ?? "");
  return [...storable(text).matchAll(/<[^<>\s]{1,900}>/g)].map((match) => match[0]);
}

/** Every valid address of an address header (groups opened), lower-case, with its display name. */
function addressesOf(header: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const objects = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const entries = objects.flatMap((object) => object.value.flatMap((entry) => [entry, ...(entry.group ?? [])]));
  const addresses: MailAddress[] = [];
  for (const entry of entries) {
    const address = bareAddress(storable(entry.address ?? ""));
    if (!address || address.length > 320) continue;
    const name = storable(entry.name ?? "")
      .replace(/\p{Cc}+/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, NAME_MAX_LENGTH);
    addresses.push({ address, name });
  }
  return addresses;
}

/** The loop headers' first values, unfolded. */
function loopHeadersOf(lines: HeaderLines): LoopHeaders {
  const wanted = new Set<string>(LOOP_HEADER_NAMES);
  const headers: Record<string, string> = {};
  for (const { key, line } of lines) {
    if (!wanted.has(key) || key in headers) continue;
    headers[key] = storable(line.slice(line.indexOf(":") + 1))
      .replace(/\r?\n[ \t]+/g, " ")
      .trim()
      .slice(0, 1000);
  }
  return headers as LoopHeaders;
}

function htmlOf(html: string | false | undefined) {
  if (typeof html !== "string" || html.length > HTML_MAX_LENGTH) return null;
  const sanitized = sanitizeEmailHtml(storable(html));
  const kept = sanitized.html.trim();
  return { ...sanitized, html: kept && kept.length <= HTML_MAX_LENGTH ? kept : null };
}

/** A file name safe to store and serve: no path or control characters, not too long. */
function fileNameOf(name: string | undefined, index: number, contentType: string): string {
  const cleaned = storable(name ?? "")
    .replace(/[\p{Cc}/\\]+/gu, "_")
    .trim();
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  const short =
    cleaned.length > FILE_NAME_MAX_LENGTH
      ? cleaned.slice(0, FILE_NAME_MAX_LENGTH - extension.length) + extension
      : cleaned;
  if (short && isSafeFileName(short)) return short;
  return `attachment-${index + 1}.${EXTENSIONS[contentType] ?? "bin"}`;
}

/** Why a file is left out, or null to keep it. */
function skipReason(data: Buffer, contentType: string, kept: number): string | null {
  if (kept >= INBOUND_MAIL_LIMITS.attachments) return `more than ${INBOUND_MAIL_LIMITS.attachments} attachments`;
  if (data.byteLength > ATTACHMENT_MAX_BYTES) return "too large";
  if (!isAllowedAttachmentType(contentType)) return "not a file type we accept";
  const issue = attachmentContentIssue(data, contentType);
  if (!issue) return null;
  return issue.startsWith("its content is not") ? "not what it claims to be" : issue;
}

/**
 * The files kept (at most INBOUND_MAIL_LIMITS.attachments, each within ATTACHMENT_MAX_BYTES, of a type
 * staff may receive, and whose bytes are that type) and, in words, the ones left out.
 */
function attachmentsOf(parts: Attachment[]): Pick<ParsedMail, "attachments" | "skippedAttachments"> {
  const attachments: MailAttachment[] = [];
  const skipped: string[] = [];
  for (const [index, part] of parts.entries()) {
    const declared = mediaType(part.contentType);
    const fileName = fileNameOf(part.filename, index, declared);
    const contentType = declared === UNKNOWN_CONTENT_TYPE ? contentTypeFromFileName(fileName) : declared;
    const why = skipReason(part.content, contentType, attachments.length);
    if (why) skipped.push(`${fileName}: ${why}`);
    else attachments.push({ fileName, contentType, data: part.content });
  }
  const listed = skipped.slice(0, SKIPPED_LISTED);
  if (skipped.length > SKIPPED_LISTED) listed.push(`${skipped.length - SKIPPED_LISTED} more files`);
  return { attachments, skippedAttachments: listed };
}
