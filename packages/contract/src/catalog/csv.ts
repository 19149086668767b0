// The product catalog as CSV (RFC 4180): the export's rows, and the import's per-cell validation. Pure
// functions: the server reads and writes files with them, the web can preview with them. The RFC 4180
// reading and writing itself is csv/, shared with the AI employees' CSV.
import { z } from "zod";
import { type CsvRecord, CsvSyntaxError, formatCsv, parseCsv } from "../csv/csv.ts";
import { centsToDecimal, decimalToCents } from "../csv/decimal.ts";
import { type CsvCellError, csvCellErrorSchema, csvSyntaxProblem, readCsvTable } from "../csv/import-file.ts";
import type { Currency } from "../sales/currency.ts";
import {
  DEFAULT_MEASURE_UNIT,
  type Product,
  productCurrencySchema,
  productInputSchema,
  stockSchema,
  unitPriceCentsSchema,
} from "./product.ts";

export const PRODUCT_CSV_COLUMNS = [
  "sku",
  "name",
  "description",
  "measure_unit",
  "unit_price",
  "currency",
  "stock",
  "available",
  "active",
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** Columns an import cannot do without; the others may be left out. */
export const PRODUCT_CSV_REQUIRED_COLUMNS: readonly ProductCsvColumn[] = ["sku", "name", "unit_price"];

export const PRODUCT_IMPORT_LIMITS = { bytes: 2 * 1024 * 1024, rows: 10_000 } as const;

/** The import's refusal: 422 with every problem of the file, or a 422/413 about the file as a whole. */
export const productsImportErrorSchema = z.object({
  error: z.string(),
  errorDescription: z.string().optional(),
  details: z.array(csvCellErrorSchema).optional(),
});

export const productsImportResultSchema = z.object({
  /** Rows whose SKU was new: products added. */
  created: z.number().int().nonnegative(),
  /** Rows whose SKU was in the catalog and that changed it. */
  updated: z.number().int().nonnegative(),
  /** Rows whose SKU was in the catalog with every value already as the file says. */
  unchanged: z.number().int().nonnegative(),
});
export type ProductsImportResult = z.infer<typeof productsImportResultSchema>;

// ---------------------------------------------------------------------------------------------------
// Products → rows

const TRUE_WORDS = ["true", "yes", "1"];
const FALSE_WORDS = ["false", "no", "0"];

/** The export's row of one product, in PRODUCT_CSV_COLUMNS' order. */
export function productToCsvRow(product: Product): string[] {
  const values: Record<ProductCsvColumn, string> = {
    sku: product.sku,
    name: product.name,
    description: product.description,
    measure_unit: product.measureUnit,
    unit_price: centsToDecimal(product.unitPriceCents),
    currency: product.currency,
    stock: product.stock === null ? "" : String(product.stock),
    available: String(product.available),
    active: String(product.active),
  };
  return PRODUCT_CSV_COLUMNS.map((column) => values[column]);
}

/** The export file: a header row, then one row per product. */
export function productsToCsv(products: readonly Product[]): string {
  return formatCsv([[...PRODUCT_CSV_COLUMNS], ...products.map(productToCsvRow)]);
}

// ---------------------------------------------------------------------------------------------------
// Rows → products

/**
 * An import row once valid. A key is absent when its column is not in the file: a product already in
 * the catalog keeps that value, a new one takes the default. `currency: null` is an empty cell: the
 * company's currency.
 */
export type ProductCsvValues = {
  sku: string;
  name: string;
  unitPriceCents: number;
  description?: string;
  measureUnit?: string;
  currency?: Currency | null;
  stock?: number | null;
  available?: boolean;
  active?: boolean;
};

export type ProductCsvRowResult =
  | { ok: true; values: ProductCsvValues }
  | { ok: false; errors: { column: ProductCsvColumn; message: string }[] };

const shape = productInputSchema.shape;

/**
 * One data row (cells by column name; a missing key is a column the file does not have) as product
 * values, or each column's first problem. An empty cell of an optional column takes the default:
 * no description, measure unit "unit", the company's currency, stock not tracked, available, active.
 * Prices are amounts in the currency's units (18.00); true/false also read yes/no and 1/0.
 */
export function csvRowToProduct(cells: Partial<Record<ProductCsvColumn, string>>): ProductCsvRowResult {
  const errors: { column: ProductCsvColumn; message: string }[] = [];
  for (const column of PRODUCT_CSV_COLUMNS) {
    if ((cells[column] ?? "").includes("\u0000")) errors.push({ column, message: "Must not contain NUL characters" });
  }
  if (errors.length > 0) return { ok: false, errors };

  const has = (column: ProductCsvColumn) => cells[column] !== undefined;
  const cell = (column: ProductCsvColumn) => (cells[column] ?? "").trim();
  function check<T>(column: ProductCsvColumn, schema: z.ZodType<T>, value: unknown): T | undefined {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    errors.push({ column, message: parsed.error.issues[0]!.message });
    return undefined;
  }
  function flag(column: "available" | "active"): boolean | undefined {
    const word = cell(column).toLowerCase();
    if (word === "" || TRUE_WORDS.includes(word)) return true;
    if (FALSE_WORDS.includes(word)) return false;
    errors.push({ column, message: "Must be true or false" });
    return undefined;
  }

  const values: Partial<ProductCsvValues> = {};
  values.sku = check("sku", shape.sku, cells.sku ?? "");
  values.name = check("name", shape.name, cells.name ?? "");
  const price = cell("unit_price");
  const cents = decimalToCents(price);
  if (cents === null) {
    errors.push({
      column: "unit_price",
      message: price === "" ? "Price is required" : "Must be an amount like 18.00 (zero or more, at most two decimals)",
    });
  } else {
    values.unitPriceCents = check("unit_price", unitPriceCentsSchema, cents);
  }
  if (has("description")) values.description = check("description", shape.description, cells.description);
  if (has("measure_unit")) {
    values.measureUnit = check("measure_unit", shape.measureUnit, cell("measure_unit") || DEFAULT_MEASURE_UNIT);
  }
  if (has("currency")) {
    const code = cell("currency").toUpperCase();
    values.currency = code === "" ? null : check("currency", productCurrencySchema, code);
  }
  if (has("stock")) {
    const stock = cell("stock");
    if (stock !== "" && !/^\d{1,10}$/.test(stock)) {
      errors.push({ column: "stock", message: "Must be a whole number, or empty when stock is not tracked" });
    } else {
      values.stock = check("stock", stockSchema, stock === "" ? null : Number(stock));
    }
  }
  if (has("available")) values.available = flag("available");
  if (has("active")) values.active = flag("active");

  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, values: values as ProductCsvValues };
}

