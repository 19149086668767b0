import type { JsonSchema } from "./openapi-operations.ts";
import type { Random } from "./seeded-random.ts";

// The bad values the generator puts into fields, query parameters, path segments and headers.

const MB_OF_TEXT = "x".repeat(1_000_000);

/** Strings that have hurt web apps: NUL, lone surrogates, directional overrides, injections, huge ones. */
export const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\u202eevil",
  "🙂".repeat(20),
  "Z\u0351\u0360\u0352a\u0350\u036bl\u0364g\u0367o",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "<script>alert(1)</script>",
  "'; drop table users; --",
  "../../../etc/passwd",
  "%00%s%n",
  "\\",
  '"',
  "\r\nX-Injected: yes",
  "x".repeat(10_000),
] as const;

/** Characters for random garbage: ASCII punctuation, escapes, accents, emoji, controls. */
const GARBAGE_ALPHABET = "abcXYZ019 !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\t\n\u0000\u0007éßø中文🙂\u202e\ufeff";

export function garbageText(random: Random, maxLength = 64): string {
  return random.text(1 + random.int(maxLength), GARBAGE_ALPHABET);
}

/** Values of the wrong JSON type, null, an array or an object where a scalar is expected, and back. */
export const WRONG_TYPE_VALUES: unknown[] = [
  42,
  -1,
  1.5,
  2 ** 53 + 2,
  true,
  false,
  null,
  "text",
  [],
  ["x"],
  [[[]]],
  {},
  { nested: "x" },
];

/** Strings aimed at one string schema's limits, plus a 1 MB one and a few hostile ones. */
export function stringsFor(schema: JsonSchema, random: Random): string[] {
  const values: string[] = [MB_OF_TEXT, "é".repeat(500_000), random.pick(HOSTILE_STRINGS), garbageText(random)];
  if (schema.maxLength !== undefined) values.push("y".repeat(schema.maxLength + 1));
  if (schema.minLength !== undefined && schema.minLength > 0) values.push("y".repeat(schema.minLength - 1));
  if (schema.enum) values.push("not_a_listed_value", String(schema.enum[0]).toUpperCase(), `${schema.enum[0]} `);
  if (schema.format === "uuid") values.push("not-a-uuid", "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8g", "7d1b3a54");
  if (schema.pattern !== undefined) values.push("!!! does not match !!!");
  return values;
}

export const NUMBERS = [-1, 0, 0.5, 2 ** 31, Number.MAX_SAFE_INTEGER + 2, 1e308];

/** Query values: what a wrong `?per_page=` or `?stage=` looks like on the wire. */
export function queryValuesFor(schema: JsonSchema, random: Random): (string | string[])[] {
  const values: (string | string[])[] = [
    "",
    " ",
    "abc",
    "1.5",
    "-1",
    "0",
    "0x10",
    "Infinity",
    "1e400",
    "9".repeat(40),
    "1,2",
    "\u0000",
    "null",
    random.pick(HOSTILE_STRINGS),
    garbageText(random),
    ["1", "2"],
    "x".repeat(100_000),
  ];
  if (schema.maxLength !== undefined) values.push("q".repeat(schema.maxLength + 1));
  if (schema.enum) values.push("NOT_LISTED", String(schema.enum[0]).toUpperCase(), [String(schema.enum[0]), "x"]);
  if (schema.format === "uuid") values.push("not-a-uuid", "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8g");
  return values;
}

/** Raw query strings that no parser should choke on. */
export const RAW_QUERIES = [
  "%zz=1",
  "a=%zz",
  "a=%",
  "a=%E0%A4%A",
  "a=%C0%AF",
  "&&&==&=",
  "a[]=1&a[]=2",
  "a[b][c]=1",
  "__proto__[admin]=1",
  "constructor[prototype][admin]=1",
  `${"k".repeat(5_000)}=v`,
  Array.from({ length: 2_000 }, (_, i) => `p${i}=${i}`).join("&"),
];

/** Path segments as URL text: not ids, huge, unicode, traversal, percent-encoded garbage. */
export const BAD_PATH_SEGMENTS = [
  "not-a-uuid",
  "-1",
  "0",
  "1.5",
  "00000000-0000-0000-0000-000000000000",
  "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8dx",
  "99999999999999999999",
  "a".repeat(10_000),
  encodeURIComponent("ïd-🙂-中文"),
  "..",
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e%2f",
  "%zz",
  "%",
  "%00",
  "%E0%A4%A",
  "%C0%AE%C0%AE",
  "%0d%0aX-Injected:%20yes",
  encodeURIComponent("' OR '1'='1"),
  encodeURIComponent("<script>"),
  "%20",
];

/** Bearer headers that must all be refused; `token` is a live one used to build near misses. */
export function badAuthorizations(tokens: {
  valid: string;
  revoked: string;
  expired: string;
  refresh: string;
}): [string, string | undefined][] {
  return [
    ["no Authorization header", undefined],
    ["an empty Authorization header", ""],
    ["Bearer without a token", "Bearer"],
    ["Bearer and spaces", "Bearer    "],
    ["Basic credentials", "Basic dXNlcjpwYXNzd29yZA=="],
    ["the token without Bearer", tokens.valid],
    ["the token under another scheme", `Token ${tokens.valid}`],
    ["Bearer glued to the token", `Bearer${tokens.valid}`],
    ["two tokens", `Bearer ${tokens.valid} ${tokens.valid}`],
    ["a repeated header", `Bearer ${tokens.valid}, Bearer ${tokens.valid}`],
    ["a garbage token", "Bearer garbage"],
    ["a token of quotes and slashes", "Bearer \"'\\/.."],
    ["a revoked token", `Bearer ${tokens.revoked}`],
    ["an expired token", `Bearer ${tokens.expired}`],
    ["a refresh token", `Bearer ${tokens.refresh}`],
    [
      "the token with one character changed",
      `Bearer ${tokens.valid.slice(0, -1)}${tokens.valid.endsWith("A") ? "B" : "A"}`,
    ],
    ["a 100 KB token", `Bearer ${"t".repeat(100_000)}`],
    ["a Latin-1 token", "Bearer \u00e9\u00e8\u00ff"],
  ];
}

/** X-Company-ID values that name no company of the caller's. */
export function badCompanyIds(own: string, foreign: string): [string, string | undefined][] {
  return [
    ["no X-Company-ID header", undefined],
    ["an empty X-Company-ID", ""],
    ["a blank X-Company-ID", "   "],
    ["another company's id", foreign],
    ["a made-up uuid", "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d"],
    ["a company id that is not a uuid", "not-a-uuid"],
    ["a numeric company id", "1"],
    ["an injection", "'; drop table companies; --"],
    ["a repeated header with two companies", `${own}, ${foreign}`],
    ["a repeated header with the same company", `${own},${own}`],
    ["the id in braces", `{${own}}`],
    ["the id with a suffix", `${own}x`],
    ["a 10 KB id", "c".repeat(10_000)],
    ["null", "null"],
  ];
}
