import { describe, expect, it } from "vitest";
import { csvRowToProduct, PRODUCT_CSV_COLUMNS, parseProductsCsv, productsToCsv } from "./csv.ts";
import type { Product } from "./product.ts";

const product = (overrides: Partial<Product> = {}): Product => ({
  id: "p1",
  sku: "PAL-01",
  name: "Wooden pallet, heat-treated",
  description: 'The "classic"\nEuro size',
  measureUnit: "unit",
  unitPriceCents: 1850,
  currency: "USD",
  stock: null,
  available: true,
  active: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...overrides,
});

describe("csvRowToProduct", () => {
  it("reads a full row, prices as amounts and flags as true/false, yes/no or 1/0", () => {
    expect(
      csvRowToProduct({
        sku: " BOX-12 ",
        name: "Box",
        description: "  Strong ",
        measure_unit: "pack",
        unit_price: "24.5",
        currency: "eur",
        stock: "120",
        available: "No",
        active: "1",
      }),
    ).toEqual({
      ok: true,
      values: {
        sku: "BOX-12",
        name: "Box",
        description: "Strong",
        measureUnit: "pack",
        unitPriceCents: 2450,
        currency: "EUR",
        stock: 120,
        available: false,
        active: true,
      },
    });
  });

  it("leaves out the columns the file does not have, and gives empty optional cells their defaults", () => {
    expect(csvRowToProduct({ sku: "A", name: "B", unit_price: "0" })).toEqual({
      ok: true,
      values: { sku: "A", name: "B", unitPriceCents: 0 },
    });
    expect(
      csvRowToProduct({
        sku: "A",
        name: "B",
        unit_price: "1",
        description: "",
        measure_unit: "",
        currency: "",
        stock: "",
        available: "",
        active: "",
      }),
    ).toEqual({
      ok: true,
      values: {
        sku: "A",
        name: "B",
        unitPriceCents: 100,
        description: "",
        measureUnit: "unit",
        currency: null,
        stock: null,
        available: true,
        active: true,
      },
    });
  });

  it("names each column's first problem", () => {
    const result = csvRowToProduct({
      sku: "",
      name: "x".repeat(201),
      unit_price: "12.345",
      currency: "XYZ",
      stock: "-3",
      available: "maybe",
      measure_unit: "u".repeat(21),
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.map((error) => error.column)).toEqual([
      "sku",
      "name",
      "unit_price",
      "measure_unit",
      "currency",
      "stock",
      "available",
    ]);
    expect(csvRowToProduct({ sku: "A", name: "B", unit_price: "" })).toEqual({
      ok: false,
      errors: [{ column: "unit_price", message: "Price is required" }],
    });
    expect(csvRowToProduct({ sku: "A", name: "B", unit_price: "10000000.01" })).toEqual({
      ok: false,
      errors: [{ column: "unit_price", message: "Must be at most 1000000000 cents" }],
    });
  });

  it("refuses NUL characters in a cell", () => {
    expect(csvRowToProduct({ sku: "A", name: "B\u0000", unit_price: "1" })).toEqual({
      ok: false,
      errors: [{ column: "name", message: "Must not contain NUL characters" }],
    });
  });
});

describe("products as CSV", () => {
  it("exports a header and one row per product, and imports it back to the same values", () => {
    const products = [
      product(),
      product({ id: "p2", sku: "-DASH", name: "=cmd", stock: 0, available: false, active: false, currency: "EUR" }),
    ];
    const text = productsToCsv(products);
    expect(text.split("\r\n")[0]).toBe(PRODUCT_CSV_COLUMNS.join(","));
    expect(text).toContain(",unit,18.50,USD,,true,true\r\n");
    const parsed = parseProductsCsv(text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toEqual(
      products.map((p, index) => ({
        line: index === 0 ? 2 : 4,
        values: {
          sku: p.sku,
          name: p.name,
          description: p.description,
          measureUnit: p.measureUnit,
          unitPriceCents: p.unitPriceCents,
          currency: p.currency,
          stock: p.stock,
          available: p.available,
          active: p.active,
        },
      })),
    );
  });

  it("accepts columns in any order and case, and skips blank lines", () => {
    const parsed = parseProductsCsv("Unit_Price,SKU,name\r\n18,pal-01,Pallet\r\n\r\n");
    expect(parsed).toEqual({
      errors: [],
      rows: [{ line: 2, values: { sku: "pal-01", name: "Pallet", unitPriceCents: 1800 } }],
    });
  });

  it("names the line and column of every problem, and a SKU repeated in any case", () => {
    const text = [
      "sku,name,unit_price,stock",
      "A-1,Good,1.00,",
      "B-2,,ten,3",
      "a-1,Again,2.00,",
      "C-3,Short",
      "D-4,Fine,4,lots",
    ].join("\r\n");
    const parsed = parseProductsCsv(text);
    expect(parsed.rows.map((row) => row.line)).toEqual([2]);
    expect(parsed.errors).toEqual([
      { line: 3, column: "name", message: "Name is required" },
      { line: 3, column: "unit_price", message: expect.stringMatching(/^Must be an amount/) },
      { line: 4, column: "sku", message: "a-1 is also on line 2" },
      { line: 5, column: "unit_price", message: "Has 2 fields; the header has 4" },
      { line: 6, column: "stock", message: expect.stringMatching(/^Must be a whole number/) },
    ]);
  });

  it("refuses unknown, repeated and missing columns on line 1, and an empty file", () => {
    expect(parseProductsCsv("sku,sku,colour\r\nA,A,red")).toEqual({
      rows: [],
      errors: [
        { line: 1, column: "sku", message: "This column appears twice" },
        { line: 1, column: "colour", message: expect.stringMatching(/^Unknown column/) },
        { line: 1, column: "name", message: "Missing column" },
        { line: 1, column: "unit_price", message: "Missing column" },
      ],
    });
    expect(parseProductsCsv("")).toMatchObject({ rows: [], errors: [{ line: 1, column: "header" }] });
  });

  it("reports a syntax error with its line and the header's column name", () => {
    expect(parseProductsCsv('sku,name,unit_price\r\nA,"B"x,1')).toEqual({
      rows: [],
      errors: [{ line: 2, column: "name", message: "Unexpected text after a closing quote" }],
    });
  });
});
