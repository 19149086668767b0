import { describe, expect, it } from "vitest";
import { PRODUCT_LIMITS, productInputSchema, productPatchSchema, productsQuerySchema } from "./product.ts";

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined }) =>
  result.error?.issues.map((issue) => ({ path: issue.path, message: issue.message }));

describe("a new product", () => {
  it("needs a SKU, a name and a price; the rest has defaults and text is trimmed", () => {
    expect(productInputSchema.parse({ sku: " PAL-01 ", name: " Wooden pallet ", unitPriceCents: 1800 })).toEqual({
      sku: "PAL-01",
      name: "Wooden pallet",
      description: "",
      measureUnit: "unit",
      unitPriceCents: 1800,
      stock: null,
      available: true,
      active: true,
    });
    expect(issuesOf(productInputSchema.safeParse({}))?.map((issue) => issue.path[0])).toEqual([
      "sku",
      "name",
      "unitPriceCents",
    ]);
  });

  it("refuses a blank or over-long SKU, one with a line break, and names over 200 characters", () => {
    const base = { name: "Box", unitPriceCents: 1 };
    expect(issuesOf(productInputSchema.safeParse({ ...base, sku: "  " }))).toEqual([
      { path: ["sku"], message: "SKU is required" },
    ]);
    expect(issuesOf(productInputSchema.safeParse({ ...base, sku: "x".repeat(65) }))).toEqual([
      { path: ["sku"], message: "SKU must be at most 64 characters" },
    ]);
    expect(issuesOf(productInputSchema.safeParse({ ...base, sku: "A\nB" }))?.[0]?.path).toEqual(["sku"]);
    expect(issuesOf(productInputSchema.safeParse({ ...base, sku: "A", name: "n".repeat(201) }))?.[0]?.path).toEqual([
      "name",
    ]);
  });

  it("takes whole, non-negative cents up to the limit, a known currency and a stock or none", () => {
    const base = { sku: "A", name: "Box" };
    const price = (unitPriceCents: unknown) => productInputSchema.safeParse({ ...base, unitPriceCents }).success;
    expect([0, 1, PRODUCT_LIMITS.unitPriceCents].map(price)).toEqual([true, true, true]);
    expect([-1, 1.5, PRODUCT_LIMITS.unitPriceCents + 1, "18.00", null].map(price)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(productInputSchema.safeParse({ ...base, unitPriceCents: 1, currency: "EUR" }).success).toBe(true);
    expect(issuesOf(productInputSchema.safeParse({ ...base, unitPriceCents: 1, currency: "XYZ" }))?.[0]).toEqual({
      path: ["currency"],
      message: expect.stringMatching(/^Must be one of USD, EUR/),
    });
    expect(productInputSchema.parse({ ...base, unitPriceCents: 1, stock: 0 }).stock).toBe(0);
    expect(productInputSchema.safeParse({ ...base, unitPriceCents: 1, stock: -1 }).success).toBe(false);
    expect(productInputSchema.safeParse({ ...base, unitPriceCents: 1, description: "d".repeat(2001) }).success).toBe(
      false,
    );
  });
});

describe("a product patch", () => {
  it("takes any subset, null stock included, and refuses an empty one", () => {
    expect(productPatchSchema.parse({ unitPriceCents: 1500 })).toEqual({ unitPriceCents: 1500 });
    expect(productPatchSchema.parse({ active: false, stock: null })).toEqual({ active: false, stock: null });
    expect(issuesOf(productPatchSchema.safeParse({}))).toEqual([{ path: [], message: "Nothing to change" }]);
    expect(issuesOf(productPatchSchema.safeParse({ sku: "" }))?.[0]?.path).toEqual(["sku"]);
  });
});

describe("the products query", () => {
  it("defaults to every product by name, 25 a page, and names a bad parameter", () => {
    expect(productsQuerySchema.parse({})).toEqual({
      active: "all",
      sort: "name",
      direction: "asc",
      page: 1,
      perPage: 25,
    });
    expect(productsQuerySchema.parse({ q: " pallet ", active: "inactive", perPage: "100" })).toMatchObject({
      q: "pallet",
      active: "inactive",
      perPage: 100,
    });
    for (const [key, value] of [
      ["active", "maybe"],
      ["sort", "colour"],
      ["perPage", "101"],
      ["q", "x".repeat(101)],
    ]) {
      expect(issuesOf(productsQuerySchema.safeParse({ [key!]: value }))?.[0]?.path).toEqual([key]);
    }
  });
});
