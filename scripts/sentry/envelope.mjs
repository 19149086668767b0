// Sentry's envelope format (what the SDKs post to /api/<project id>/envelope/), read back for the fakes:
// a JSON header line, then items, each a JSON header line and a payload. A payload whose item header
// gives a `length` is that many bytes (binary: a replay recording); otherwise it runs to the next newline.
// https://develop.sentry.dev/sdk/data-model/envelopes/
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

const NEWLINE = 0x0a;

/** The request body as sent, undone from its Content-Encoding (the Node SDK gzips large envelopes). */
export function decodeBody(body, contentEncoding) {
  const encoding = String(contentEncoding ?? "")
    .trim()
    .toLowerCase();
  if (encoding === "gzip") return gunzipSync(body);
  if (encoding === "deflate") return inflateSync(body);
  if (encoding === "br") return brotliDecompressSync(body);
  return body;
}

function lineAt(buffer, start) {
  const end = buffer.indexOf(NEWLINE, start);
  return end === -1
    ? { text: buffer.subarray(start), next: buffer.length }
    : { text: buffer.subarray(start, end), next: end + 1 };
}

function parsePayload(type, bytes) {
  // Replay recordings are a JSON header line and rrweb events, zlib-compressed or not: kept as bytes.
  if (type === "replay_recording" || type === "attachment") return bytes;
  const text = bytes.toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `{ header, items: [{ header, payload }], raw }`; `raw` is the whole envelope as text, for searching. */
export function parseEnvelope(body) {
  const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const first = lineAt(buffer, 0);
  const header = JSON.parse(first.text.toString("utf8"));
  const items = [];
  let offset = first.next;
  while (offset < buffer.length) {
    const line = lineAt(buffer, offset);
    if (line.text.length === 0) {
      offset = line.next;
      continue;
    }
    const itemHeader = JSON.parse(line.text.toString("utf8"));
    let bytes;
    if (typeof itemHeader.length === "number") {
      bytes = buffer.subarray(line.next, line.next + itemHeader.length);
      offset = line.next + itemHeader.length;
      if (buffer[offset] === NEWLINE) offset += 1;
    } else {
      const payload = lineAt(buffer, line.next);
      bytes = payload.text;
      offset = payload.next;
    }
    items.push({ header: itemHeader, payload: parsePayload(itemHeader.type, bytes) });
  }
  return { header, items, raw: buffer.toString("utf8") };
}

/**
 * A replay recording's events: after its JSON header line, rrweb events as JSON, zlib-compressed when
 * the SDK's compression worker ran. `{ header, events }`.
 */
export function readReplayRecording(bytes) {
  const line = lineAt(bytes, 0);
  const rest = bytes.subarray(line.next);
  let text;
  try {
    text = inflateSync(rest).toString("utf8");
  } catch {
    text = rest.toString("utf8");
  }
  return { header: JSON.parse(line.text.toString("utf8")), events: JSON.parse(text) };
}
