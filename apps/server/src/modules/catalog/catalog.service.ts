import {
  type Currency,
  PRODUCT_IMPORT_LIMITS,
  type Product,
  type ProductCsvValues,
  type ProductPatch,
  type ProductsImportResult,
  type ProductsPage,
  type ProductsQuery,
  type ProductValues,
  productsFromCsvRecords,
  productsToCsv,
} from "@foreman/contract";
import type { Db, Executor } from "#server/db/client.ts";
import { type ImportRefusal, readCsvForImport, refuseImport } from "#server/lib/csv-import.ts";
import { httpError } from "#server/lib/http-error.ts";
import { orConflict } from "#server/lib/unique-violation.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { recordActivity, staffActor } from "../activities/index.ts";
import { findCompanyCurrency } from "../sales/index.ts";
import {
  countProducts,
  findProduct,
  findProductBySku,
  insertProducts,
  listAllProducts,
  listProducts,
  lockProductsBySkus,
  type NewProductRow,
  type ProductChanges,
  type ProductRow,
  updateProduct,
  updateProducts,
} from "./catalog.repository.ts";

export const PRODUCT_NOT_FOUND = "Product not found";

const notFound = () => httpError(404, "not_found", PRODUCT_NOT_FOUND);

export type WriteContext = { db: Db; companyId: string; userId: string };

// ---------------------------------------------------------------------------------------------------
// Reading

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    description: row.description,
    measureUnit: row.measureUnit,
    unitPriceCents: row.unitPriceCents,
    currency: row.currency as Currency,
    stock: row.stock,
    available: row.available,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const ACTIVE_FILTER = { all: undefined, active: true, inactive: false } as const;

export async function getProductsPage(db: Executor, companyId: string, query: ProductsQuery): Promise<ProductsPage> {
  const filter = { companyId, q: query.q || undefined, active: ACTIVE_FILTER[query.active] };
  const [rows, total] = await Promise.all([
    listProducts(db, filter, query.sort, query.direction, query.perPage, (query.page - 1) * query.perPage),
    countProducts(db, filter),
  ]);
  return { products: rows.map(toProduct), total, page: query.page, perPage: query.perPage };
}

/** The company's product; another company's, an unknown and a malformed id are the same 404. */
async function findProductRow(db: Executor, companyId: string, id: string): Promise<ProductRow> {
  const row = isUuid(id) ? await findProduct(db, companyId, id) : null;
  if (!row) throw notFound();
  return row;
}

export async function getProduct(db: Executor, companyId: string, id: string): Promise<Product> {
  return toProduct(await findProductRow(db, companyId, id));
}

export async function exportProductsCsv(db: Executor, companyId: string): Promise<string> {
  return productsToCsv((await listAllProducts(db, companyId)).map(toProduct));
}

// ---------------------------------------------------------------------------------------------------
// Writing

const skuTaken = (sku: string, owner: { sku: string; name: string }) =>
  httpError(409, "sku_taken", `The SKU ${sku} is already used by ${owner.name} (${owner.sku})`, [
    { field: "sku", message: `Already used by ${owner.name}` },
  ]);

const inTransaction = <T>(db: Db, work: (tx: Executor) => Promise<T>) =>
  orConflict(
    () => db.transaction(work),
    () =>
      httpError(409, "sku_taken", "A product with that SKU was just added; try again", [
        { field: "sku", message: "Already used" },
      ]),
  );

export async function createProduct(ctx: WriteContext, input: ProductValues): Promise<Product> {
  const { db, companyId } = ctx;
  const taken = await findProductBySku(db, companyId, input.sku);
  if (taken) throw skuTaken(input.sku, taken);
  const currency = input.currency ?? (await findCompanyCurrency(db, companyId));
  const row = await inTransaction(db, async (tx) => {
    const [created] = await insertProducts(tx, [{ companyId, ...input, currency }]);
    await recordActivity(tx, {
      companyId,
      kind: "product.created",
      actor: await staffActor(tx, ctx.userId),
      subject: { type: "product", id: created!.id },
      summary: `Added ${created!.name} (${created!.sku}) to the catalog`,
      details: { sku: created!.sku, name: created!.name, unitPriceCents: created!.unitPriceCents, currency },
    });
    return created!;
  });
  return toProduct(row);
}

type Change = { before: unknown; after: unknown };
const EDITABLE = [
  "sku",
  "name",
  "description",
  "measureUnit",
  "unitPriceCents",
  "currency",
  "stock",
  "available",
  "active",
] as const;

