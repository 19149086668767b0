import type { Readable } from "node:stream";
import type { InjectOptions } from "fastify";

// A request being put together by the bad-input generator: probes edit it, `toInject` sends it.

export type BodyDraft =
  | { kind: "none" }
  /** Sent as JSON text with `content-type: application/json`. */
  | { kind: "json"; value: unknown }
  /** Sent as given; `stream` bodies are made lazily so a 128 MiB body costs nothing until it is read. */
  | {
      kind: "raw";
      label: string;
      payload: string | Buffer | (() => Readable);
      contentType: string | undefined;
      contentLength?: number;
    };

export type RequestDraft = {
  method: string;
  /** The documented path, `{name}` for each parameter. */
  path: string;
  /** Each path parameter as URL text (already percent-encoded where the probe wants it). */
  pathParams: Record<string, string>;
  /** Encoded when sent. */
  query: [string, string][];
  /** Appended to the query as it is (percent-encoding garbage). */
  rawQuery: string;
  headers: Record<string, string | undefined>;
  body: BodyDraft;
};

// A lone surrogate cannot be percent-encoded; a browser sends U+FFFD in its place, and so does this.
const encode = (text: string) => encodeURIComponent(text.replace(/\p{Surrogate}/gu, "\ufffd"));

export function urlOf(draft: RequestDraft): string {
  const path = draft.path.replace(/\{(\w+)\}/g, (_, name: string) => draft.pathParams[name] ?? "");
  const query = [
    ...draft.query.map(([name, value]) => `${encode(name)}=${encode(value)}`),
    ...(draft.rawQuery ? [draft.rawQuery] : []),
  ].join("&");
  return query ? `${path}?${query}` : path;
}

/** The request for `app.inject`, read back as a stream so an endless event stream cannot hang the test. */
export function toInject(draft: RequestDraft, remoteAddress: string): InjectOptions & { payloadAsStream: true } {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(draft.headers)) if (value !== undefined) headers[name] = value;
  const options: InjectOptions & { payloadAsStream: true } = {
    method: draft.method as InjectOptions["method"],
    url: urlOf(draft),
    headers,
    remoteAddress,
    payloadAsStream: true,
  };
  if (draft.body.kind === "json") {
    headers["content-type"] = "application/json";
    options.payload = JSON.stringify(draft.body.value);
  } else if (draft.body.kind === "raw") {
    const { payload, contentType, contentLength } = draft.body;
    if (contentType !== undefined) headers["content-type"] = contentType;
    if (contentLength !== undefined) headers["content-length"] = String(contentLength);
    options.payload = typeof payload === "function" ? payload() : payload;
  }
  return options;
}

/** The body as the server parses it, when it is JSON at all. */
function sentJson(body: BodyDraft): unknown {
  if (body.kind === "json") return body.value;
  if (body.kind !== "raw" || typeof body.payload === "function") return undefined;
  try {
    return JSON.parse(body.payload.toString());
  } catch {
    return undefined;
  }
}

/** Every query name and JSON body key path (down to 40 levels) the request carries: details may name those too. */
export function sentFieldNames(draft: RequestDraft): Set<string> {
  const names = new Set(draft.query.map(([name]) => name));
  const stack: { value: unknown; path: string[] }[] = [{ value: sentJson(draft.body), path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (path.length > 0) names.add(path.join("."));
    if (value !== null && typeof value === "object" && path.length < 40) {
      for (const [key, inner] of Object.entries(value)) stack.push({ value: inner, path: [...path, key] });
    }
  }
  return names;
}

const clip = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

/** One line per part of the request, short enough to read in a failure report. */
export function describeDraft(draft: RequestDraft): string {
  const headers = Object.entries(draft.headers)
    .map(([name, value]) => `${name}: ${value === undefined ? "(none)" : JSON.stringify(clip(value, 80))}`)
    .join("; ");
  let body = "(no body)";
  if (draft.body.kind === "json") body = `json ${clip(JSON.stringify(draft.body.value) ?? "undefined")}`;
  if (draft.body.kind === "raw") body = `${draft.body.label} as ${JSON.stringify(draft.body.contentType ?? "(none)")}`;
  return [`${draft.method} ${clip(urlOf(draft), 240)}`, `headers ${headers}`, `body ${body}`].join("\n      ");
}
