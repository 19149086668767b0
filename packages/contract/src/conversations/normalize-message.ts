// Lenient reading of raw message items: items may use sender_type,
// sender_name, created_at and attachments with a url, and a malformed item is converted, not dropped. Plain TypeScript, no
// zod: the web runs it on whatever a chat tool or an older API hands over.
import { contentTypeFromFileName, isInlineImage } from "./attachment.ts";
import { DEFAULT_SENDER_NAMES, type SenderType } from "./conversation.ts";
import { field, isRecord, nonBlank, type RawRecord, textField } from "./raw-fields.ts";
import type { Message, MessageAttachment } from "./schemas.ts";

const CUSTOMER_SENDERS = new Set(["customer", "user", "contact", "client", "incoming"]);
const AI_SENDERS = new Set(["ai", "bot", "assistant", "agent_bot", "agentbot", "ai_employee"]);
const STAFF_SENDERS = new Set(["staff", "agent", "human", "operator"]);

/** 'user', 'contact' or 'customer' → customer; 'ai', 'bot', 'assistant', 'agent_bot' → ai; 'staff', 'agent', 'human' → staff; else customer. */
export function normalizeSenderType(value: unknown): SenderType {
  const key =
    typeof value === "string"
      ? value
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, "_")
      : "";
  if (AI_SENDERS.has(key)) return "ai";
  if (STAFF_SENDERS.has(key)) return "staff";
  if (CUSTOMER_SENDERS.has(key)) return "customer";
  return "customer";
}

/**
 * An ISO text or an epoch number (seconds when below 10^11 — chat tools send seconds — else
 * milliseconds) as ISO text; null when missing or not a time.
 */
export function normalizeTimestamp(value: unknown): string | null {
  let date: Date | undefined;
  if (value instanceof Date) date = value;
  else if (typeof value === "number" && Number.isFinite(value)) date = new Date(value < 1e11 ? value * 1000 : value);
  else if (typeof value === "string" && value.trim() !== "") {
    const trimmed = value.trim();
    date = /^\d+(\.\d+)?$/.test(trimmed)
      ? new Date(Number(trimmed) * (Number(trimmed) < 1e11 ? 1000 : 1))
      : new Date(trimmed);
  }
  if (!date || Number.isNaN(date.getTime())) return null;
  return date.toISOString();
}

// Data URLs only for types a page cannot run script from (no HTML, SVG or XML).
function isSafeDataType(type: string): boolean {
  const lower = type.toLowerCase();
  return (
    isInlineImage(lower) || lower === "application/pdf" || lower === "text/plain" || /^(audio|video)\//.test(lower)
  );
}

/**
 * Only addresses a page can safely use: http(s), same-site paths and base64 data URLs of harmless types. `javascript:` and
 * other schemes are dropped, since the UI puts attachment URLs in `href` and `src`.
 */
export function safeAttachmentUrl(value: unknown): string | null {
  const url = nonBlank(value);
  if (!url) return null;
  if (/^https?:\/\/[^\s]+$/i.test(url)) return url;
  if (/^\/(?!\/)[^\s]*$/.test(url)) return url;
  const data = /^data:([\w.+-]+\/[\w.+-]+)(;[\w=.+-]+)*;base64,[A-Za-z0-9+/=\s]+$/i.exec(url);
  if (data && isSafeDataType(data[1]!)) return url;
  return null;
}