/** Edits a product; only what differs is written and recorded, and a patch that changes nothing writes nothing. */
export async function editProduct(ctx: WriteContext, id: string, patch: ProductPatch): Promise<Product> {
  const { db, companyId } = ctx;
  const row = await findProductRow(db, companyId, id);
  const changes: ProductChanges = {};
  const recorded: Record<string, Change> = {};
  for (const key of EDITABLE) {
    const value = patch[key];
    if (value !== undefined && value !== row[key]) {
      (changes as Record<string, unknown>)[key] = value;
      recorded[key] = { before: row[key], after: value };
    }
  }
  if (Object.keys(recorded).length === 0) return toProduct(row);
  // Another case of the same SKU is a change of spelling, not a clash with itself.
  if (changes.sku !== undefined) {
    const taken = await findProductBySku(db, companyId, changes.sku, id);
    if (taken) throw skuTaken(changes.sku, taken);
  }
  await inTransaction(db, async (tx) => {
    await updateProduct(tx, companyId, id, changes);
    const fields = Object.keys(recorded);
    await recordActivity(tx, {
      companyId,
      kind: "product.updated",
      actor: await staffActor(tx, ctx.userId),
      subject: { type: "product", id },
      summary: `${summaryVerb(changes)} ${changes.name ?? row.name} (${changes.sku ?? row.sku}): ${fields.join(", ")}`,
      details: recorded,
    });
  });
  return getProduct(db, companyId, id);
}

const summaryVerb = (changes: ProductChanges) =>
  changes.active === false ? "Deactivated" : changes.active === true ? "Reactivated" : "Edited";

// ---------------------------------------------------------------------------------------------------
// Import

export type ImportOutcome = ProductsImportResult | { refused: ImportRefusal };

/** Rows per statement: far below the bind parameter limit (9–10 per row). */
const BATCH = 500;

/**
 * Imports a CSV file (the export's columns): every row is validated first, and any problem refuses the
 * whole file with every problem listed. Otherwise, in one transaction, rows whose SKU (any case) is in
 * the catalog update that product — the columns the file has, nothing else — and the others are added;
 * one activity records the counts. An import that changes nothing records nothing.
 */
export async function importProducts(ctx: WriteContext, text: string): Promise<ImportOutcome> {
  const { db, companyId } = ctx;
  const read = readCsvForImport(text, PRODUCT_IMPORT_LIMITS.rows);
  if ("refused" in read) return read;
  const { records } = read;
  const { rows, errors } = productsFromCsvRecords(records);
  if (errors.length > 0) {
    const lines = new Set(errors.map((error) => error.line)).size;
    return refuseImport(
      "validation_failed",
      `${lines === 1 ? "1 line has" : `${lines} lines have`} problems; nothing was imported`,
      errors,
    );
  }
  if (rows.length === 0) {
    return refuseImport("validation_failed", "The file has no products to import", [
      { line: 2, column: "sku", message: "Add at least one row below the header" },
    ]);
  }

  const companyCurrency = await findCompanyCurrency(db, companyId);
  const result = await inTransaction(db, async (tx) => {
    const locked = await lockProductsBySkus(
      tx,
      companyId,
      rows.map((row) => row.values.sku),
    );
    const existing = new Map(locked.map((product) => [product.sku.toUpperCase(), product]));
    const created: NewProductRow[] = [];
    const updated: Parameters<typeof updateProducts>[2] = [];
    for (const { values } of rows) {
      const current = existing.get(values.sku.toUpperCase());
      if (!current) created.push(newRow(companyId, values, companyCurrency));
      else {
        const next = merged(current, values, companyCurrency);
        // The SKU's spelling is kept: the file matched it whatever its case.
        const changed = EDITABLE.some((key) => key !== "sku" && next[key] !== current[key]);
        if (changed) updated.push(next);
      }
    }
    for (let start = 0; start < created.length; start += BATCH) {
      await insertProducts(tx, created.slice(start, start + BATCH));
    }
    for (let start = 0; start < updated.length; start += BATCH) {
      await updateProducts(tx, companyId, updated.slice(start, start + BATCH));
    }
    const counts = {
      created: created.length,
      updated: updated.length,
      unchanged: rows.length - created.length - updated.length,
    };
    if (counts.created + counts.updated > 0) {
      await recordActivity(tx, {
        companyId,
        kind: "products.imported",
        actor: await staffActor(tx, ctx.userId),
        subject: { type: "company", id: companyId },
        summary: `Imported the catalog: ${counts.created} added, ${counts.updated} updated`,
        details: counts,
      });
    }
    return counts;
  });
  return result;
}

function newRow(companyId: string, values: ProductCsvValues, companyCurrency: Currency): NewProductRow {
  return {
    companyId,
    sku: values.sku,
    name: values.name,
    description: values.description ?? "",
    measureUnit: values.measureUnit ?? "unit",
    unitPriceCents: values.unitPriceCents,
    currency: values.currency ?? companyCurrency,
    stock: values.stock ?? null,
    available: values.available ?? true,
    active: values.active ?? true,
  };
}

/** The product as the row leaves it: the file's columns over the current values (the SKU's spelling stays). */
function merged(current: ProductRow, values: ProductCsvValues, companyCurrency: Currency) {
  return {
    id: current.id,
    name: values.name,
    description: values.description ?? current.description,
    measureUnit: values.measureUnit ?? current.measureUnit,
    unitPriceCents: values.unitPriceCents,
    currency: values.currency === undefined ? current.currency : (values.currency ?? companyCurrency),
    stock: values.stock === undefined ? current.stock : values.stock,
    available: values.available ?? current.available,
    active: values.active ?? current.active,
  };
}
