import { describe, expect, it } from "vitest";
import { parseAiEmployeesSearch } from "./search.ts";

describe("parseAiEmployeesSearch", () => {
  it("defaults to the monthly frame, by name, first page, no filters", () => {
    expect(parseAiEmployeesSearch({})).toEqual({ timeFrame: "monthly" });
  });

  it("keeps the period, filters, sort, page and the employee being edited", () => {
    const id = "0b7c2a52-5d7e-4a8f-9d7e-1c2b3a4d5e6f";
    expect(
      parseAiEmployeesSearch({
        timeFrame: "weekly",
        q: "  ana ",
        department: id,
        employeeStatus: "Inactive",
        sort: "revenue",
        desc: true,
        page: 3,
        edit: id,
      }),
    ).toEqual({
      timeFrame: "weekly",
      q: "ana",
      department: id,
      employeeStatus: "inactive",
      sort: "revenue",
      desc: true,
      page: 3,
      edit: id,
    });
  });

  it("keeps a custom range", () => {
    expect(parseAiEmployeesSearch({ "q[created_at_gteq]": "2026-01-01", "q[created_at_lteq]": "2026-01-31" })).toEqual({
      timeFrame: "monthly",
      "q[created_at_gteq]": "2026-01-01",
      "q[created_at_lteq]": "2026-01-31",
    });
  });

  it("reads desc as true or 1 only", () => {
    expect(parseAiEmployeesSearch({ desc: "true" }).desc).toBe(true);
    expect(parseAiEmployeesSearch({ desc: 1 } as never).desc).toBe(true);
    expect(parseAiEmployeesSearch({ desc: false }).desc).toBeUndefined();
    expect(parseAiEmployeesSearch({ desc: "yes" } as never).desc).toBeUndefined();
  });

  it("drops unknown or malformed values, naming them undefined so the router drops the raw ones", () => {
    const parsed = parseAiEmployeesSearch({
      employeeStatus: "fired",
      sort: "salary",
      page: "abc",
      department: "a b/c",
      edit: { id: 1 },
      q: "   ",
      timeFrame: "yearly",
    } as never);
    expect(parsed).toEqual({ timeFrame: "monthly" });
    for (const key of ["employeeStatus", "sort", "page", "department", "edit", "q", "desc"] as const) {
      expect(Object.hasOwn(parsed, key) && parsed[key] === undefined).toBe(true);
    }
  });

  it("leaves the default sort and the first page out of the address", () => {
    expect(parseAiEmployeesSearch({ sort: "name", page: 1 })).toEqual({ timeFrame: "monthly" });
  });

  it("caps the search text", () => {
    expect(parseAiEmployeesSearch({ q: "x".repeat(500) }).q).toHaveLength(100);
  });
});
