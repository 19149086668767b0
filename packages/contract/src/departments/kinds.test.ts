import { describe, expect, it } from "vitest";
import type { Department } from "./department.ts";
import {
  departmentPath,
  FALLBACK_DEPARTMENTS,
  matchDepartmentKind,
  resolveDepartmentName,
  withPlaceholderDepartments,
} from "./kinds.ts";

const dept = (name: string, overrides: Partial<Department> = {}): Department => ({
  id: name,
  name,
  aiEmployeesCount: 1,
  sortOrder: 1,
  isActive: true,
  avatarUrl: null,
  ...overrides,
});

describe("matchDepartmentKind", () => {
  it.each([
    ["Sales", "sales"],
    ["SALES TEAM", "sales"],
    ["Ventas", "sales"],
    ["venta", "sales"],
    ["Retención", "retention"],
    ["Retencion de clientes", "retention"],
    ["Customer retain", "retention"],
    ["Soporte", "support"],
    ["Help desk", "support"],
    ["Ayuda", "support"],
    ["Cobranza", "collections"],
    ["Cobranzas", "collections"],
    ["Collections", "collections"],
    ["Analítica", "analytics"],
    ["Data Analyst", "analytics"],
    ["analytics", "analytics"],
  ])("%s → %s", (name, kind) => {
    expect(matchDepartmentKind(name)).toBe(kind);
  });

  it("matches when the server name is a substring of a synonym", () => {
    expect(matchDepartmentKind("sale")).toBe("sales");
    expect(matchDepartmentKind("Collect")).toBe("collections");
  });

  it("returns null for unrelated or empty names", () => {
    expect(matchDepartmentKind("Marketing")).toBeNull();
    expect(matchDepartmentKind("   ")).toBeNull();
  });
});

describe("resolveDepartmentName", () => {
  const english = [{ name: "Sales" }, { name: "Retention" }, { name: "Support" }, { name: "Collections" }];
  it("finds the department named so first, case and spaces aside", () => {
    expect(resolveDepartmentName(english, "  support ")).toBe(english[2]);
    // An exact name wins over an earlier department of the same kind.
    const two = [{ name: "Sales" }, { name: "Inside sales" }];
    expect(resolveDepartmentName(two, "inside SALES")).toBe(two[1]);
  });
  it("else the first department of the same kind, across languages", () => {
    expect(resolveDepartmentName(english, "Ventas")).toBe(english[0]);
    expect(resolveDepartmentName(english, "Retención")).toBe(english[1]);
    expect(resolveDepartmentName(english, "cobranza")).toBe(english[3]);
    const spanish = [{ name: "Ventas" }, { name: "Soporte" }];
    expect(resolveDepartmentName(spanish, "Customer Support")).toBe(spanish[1]);
  });
  it("answers null for a name of no department and no kind the company has", () => {
    expect(resolveDepartmentName(english, "Analytics")).toBeNull();
    expect(resolveDepartmentName(english, "Marketing")).toBeNull();
    expect(resolveDepartmentName(english, "   ")).toBeNull();
  });
});

describe("departmentPath", () => {
  it("links known kinds to their screen and others to the lowercased name", () => {
    expect(departmentPath("Ventas")).toBe("/sales");
    expect(departmentPath("Cobranza")).toBe("/collections");
    expect(departmentPath("Marketing")).toBe("/marketing");
  });
});

describe("withPlaceholderDepartments", () => {
  it("appends inactive, empty placeholders for the missing kinds with the spec's sort orders and ids", () => {
    const result = withPlaceholderDepartments([dept("Ventas"), dept("Soporte")], 1700000000000);
    expect(result.map((d) => d.name)).toEqual(["Ventas", "Soporte", "Retention", "Collections", "Analytics"]);
    const placeholders = result.slice(2);
    expect(placeholders.map((d) => d.sortOrder)).toEqual([2, 4, 5]);
    expect(placeholders.map((d) => d.id)).toEqual([
      "fallback-retention-1700000000000",
      "fallback-collections-1700000000000",
      "fallback-analytics-1700000000000",
    ]);
    for (const placeholder of placeholders) {
      expect(placeholder.isActive).toBe(false);
      expect(placeholder.aiEmployeesCount).toBe(0);
    }
  });

  it("adds nothing when every kind is present", () => {
    const all = ["Sales", "Retention", "Support", "Collections", "Analytics"].map((name) => dept(name));
    expect(withPlaceholderDepartments(all)).toHaveLength(5);
  });

  it("gives all five placeholders for an empty list", () => {
    expect(withPlaceholderDepartments([], 1).map((d) => d.sortOrder)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("FALLBACK_DEPARTMENTS", () => {
  it("is the spec's built-in list: only Sales active with one employee", () => {
    expect(FALLBACK_DEPARTMENTS.map((d) => [d.name, d.sortOrder, d.isActive, d.aiEmployeesCount])).toEqual([
      ["Sales", 1, true, 1],
      ["Support", 2, false, 0],
      ["Analytics", 3, false, 0],
      ["Collections", 4, false, 0],
      ["Retention", 5, false, 0],
    ]);
    for (const d of FALLBACK_DEPARTMENTS) expect(d.avatarUrl).toMatch(/^\/aiEmployees\//);
  });
});
