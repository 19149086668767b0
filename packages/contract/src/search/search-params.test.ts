import { describe, expect, it } from "vitest";
import { decodeSearchKeys, searchPage, searchUuid } from "./search-params.ts";

describe("searchPage", () => {
  it("accepts whole numbers from 1, as numbers or text", () => {
    expect(searchPage(1)).toBe(1);
    expect(searchPage(7)).toBe(7);
    expect(searchPage("12")).toBe(12);
    expect(searchPage(" 4 ")).toBe(4);
  });

  it.each([
    undefined,
    null,
    "",
    "abc",
    "2x",
    0,
    -1,
    "-3",
    2.5,
    "2.5",
    "1e3",
    Number.NaN,
    Number.POSITIVE_INFINITY,
    true,
    1e21,
    "99999999999999999999",
    {},
    [2],
  ])("reads %s as page 1", (value) => {
    expect(searchPage(value)).toBe(1);
  });
});

describe("decodeSearchKeys", () => {
  it("keeps keys that are not valid percent-encoding", () => {
    expect(decodeSearchKeys({ "100%": 1, "a%zz": 2 })).toEqual({ "100%": 1, "a%zz": 2 });
  });
});

describe("searchUuid", () => {
  it("keeps a UUID, lower-cased, and drops anything else", () => {
    expect(searchUuid(" 7D1B3A54-2C1E-4C8E-9D3F-3C2B1A0F9E8D ")).toBe("7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d");
    for (const value of ["", "nope", "7d1b3a54-2c1e-4c8e-9d3f", 42, {}, null, undefined]) {
      expect(searchUuid(value)).toBeUndefined();
    }
  });
});