function fileNameFromUrl(url: string): string {
  if (url.startsWith("data:")) return "attachment";
  const path = url.split(/[?#]/)[0]!;
  const last = path.slice(path.lastIndexOf("/") + 1);
  if (!last) return "attachment";
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

function contentTypeOf(url: string, fileName: string): string {
  const dataType = /^data:([\w.+-]+\/[\w.+-]+)/i.exec(url)?.[1];
  if (dataType) return dataType.toLowerCase();
  return contentTypeFromFileName(fileName);
}

/** A raw attachment: a URL text, or an object with url, data_url or file_url (and optional metadata). */
export function normalizeRawAttachment(raw: unknown): MessageAttachment | null {
  const item = isRecord(raw) ? raw : { url: raw };
  let url: string | null = null;
  for (const key of ["url", "dataUrl", "data_url", "fileUrl", "file_url", "downloadUrl", "download_url"]) {
    url = safeAttachmentUrl(item[key]);
    if (url) break;
  }
  if (!url) return null;
  const fileName = nonBlank(textField(item, "fileName", "file_name", "name", "filename")) ?? fileNameFromUrl(url);
  const declaredType = nonBlank(textField(item, "contentType", "content_type", "mimeType", "mime_type"));
  const size = field(item, "byteSize", "byte_size", "fileSize", "file_size", "size");
  return {
    id: nonBlank(textField(item, "id")) ?? url,
    url,
    fileName,
    contentType: declaredType?.includes("/") ? declaredType.toLowerCase() : contentTypeOf(url, fileName),
    byteSize: typeof size === "number" && Number.isInteger(size) && size >= 0 ? size : null,
  };
}

function normalizeAttachments(value: unknown): MessageAttachment[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const result: MessageAttachment[] = [];
  for (const item of list) {
    const attachment = normalizeRawAttachment(item);
    if (attachment) result.push(attachment);
  }
  return result;
}

// A stable id for an item that has none (FNV-1a over what identifies it), so lists keep their keys.
function fallbackId(parts: string[]): string {
  let hash = 0x811c9dc5;
  for (const char of parts.join("\u0000")) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `raw-${hash.toString(16).padStart(8, "0")}`;
}

export type NormalizeMessageContext = {
  /** Used when the item does not name its conversation (items nested in a task's conversation). */
  conversationId?: string;
};

/**
 * One raw message item as a `Message`, or null when there is nothing to show (neither text nor an
 * attachment). Keys may be camelCase or snake_case, the sender may be nested (`sender: {type, name}`);
 * a missing or unknown sender type is the customer's, a missing name the type's default, and a missing
 * or invalid time null (the message then shows no time). Content that is not text counts as none.
 */
export function normalizeRawMessage(raw: unknown, context: NormalizeMessageContext = {}): Message | null {
  if (!isRecord(raw)) return null;
  // The sender may be nested ({type, name, thumbnail}) or just its type.
  const sender: RawRecord = isRecord(raw.sender)
    ? raw.sender
    : typeof raw.sender === "string"
      ? { type: raw.sender }
      : {};
  const content = textField(raw, "content", "text", "body", "message") ?? "";
  const attachments = normalizeAttachments(field(raw, "attachments", "files"));
  if (content.trim() === "" && attachments.length === 0) return null;

  const senderType = normalizeSenderType(field(raw, "senderType", "sender_type") ?? field(sender, "type"));
  const senderName =
    nonBlank(textField(raw, "senderName", "sender_name")) ??
    nonBlank(textField(sender, "name", "fullName", "full_name")) ??
    DEFAULT_SENDER_NAMES[senderType];
  const createdAt = normalizeTimestamp(field(raw, "createdAt", "created_at", "timestamp", "date"));
  const avatar =
    field(raw, "avatarUrl", "avatar_url", "avatar") ?? field(sender, "avatarUrl", "avatar_url", "thumbnail");
  const avatarUrl = safeAttachmentUrl(avatar);
  const conversationId = nonBlank(textField(raw, "conversationId", "conversation_id")) ?? context.conversationId ?? "";
  const id = nonBlank(textField(raw, "id")) ?? fallbackId([conversationId, senderType, createdAt ?? "", content]);

  return {
    id,
    conversationId,
    senderType,
    senderName,
    avatarUrl,
    content,
    attachments,
    createdAt,
  };
}

/** A raw list of message items; a value that is not a list gives none. */
export function normalizeRawMessages(raw: unknown, context: NormalizeMessageContext = {}): Message[] {
  if (!Array.isArray(raw)) return [];
  const result: Message[] = [];
  for (const item of raw) {
    const message = normalizeRawMessage(item, context);
    if (message) result.push(message);
  }
  return result;
}
