// Zod schemas of the product catalog API (camelCase here; snake_case on the wire): what a company sells,
// at what price, and whether its AI employees may offer it.
import { z } from "zod";
import { paginationQuerySchema } from "../http/errors.ts";
import { ACCEPTED_CURRENCIES } from "../sales/currency.ts";
import { timestampSchema } from "../sales/schemas.ts";

export const PRODUCT_LIMITS = {
  sku: 64,
  name: 200,
  description: 2_000,
  measureUnit: 20,
  // 10,000,000.00 in the currency's units: prices are stored in a 32-bit integer column of cents (at most
  // 21,474,836.47), and a quote multiplies and sums them in the same columns.
  unitPriceCents: 1_000_000_000,
  stock: 1_000_000_000,
  search: 100,
} as const;

export const DEFAULT_MEASURE_UNIT = "unit";

const trimmed = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** A SKU as typed (trimmed); unique per company whatever its case, so "pal-01" and "PAL-01" are one. */
export const skuSchema = trimmed("SKU", PRODUCT_LIMITS.sku).regex(/^[^\p{Cc}]*$/u, {
  error: "SKU must not contain line breaks or control characters",
});

export const productCurrencySchema = z.enum(ACCEPTED_CURRENCIES, {
  error: `Must be one of ${ACCEPTED_CURRENCIES.join(", ")}`,
});

export const unitPriceCentsSchema = z
  .number({ error: "Must be a whole number of cents" })
  .int({ error: "Must be a whole number of cents" })
  .min(0, { error: "Must be zero or more" })
  .max(PRODUCT_LIMITS.unitPriceCents, { error: `Must be at most ${PRODUCT_LIMITS.unitPriceCents} cents` });

/** Units in stock, or null when the company does not track it. */
export const stockSchema = z
  .number({ error: "Must be a whole number, or null when stock is not tracked" })
  .int({ error: "Must be a whole number, or null when stock is not tracked" })
  .min(0, { error: "Must be zero or more" })
  .max(PRODUCT_LIMITS.stock, { error: `Must be at most ${PRODUCT_LIMITS.stock}` })
  .nullable();

const descriptionSchema = z
  .string({ error: "Must be text" })
  .trim()
  .max(PRODUCT_LIMITS.description, { error: `Description must be at most ${PRODUCT_LIMITS.description} characters` });

/** One product of the catalog. */
export const productSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  measureUnit: z.string(),
  unitPriceCents: z.number().int().nonnegative(),
  currency: z.enum(ACCEPTED_CURRENCIES),
  /** Null when stock is not tracked. */
  stock: z.number().int().nonnegative().nullable(),
  /** Whether it can be had now; the AI employees still find an unavailable product, and say so. */
  available: z.boolean(),
  /** Whether it is sold at all: the AI employees neither find nor quote an inactive product. */
  active: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Product = z.infer<typeof productSchema>;

/** Adding a product: the SKU, the name and the price; the currency defaults to the company's. */
export const productInputSchema = z.object({
  sku: skuSchema,
  name: trimmed("Name", PRODUCT_LIMITS.name),
  description: descriptionSchema.default(""),
  measureUnit: trimmed("Measure unit", PRODUCT_LIMITS.measureUnit).default(DEFAULT_MEASURE_UNIT),
  unitPriceCents: unitPriceCentsSchema,
  currency: productCurrencySchema.optional(),
  stock: stockSchema.default(null),
  available: z.boolean({ error: "Must be true or false" }).default(true),
  active: z.boolean({ error: "Must be true or false" }).default(true),
});
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductValues = z.output<typeof productInputSchema>;

/** Editing: any subset of the fields; `active: false` takes a product out of sale. */
export const productPatchSchema = z
  .object({
    sku: productInputSchema.shape.sku,
    name: productInputSchema.shape.name,
    description: descriptionSchema,
    measureUnit: trimmed("Measure unit", PRODUCT_LIMITS.measureUnit),
    unitPriceCents: unitPriceCentsSchema,
    currency: productCurrencySchema,
    stock: stockSchema,
    available: z.boolean({ error: "Must be true or false" }),
    active: z.boolean({ error: "Must be true or false" }),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { error: "Nothing to change" });
export type ProductPatch = z.infer<typeof productPatchSchema>;

export const PRODUCT_ACTIVE_FILTERS = ["all", "active", "inactive"] as const;
export type ProductActiveFilter = (typeof PRODUCT_ACTIVE_FILTERS)[number];

export const PRODUCT_SORTS = ["name", "sku", "unit_price", "created_at", "updated_at"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const productsQuerySchema = z.object({
  /** Text searched in SKUs and names, case-insensitively. */
  q: z.string().trim().max(PRODUCT_LIMITS.search).optional(),
  active: z
    .enum(PRODUCT_ACTIVE_FILTERS, { error: `Must be one of ${PRODUCT_ACTIVE_FILTERS.join(", ")}` })
    .default("all"),
  sort: z.enum(PRODUCT_SORTS, { error: `Must be one of ${PRODUCT_SORTS.join(", ")}` }).default("name"),
  direction: z.enum(["asc", "desc"], { error: "Must be asc or desc" }).default("asc"),
  page: paginationQuerySchema.shape.page,
  perPage: paginationQuerySchema.shape.perPage,
});
export type ProductsQuery = z.infer<typeof productsQuerySchema>;

export const productsPageSchema = z.object({
  products: z.array(productSchema),
  /** Every product the filters match, not the page's length. */
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});
export type ProductsPage = z.infer<typeof productsPageSchema>;
