import { Readable } from "node:stream";
import { fieldSlots, typesOf, violates } from "./json-schema.ts";
import type { Operation } from "./openapi-operations.ts";
import type { Random } from "./seeded-random.ts";

// Whole bodies that are broken as bodies: not JSON, cut short, the wrong media type, multipart that
// busboy cannot read or that carries bad parts, too big, too deep. `refused` says whether the
// operation must turn the body down by itself (else the generator adds a defect that makes sure).

export type RawBody = {
  label: string;
  payload: string | Buffer | (() => Readable);
  contentType: string | undefined;
  contentLength?: number;
  refused: (operation: Operation) => boolean;
};

const writes = (operation: Operation) => operation.method !== "GET";
/** A body the operation's schema refuses; without a schema the route ignores the body. */
const refusedBySchema = (value: unknown) => (operation: Operation) =>
  writes(operation) && operation.body !== undefined && violates(operation.body, value);
const never = () => false;
const JSON_TYPE = "application/json";

const MiB = 1024 * 1024;

export function malformedJsonBodies(sampleText: string, random: Random): RawBody[] {
  const cut = 1 + random.int(Math.max(1, sampleText.length - 1));
  const broken = [
    ["an unclosed object", "{"],
    ["a missing value", '{"a":}'],
    ["single quotes", "{'content': 'x'}"],
    ["a trailing comma", '{"a": 1,}'],
    ["NaN", "NaN"],
    ["undefined", "undefined"],
    ["a bare word", "hello"],
    ["two documents", "{} {}"],
    ["trailing garbage", `${sampleText} trailing`],
    ["a comment", `/* c */ ${sampleText}`],
    ["only whitespace", "   \n\t "],
    ["an empty body", ""],
    ["an unterminated string", '{"content": "abc'],
    ["a control character in a string", '{"content": "a\u0001b"}'],
    ["a bad escape", '{"content": "\\x41"}'],
    [`the sample cut after ${cut} characters`, sampleText.slice(0, cut)],
    ["the sample cut in half", sampleText.slice(0, Math.ceil(sampleText.length / 2))],
    ["the sample without its last character", sampleText.slice(0, -1)],
    ["a __proto__ key", '{"__proto__": {"admin": true}}'],
    ["a constructor.prototype key", '{"constructor": {"prototype": {"admin": true}}}'],
  ] as const;
  return [
    ...broken.map(([label, payload]) => ({
      label: `malformed JSON: ${label}`,
      payload,
      contentType: JSON_TYPE,
      refused: writes,
    })),
    {
      label: "JSON that is not UTF-8",
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      contentType: JSON_TYPE,
      refused: never,
    },
    { label: "JSON after a byte-order mark", payload: `\ufeff${sampleText}`, contentType: JSON_TYPE, refused: never },
    {
      label: "JSON declared as UTF-16",
      payload: sampleText,
      contentType: "application/json; charset=utf-16",
      refused: never,
    },
  ];
}

/** Valid JSON of the wrong shape for the whole body. */
export function wrongShapeBodies(): RawBody[] {
  const values: [string, unknown][] = [
    ["null", null],
    ["an array", []],
    ["an array of objects", [{}, {}]],
    ["a string", "text"],
    ["a number", 42],
    ["true", true],
    ["an empty object", {}],
  ];
  return values.map(([label, value]) => ({
    label: `a JSON body that is ${label}`,
    payload: JSON.stringify(value),
    contentType: JSON_TYPE,
    refused: refusedBySchema(value),
  }));
}

export function deeplyNestedBodies(): RawBody[] {
  const arrays = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
  const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
  const refusedUnlessArray = (operation: Operation) =>
    writes(operation) && operation.body !== undefined && typesOf(operation.body)?.has("array") === false;
  return [
    {
      label: "arrays nested 10,000 deep",
      payload: arrays(10_000),
      contentType: JSON_TYPE,
      refused: refusedUnlessArray,
    },
    // ~400 KB: under the body limit, far deeper than any recursive walk of the value can go.
    {
      label: "arrays nested 200,000 deep",
      payload: arrays(200_000),
      contentType: JSON_TYPE,
      refused: refusedUnlessArray,
    },
    {
      label: "objects nested 10,000 deep",
      payload: objects(10_000),
      contentType: JSON_TYPE,
      refused: refusedBySchema({ a: {} }),
    },
    {
      label: "objects nested 100,000 deep",
      payload: objects(100_000),
      contentType: JSON_TYPE,
      refused: refusedBySchema({ a: {} }),
    },
    {
      label: "a __proto__ key 10,000 levels down",
      payload: `${'{"a":'.repeat(10_000)}{"__proto__":{"admin":true}}${"}".repeat(10_000)}`,
      contentType: JSON_TYPE,
      refused: writes,
    },
  ];
}

