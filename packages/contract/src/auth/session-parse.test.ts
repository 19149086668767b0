import { describe, expect, it } from "vitest";
import { selectedCompanySchema } from "../companies/selected-company.ts";
import { parseStoredCompany } from "../index.ts";
import { parseSession, sessionFromTokenBody, sessionSchema } from "./session.ts";

// parseSession, sessionFromTokenBody and parseStoredCompany are written without zod (they run in the
// browser's initial bundle); these cases pin them to the schemas they stand in for.

const base = { accessToken: "a", tokenType: "Bearer", expiresIn: 7200, refreshToken: "r", scope: "", createdAt: 1 };
const sessionCases: unknown[] = [
  base,
  { ...base, extra: "dropped" },
  { ...base, refreshToken: undefined, scope: undefined },
  { accessToken: "a", tokenType: "Bearer", expiresIn: 1, createdAt: 1 },
  { ...base, refreshToken: "" },
  { ...base, accessToken: "" },
  { ...base, tokenType: "" },
  { ...base, expiresIn: "7200" },
  { ...base, expiresIn: Number.NaN },
  { ...base, createdAt: Number.POSITIVE_INFINITY },
  { ...base, createdAt: undefined },
  { ...base, refreshToken: null },
  { ...base, scope: 3 },
  null,
  [],
  "session",
  42,
];

describe("parseSession", () => {
  it.each(sessionCases.map((value) => [JSON.stringify(value) ?? String(value), value]))(
    "agrees with sessionSchema on %s",
    (_label, value) => {
      const parsed = sessionSchema.safeParse(value);
      expect(parseSession(value)).toEqual(parsed.success ? parsed.data : null);
    },
  );
});

describe("sessionFromTokenBody", () => {
  it.each(sessionCases.map((value) => [JSON.stringify(value) ?? String(value), value]))(
    "agrees with sessionSchema.required({ refreshToken }) on %s",
    (_label, value) => {
      const parsed = sessionSchema.required({ refreshToken: true }).safeParse(value);
      expect(sessionFromTokenBody(value)).toEqual(parsed.success ? parsed.data : null);
    },
  );
});

describe("parseStoredCompany", () => {
  const raws = [
    '{"id":"c1","name":"Acme","logoSmallUrl":null}',
    '{"id":"c1"}',
    '{"id":"c1","name":null}',
    '{"id":"c1","name":3}',
    '{"id":""}',
    '{"id":1}',
    "{}",
    "[1]",
    '["c1"]',
    '"c1"',
    "null",
    "3",
  ];
  it.each(raws)("agrees with selectedCompanySchema on %s", (raw) => {
    const parsed = selectedCompanySchema.safeParse(JSON.parse(raw));
    expect(parseStoredCompany(raw)).toEqual(parsed.success ? parsed.data : null);
  });
});
