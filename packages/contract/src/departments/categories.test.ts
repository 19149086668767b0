import { describe, expect, it } from "vitest";
import { DEPARTMENT_CATEGORIES, DEPARTMENT_CATEGORY } from "./categories.ts";
import { DEPARTMENT_KINDS } from "./kinds.ts";

describe("department categories", () => {
  it("puts every kind but analytics in one of the spec's two categories", () => {
    for (const kind of DEPARTMENT_KINDS) {
      const category = DEPARTMENT_CATEGORY[kind];
      if (kind === "analytics") expect(category).toBeNull();
      else expect(DEPARTMENT_CATEGORIES).toContain(category);
    }
    expect(DEPARTMENT_CATEGORY.sales).toBe("sales");
    expect(DEPARTMENT_CATEGORY.support).toBe("customer support");
  });
});