/** The sample sent under media types the route does not take as JSON. */
export function wrongContentTypeBodies(sampleText: string): RawBody[] {
  const parsedAsText = (operation: Operation) =>
    writes(operation) && operation.body !== undefined && typesOf(operation.body)?.has("string") === false;
  return [
    { label: "JSON sent as text/plain", payload: sampleText, contentType: "text/plain", refused: parsedAsText },
    {
      label: "text/plain that is not JSON",
      payload: "just some words",
      contentType: "text/plain; charset=utf-8",
      refused: parsedAsText,
    },
    { label: "XML", payload: "<user><name>x</name></user>", contentType: "application/xml", refused: writes },
    { label: "JSON sent as application/xml", payload: sampleText, contentType: "application/xml", refused: writes },
    {
      label: "form-urlencoded",
      payload: "content=hello&a[b]=c&&=",
      contentType: "application/x-www-form-urlencoded",
      refused: never,
    },
    {
      label: "a PNG's bytes",
      payload: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      contentType: "image/png",
      refused: writes,
    },
    { label: "a made-up media type", payload: sampleText, contentType: "application/x-made-up", refused: writes },
    { label: "a media type list", payload: sampleText, contentType: "application/json, text/plain", refused: never },
    { label: "an empty content type", payload: sampleText, contentType: "", refused: never },
    { label: "no content type", payload: sampleText, contentType: undefined, refused: never },
    { label: "a garbage content type", payload: sampleText, contentType: ";;;/==", refused: never },
    {
      label: "a 10 KB content type",
      payload: sampleText,
      contentType: `application/json; x=${"y".repeat(10_000)}`,
      refused: never,
    },
  ];
}

/** Bodies over every route's limit (the largest is the staff reply's, about 67 MB). */
export function oversizedBodies(): RawBody[] {
  const padding = (size: number) => `{"padding":"${"x".repeat(size)}"}`;
  const lazy = (size: number) => () =>
    Readable.from(
      (function* () {
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        for (let sent = 0; sent < size; sent += chunk.length)
          yield chunk.subarray(0, Math.min(chunk.length, size - sent));
      })(),
    );
  return [
    { label: "1 MiB of JSON (over the default limit)", payload: padding(MiB), contentType: JSON_TYPE, refused: writes },
    {
      label: "a declared 128 MiB body",
      payload: lazy(128 * MiB),
      contentType: JSON_TYPE,
      contentLength: 128 * MiB,
      refused: writes,
    },
    { label: "2 MiB streamed without a length", payload: lazy(2 * MiB), contentType: JSON_TYPE, refused: writes },
    {
      label: "a content-length that is not a number",
      payload: "{}",
      contentType: JSON_TYPE,
      contentLength: Number.NaN,
      refused: never,
    },
  ];
}

// Multipart bodies, built by hand so every byte can be wrong.
const CRLF = "\r\n";
const BOUNDARY = "----bad-input-boundary";
type Part = { headers: string[]; content: string | Buffer };
const field = (name: string, value: string): Part => ({
  headers: [`Content-Disposition: form-data; name="${name}"`],
  content: value,
});
const file = (name: string, type: string, content: string | Buffer): Part => ({
  headers: [`Content-Disposition: form-data; name="attachments"; filename="${name}"`, `Content-Type: ${type}`],
  content,
});

