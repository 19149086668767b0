// The operations the app describes in its OpenAPI document (`GET /api/docs/json`), in the shape the
// bad-input generator needs. Names are the wire's (snake_case bodies and queries).

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  examples?: unknown[];
};

export type Parameter = { name: string; required: boolean; schema: JsonSchema };

export type Operation = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The documented path, `{name}` for each parameter. */
  path: string;
  /** `GET /app/quotes/{id}.json` */
  name: string;
  /** Needs `Authorization: Bearer …` with a staff access token. */
  bearer: boolean;
  /** Needs `Authorization: Bearer …` with an API channel's token (the channel API). */
  channelToken: boolean;
  /** Needs `Authorization: Bearer …` with a website chat visitor's session token (the widget API). */
  widgetSession: boolean;
  /** Needs `X-Company-ID` of a company the caller belongs to. */
  companyScoped: boolean;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | undefined;
};

type OpenApiOperation = {
  security?: Record<string, unknown>[];
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      if (!METHODS.has(method)) continue;
      const schemes = new Set((operation.security ?? []).flatMap((requirement) => Object.keys(requirement)));
      const parameters = (where: string) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === where)
          .map((parameter) => ({
            name: parameter.name,
            required: parameter.required ?? false,
            schema: parameter.schema ?? {},
          }));
      const upper = method.toUpperCase() as Operation["method"];
      operations.push({
        method: upper,
        path,
        name: `${upper} ${path}`,
        bearer: schemes.has("bearer"),
        channelToken: schemes.has("channelToken"),
        widgetSession: schemes.has("widgetSession"),
        companyScoped: schemes.has("companyId"),
        pathParams: parameters("path"),
        queryParams: parameters("query"),
        body: operation.requestBody?.content?.["application/json"]?.schema,
      });
    }
  }
  return operations;
}
