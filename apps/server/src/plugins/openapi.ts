import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { apiErrorSchema, camelToSnake } from "@foreman/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

export const DOCS_PREFIX = "/api/docs";

/** Route `security` for bearer-only routes and for company-scoped ones (bearer + X-Company-ID). */
export const BEARER = [{ bearer: [] }];
export const COMPANY_SCOPED = [{ bearer: [], companyId: [] }];

/** `{error, error_description?, details?}` for each listed status, for a route's `response` schema. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}

type JsonSchema = { [key: string]: unknown };

// The zod schemas are camelCase while the wire is snake_case: rename properties in the generated
// JSON Schema so the document describes what clients actually send and receive.
function snakeSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(snakeSchema);
  if (schema === null || typeof schema !== "object") return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if (key === "properties" && value && typeof value === "object") {
      out.properties = Object.fromEntries(
        Object.entries(value as JsonSchema).map(([name, inner]) => [camelToSnake(name), snakeSchema(inner)]),
      );
    } else if (key === "required" && Array.isArray(value)) {
      out.required = value.map((name) => (typeof name === "string" ? camelToSnake(name) : name));
    } else {
      out[key] = snakeSchema(value);
    }
  }
  return out;
}

export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Foreman API",
          version: "0.1.0",
          description:
            "JSON is snake_case both ways. Every call carries `X-Client-ID`; company-scoped calls carry `X-Company-ID`.",
        },
        components: {
          securitySchemes: {
            bearer: { type: "http", scheme: "bearer" },
            companyId: { type: "apiKey", in: "header", name: "X-Company-ID" },
            channelToken: { type: "http", scheme: "bearer", description: "An API channel's token (fch_…)" },
          },
        },
      },
      transform: (document) => {
        const result = jsonSchemaTransform(document);
        const schema = result.schema as JsonSchema;
        const renamed: JsonSchema = { ...schema };
        for (const part of ["body", "querystring", "response"])
          if (part in schema) renamed[part] = snakeSchema(schema[part]);
        return { schema: renamed, url: result.url } as ReturnType<typeof jsonSchemaTransform>;
      },
    });
    // The document's own keys (operationId, securitySchemes, …) must not be renamed: the UI and its
    // JSON routes live in a child context with plain JSON serialisation.
    await app.register(async (docs) => {
      docs.setReplySerializer((payload) => JSON.stringify(payload));
      await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX });
    });
  },
  { name: "foreman-openapi" },
);