/** The valid rows and every problem of the file (a file with any problem must not be imported). */
export type ParsedProductsImport = {
  rows: { line: number; values: ProductCsvValues }[];
  errors: CsvCellError[];
};

/** A whole import file, parsed and validated (see productsFromCsvRecords). */
export function parseProductsCsv(text: string): ParsedProductsImport {
  try {
    return productsFromCsvRecords(parseCsv(text));
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return { rows: [], errors: [csvSyntaxProblem(text, error)] };
  }
}

/**
 * The records of an import file: the header (columns by name, any order, case-insensitive), then each
 * data row validated; blank lines are skipped. A SKU may appear once per file, whatever its case.
 */
export function productsFromCsvRecords(records: readonly CsvRecord[]): ParsedProductsImport {
  const rows: { line: number; values: ProductCsvValues }[] = [];
  const firstLineOf = new Map<string, number>();
  const errors = readCsvTable(records, PRODUCT_CSV_COLUMNS, PRODUCT_CSV_REQUIRED_COLUMNS, ({ line, cells }) => {
    const result = csvRowToProduct(cells);
    if (!result.ok) return result.errors.map((error) => ({ line, ...error }));
    const key = result.values.sku.toUpperCase();
    const earlier = firstLineOf.get(key);
    if (earlier !== undefined)
      return [{ line, column: "sku", message: `${result.values.sku} is also on line ${earlier}` }];
    firstLineOf.set(key, line);
    rows.push({ line, values: result.values });
    return [];
  });
  return { rows, errors };
}
