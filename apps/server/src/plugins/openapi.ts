import type { SwaggerOptions } from "@fastify/swagger";
import { apiErrorSchema, camelToSnake } from "@foreman/contract";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { schemaCompilers } from "#server/lib/schema-compilers.ts";

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

const SWAGGER_OPTIONS = {
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
        widgetSession: {
          type: "http",
          scheme: "bearer",
          description: "A website chat visitor's session token (POST /widget/v1/sessions)",
        },
      },
    },
  },
  transform: (document: Parameters<typeof jsonSchemaTransform>[0]) => {
    const result = jsonSchemaTransform(document);
    const schema = result.schema as JsonSchema;
    const renamed: JsonSchema = { ...schema };
    for (const part of ["body", "querystring", "response"])
      if (part in schema) renamed[part] = snakeSchema(schema[part]);
    return { schema: renamed, url: result.url } as ReturnType<typeof jsonSchemaTransform>;
  },
} as const;

/** What a route of the app contributes to the document (its handler and hooks never run there). */
type DescribedRoute = Pick<RouteOptions, "method" | "url" | "schema" | "config">;

/**
 * The document and its UI, in an app of their own that holds the API's routes without their handlers.
 * The OpenAPI writer and the UI (and the YAML library both load) are a twentieth of a second of every
 * start, for a page few requests ask for: they are built on the first one.
 */
async function buildDocsApp(routes: readonly DescribedRoute[]): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import("@fastify/swagger"),
    import("@fastify/swagger-ui"),
  ]);
  // The document's own keys (operationId, securitySchemes, …) are not renamed: plain JSON serialisation.
  const docs = Fastify({
    schemaController: { compilersFactory: schemaCompilers(() => (data: unknown) => JSON.stringify(data)) },
  });
  await docs.register(swagger, SWAGGER_OPTIONS as unknown as SwaggerOptions);
  // HEAD routes come as they were registered (Fastify's own included), so none is added twice.
  for (const { method, url, schema, config } of routes)
    docs.route({ method, url, schema, config, exposeHeadRoute: false, handler: async () => null });
  await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  await docs.ready();
  return docs;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The OpenAPI document of every route (built on first use). */
    openapiDocument(): Promise<Record<string, unknown>>;
  }
}

// What the docs app's answers keep: their type, caching and redirects. The security headers are the
// page set this app gives every page (plugins/security.ts).
const FORWARDED_HEADERS = ["content-type", "cache-control", "etag", "last-modified", "location", "vary"];
// What the request's own copy may still be fresh by (the UI's files answer 304 to them).
const CONDITIONAL_HEADERS = ["if-none-match", "if-modified-since"] as const;

export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    const routes: DescribedRoute[] = [];
    let docsApp: Promise<FastifyInstance> | undefined;
    const docs = () => {
      if (!docsApp) {
        docsApp = buildDocsApp(routes);
        // A failed build (it should not fail) is tried again on the next request rather than kept.
        docsApp.catch(() => {
          docsApp = undefined;
        });
      }
      return docsApp;
    };
    app.addHook("onClose", async () => {
      await docsApp?.then(
        (built) => built.close(),
        () => {},
      );
    });
    app.decorate("openapiDocument", async () => (await docs()).swagger() as unknown as Record<string, unknown>);

    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      const headers: Record<string, string> = { host: request.headers.host ?? "localhost" };
      for (const name of CONDITIONAL_HEADERS) {
        const value = request.headers[name];
        if (typeof value === "string") headers[name] = value;
      }
      const answer = await (await docs()).inject({ method: "GET", url: request.url, headers });
      // Our own 404 (the error shape every API path answers with), not the docs app's.
      if (answer.statusCode === 404) return reply.callNotFound();
      for (const name of FORWARDED_HEADERS) {
        const value = answer.headers[name];
        if (value !== undefined) reply.header(name, value);
      }
      return reply.code(answer.statusCode).send(answer.rawPayload);
    };
    const options = { schema: { hide: true } };
    app.get(DOCS_PREFIX, options, forward);
    app.get(`${DOCS_PREFIX}/*`, options, forward);

    // Every route of the app the document shows (not the docs' own, not hidden ones like the SPA's
    // catch-all). The options are kept, not copied: hooks registered later complete them
    // (company-scope.ts adds `security`).
    app.addHook("onRoute", (route) => {
      if (!route.url.startsWith(DOCS_PREFIX) && !(route.schema as { hide?: boolean } | undefined)?.hide)
        routes.push(route);
    });
  },
  { name: "foreman-openapi" },
);
