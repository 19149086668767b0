import multipart from "@fastify/multipart";
import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_IMPORT_LIMITS,
  productInputSchema,
  productPatchSchema,
  productSchema,
  productsImportErrorSchema,
  productsImportResultSchema,
  productsPageSchema,
  productsQuerySchema,
} from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { readImportFile } from "#server/lib/multipart-file.ts";
import { companyOf, managerOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import {
  createProduct,
  editProduct,
  exportProductsCsv,
  getProduct,
  getProductsPage,
  importProducts,
  type WriteContext,
} from "./catalog.service.ts";

const tags = ["catalog"];
const params = z.object({ id: z.string() });
const MB = PRODUCT_IMPORT_LIMITS.bytes / 1024 / 1024;

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const writer = (request: FastifyRequest): WriteContext => ({
    db: app.db,
    companyId: managerOf(request).id,
    userId: request.user!.id,
  });

  app.get(
    "/app/products.json",
    {
      schema: {
        tags,
        summary: "The company's product catalog",
        description:
          "q searches SKUs and names (case-insensitive, ≤ 100 characters); active=all|active|inactive (default all). sort name|sku|unit_price|created_at|updated_at (default name), direction asc|desc; ties are broken by id. page, per_page ≤ 100 (default 25); total counts every product the filters match.",
        querystring: productsQuerySchema,
        response: { 200: productsPageSchema },
      },
    },
    async (request) => getProductsPage(app.db, companyOf(request).id, request.query),
  );

  app.post(
    "/app/products.json",
    {
      schema: {
        tags,
        summary: "Add a product to the catalog (owners and admins)",
        description:
          "sku (unique in the company whatever its case: a taken one is a 409 naming sku), name and unit_price_cents are required; currency defaults to the company's, measure_unit to unit, stock to null (not tracked), available and active to true. A member gets 403. Answers 201 with the product.",
        body: productInputSchema,
        response: { 201: productSchema, ...errorResponses(403, 409) },
      },
    },
    async (request, reply) => {
      const ctx = writer(request);
      return reply.code(201).send(await createProduct(ctx, request.body));
    },
  );

  app.get(
    "/app/products/export.csv",
    {
      schema: {
        tags,
        summary: "Every product of the company as CSV (RFC 4180), by SKU",
        description: `Columns: ${PRODUCT_CSV_COLUMNS.join(", ")}. unit_price in the currency's units (18.00), stock empty when not tracked, available and active true or false. Answers text/csv as an attachment named products.csv; POST /app/products/import.json reads it back unchanged.`,
        response: { 200: z.string().describe("The CSV file (text/csv)") },
      },
    },
    async (request, reply) => {
      const csv = await exportProductsCsv(app.db, companyOf(request).id);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="products.csv"')
        .send(`\uFEFF${csv}`);
    },
  );

  // Only the import reads multipart bodies: registered in its own context, the other writes refuse them (415).
  await app.register(async (importScope) => {
    await importScope.register(multipart);
    importScope.post(
      "/app/products/import.json",
      {
        schema: {
          tags,
          summary: "Add and update products from a CSV file (owners and admins)",
          description: `multipart/form-data with one \`file\` field: the export's columns (sku, name and unit_price required; any order), at most ${MB} MB (413 above) and ${PRODUCT_IMPORT_LIMITS.rows.toLocaleString("en-US")} rows. Every row is checked first: any problem answers 422 with details [{line, column, message}] (the header is line 1) and nothing is written. Otherwise, in one transaction, a row whose SKU (any case) is in the catalog updates that product with the columns the file has, and the others are added. Answers {created, updated, unchanged}.`,
          response: {
            200: productsImportResultSchema,
            ...errorResponses(403, 413),
            422: productsImportErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const ctx = writer(request);
        const outcome = await importProducts(ctx, await readImportFile(request, PRODUCT_IMPORT_LIMITS.bytes));
        if ("refused" in outcome) {
          const { status, ...body } = outcome.refused;
          return reply.code(status).send(body);
        }
        return outcome;
      },
    );
  });

  app.get(
    "/app/products/:id.json",
    {
      schema: {
        tags,
        summary: "One product",
        description: "Another company's product, an unknown id and a malformed one answer the same 404.",
        params,
        response: { 200: productSchema },
      },
    },
    async (request) => getProduct(app.db, companyOf(request).id, request.params.id),
  );

  app.patch(
    "/app/products/:id.json",
    {
      schema: {
        tags,
        summary: "Edit a product (owners and admins)",
        description:
          "Any subset of the fields; active: false takes it out of sale (the AI employees stop finding and quoting it), active: true puts it back. A SKU another product has (any case) is a 409 naming sku. Another company's product is a 404. Records the changed fields only; a patch that changes nothing writes nothing.",
        params,
        body: productPatchSchema,
        response: { 200: productSchema, ...errorResponses(403, 409) },
      },
    },
    async (request) => editProduct(writer(request), request.params.id, request.body),
  );
};
