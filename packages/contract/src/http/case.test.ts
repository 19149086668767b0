import { describe, expect, it } from "vitest";
import { camelizeKeys, parseCompanyIdHeader, snakeizeKeys } from "../index.ts";

describe("case conversion", () => {
  it("converts nested keys both ways and leaves values alone", () => {
    const wire = { ai_employees_count: 2, managed_companies: [{ logo_small_url: "x_y" }], sort_order: null };
    const code = { aiEmployeesCount: 2, managedCompanies: [{ logoSmallUrl: "x_y" }], sortOrder: null };
    expect(camelizeKeys(wire)).toEqual(code);
    expect(snakeizeKeys(code)).toEqual(wire);
  });
  it("converts null-prototype objects such as parsed form bodies", () => {
    const form = Object.assign(Object.create(null), { grant_type: "password" });
    expect(camelizeKeys(form)).toEqual({ grantType: "password" });
  });
  it("does not descend into non-plain objects", () => {
    const date = new Date(0);
    expect(camelizeKeys({ created_at: date })).toEqual({ createdAt: date });
  });
});

describe("parseCompanyIdHeader", () => {
  it("needs a non-empty string after trimming", () => {
    expect(parseCompanyIdHeader(" 12 ")).toBe("12");
    expect(parseCompanyIdHeader("   ")).toBeNull();
    expect(parseCompanyIdHeader(undefined)).toBeNull();
  });
});