function multipart(parts: Part[], boundary = BOUNDARY, closing = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}${CRLF}${part.headers.join(CRLF)}${CRLF}${CRLF}`));
    chunks.push(Buffer.from(part.content));
    chunks.push(Buffer.from(CRLF));
  }
  if (closing) chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return Buffer.concat(chunks);
}

const formType = (boundary = BOUNDARY) => `multipart/form-data; boundary=${boundary}`;

/**
 * Multipart bodies for every write: a route that takes multipart must answer a clear 400 (or 413), the
 * others 415. Each carries a defect (never a readable `content` with acceptable files), so none may post.
 */
export function malformedMultipartBodies(): RawBody[] {
  const good = multipart([field("content", "Hello"), file("note.txt", "text/plain", "hello")]);
  const cases: [string, Buffer | string, string | undefined][] = [
    ["multipart without a boundary", good, "multipart/form-data"],
    ["multipart with an empty boundary", good, "multipart/form-data; boundary="],
    ["multipart whose boundary is not the body's", good, formType("some-other-boundary")],
    ["multipart cut before its closing boundary", good.subarray(0, good.length - 10), formType()],
    ["multipart cut in a part's headers", good.subarray(0, 40), formType()],
    ["multipart cut in the middle of a file", good.subarray(0, good.length - 30), formType()],
    ["an empty multipart body", "", formType()],
    ["only a closing boundary", `--${BOUNDARY}--${CRLF}`, formType()],
    ["multipart that is random text", "this is not multipart at all", formType()],
    ["multipart with LF instead of CRLF", good.toString().replaceAll(CRLF, "\n"), formType()],
    [
      "a part without Content-Disposition",
      multipart([{ headers: ["Content-Type: text/plain"], content: "Hello" }]),
      formType(),
    ],
    [
      "a part with an attachment disposition",
      multipart([{ headers: ['Content-Disposition: attachment; name="content"'], content: "Hello" }]),
      formType(),
    ],
    [
      "a part with a disposition without a name",
      multipart([{ headers: ["Content-Disposition: form-data"], content: "Hello" }]),
      formType(),
    ],
    [
      "a part whose headers never end",
      Buffer.from(`--${BOUNDARY}${CRLF}Content-Disposition: form-data; name="content"${CRLF}X: ${"y".repeat(100_000)}`),
      formType(),
    ],
    ["a __proto__ field", multipart([field("__proto__", "x"), field("content", "Hello")]), formType()],
    ["a 100 KB content field", multipart([field("content", "x".repeat(100_000))]), formType()],
    ["twelve fields", multipart(Array.from({ length: 12 }, (_, i) => field(`f${i}`, "x"))), formType()],
    [
      "six files",
      multipart([field("content", "Hi"), ...Array.from({ length: 6 }, (_, i) => file(`f${i}.txt`, "text/plain", "x"))]),
      formType(),
    ],
    ["a file without a name", multipart([field("content", "Hi"), file("", "text/plain", "x")]), formType()],
    ["a NUL in the content", multipart([field("content", "a\u0000b")]), formType()],
    ["an HTML file", multipart([field("content", "Hi"), file("a.html", "text/html", "<script></script>")]), formType()],
    ["an empty file", multipart([field("content", "Hi"), file("empty.txt", "text/plain", "")]), formType()],
    ["a PNG that is not one", multipart([field("content", "Hi"), file("a.png", "image/png", "<html>")]), formType()],
    ["a multipart/mixed body", good, `multipart/mixed; boundary=${BOUNDARY}`],
  ];
  // Oddities busboy reads leniently: refused only by the defect the generator adds.
  const lenient: [string, Buffer | string, string | undefined][] = [
    [
      "multipart with a 200-character boundary",
      multipart([field("content", "Hi")], "b".repeat(200)),
      formType("b".repeat(200)),
    ],
    [
      "a file named with a path (kept as its last segment)",
      multipart([field("content", "Hi"), file("../../etc/passwd", "text/plain", "x")]),
      formType(),
    ],
    ["multipart/form-data declared UTF-16", good, `${formType()}; charset=utf-16`],
  ];
  return [
    ...cases.map(([label, payload, contentType]) => ({ label, payload, contentType, refused: writes })),
    ...lenient.map(([label, payload, contentType]) => ({ label, payload, contentType, refused: never })),
  ];
}

/** Names that are not in the schema at any depth, for unknown-field noise. */
export function unknownFieldName(operation: Operation, random: Random): string {
  const known = new Set(operation.body ? fieldSlots(operation.body).map((slot) => slot.path.at(-1)) : []);
  const names = [
    "is_admin",
    "role",
    "company_id",
    "id",
    "user_id",
    "__proto__x",
    "constructor",
    "toString",
    "a".repeat(300),
  ];
  const free = names.filter((name) => !known.has(name));
  return random.pick(free);
}
