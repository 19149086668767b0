import {
  BAD_PATH_SEGMENTS,
  badAuthorizations,
  badCompanyIds,
  garbageText,
  NUMBERS,
  queryValuesFor,
  RAW_QUERIES,
  stringsFor,
  WRONG_TYPE_VALUES,
} from "./bad-values.ts";
import { dropRequiredField, fieldSlots, sampleOf, typesOf, violates, violatesAsQuery } from "./json-schema.ts";
import {
  deeplyNestedBodies,
  malformedJsonBodies,
  malformedMultipartBodies,
  oversizedBodies,
  type RawBody,
  unknownFieldName,
  wrongContentTypeBodies,
  wrongShapeBodies,
} from "./malformed-bodies.ts";
import type { Operation } from "./openapi-operations.ts";
import type { RequestDraft } from "./request-draft.ts";
import type { Random } from "./seeded-random.ts";

// One probe is one thing wrong with a request. The catalogue for an operation is built from its
// OpenAPI description: its security, path and query parameters, and its body's fields.

export type Probe = {
  label: string;
  /** The parts of the request it changes ("header.authorization", "body.user.email", …); overlapping probes are not combined. */
  parts: string[];
  /** Whether this alone must make the operation refuse the request. */
  refused: boolean;
  /** The body or query field a validation answer must name, when the probe is about one field. */
  field?: string;
  apply(draft: RequestDraft): void;
};

export type BadInputWorld = {
  clientId: string;
  tokens: {
    valid: string;
    revoked: string;
    expired: string;
    refresh: string;
    stranger: string;
    channel: string;
    /** A website chat visitor's session token. */
    widget: string;
    /** A visitor's session token of a chat disabled since: refused once it is read. */
    widgetClosed: string;
  };
  companies: { own: string; foreign: string };
  /** Each path parameter: a real value of the caller's company, and a well-formed one that names nothing. */
  pathValue(operation: Operation, name: string): { real: string; missing: string };
};

const writes = (operation: Operation) => operation.method !== "GET";

export function baseDraft(operation: Operation, world: BadInputWorld): RequestDraft {
  return {
    method: operation.method,
    path: operation.path,
    pathParams: Object.fromEntries(
      operation.pathParams.map(({ name }) => [name, world.pathValue(operation, name).real]),
    ),
    query: [],
    rawQuery: "",
    headers: {
      "x-client-id": world.clientId,
      authorization: `Bearer ${operation.channelToken ? world.tokens.channel : operation.widgetSession ? world.tokens.widget : world.tokens.valid}`,
      "x-company-id": world.companies.own,
    },
    body: operation.body ? { kind: "json", value: sampleOf(operation.body) } : { kind: "none" },
  };
}

function headerProbes(operation: Operation, world: BadInputWorld): Probe[] {
  const header = (name: string, label: string, value: string | undefined, refused: boolean): Probe => ({
    label,
    parts: [`header.${name}`],
    refused,
    apply: (draft) => {
      draft.headers[name] = value;
    },
  });
  return [
    ...badAuthorizations(world.tokens).map(([label, value]) =>
      header("authorization", label, value, operation.bearer || operation.channelToken || operation.widgetSession),
    ),
    header(
      "authorization",
      "a token of a user of another company",
      `Bearer ${world.tokens.stranger}`,
      operation.companyScoped || operation.channelToken || operation.widgetSession,
    ),
    ...badCompanyIds(world.companies.own, world.companies.foreign).map(([label, value]) =>
      header("x-company-id", label, value, operation.companyScoped),
    ),
    header("x-client-id", "no X-Client-ID", undefined, false),
    header("x-client-id", "an unknown X-Client-ID", "not-our-client", false),
    header("x-client-id", "a 10 KB X-Client-ID", "c".repeat(10_000), false),
    header("accept", "Accept: application/xml", "application/xml", false),
    header("x-forwarded-for", "a garbage X-Forwarded-For", "not-an-address, , 999.1.1.1", false),
  ];
}

function pathProbes(operation: Operation, world: BadInputWorld): Probe[] {
  return operation.pathParams.flatMap(({ name }) => {
    const { real } = world.pathValue(operation, name);
    return BAD_PATH_SEGMENTS.filter((segment) => segment !== real).map((segment) => ({
      label: `path ${name} = ${segment.length > 40 ? `${segment.slice(0, 40)}… (${segment.length})` : segment}`,
      parts: [`path.${name}`],
      refused: true,
      apply: (draft: RequestDraft) => {
        draft.pathParams[name] = segment;
      },
    }));
  });
}

function queryProbes(operation: Operation, random: Random): Probe[] {
  const probes: Probe[] = operation.queryParams.flatMap(({ name, schema }) =>
    queryValuesFor(schema, random).map((value) => ({
      label: `query ${name} = ${JSON.stringify(value).slice(0, 60)}`,
      parts: [`query.${name}`],
      refused: violatesAsQuery(schema, value),
      field: name,
      apply: (draft: RequestDraft) => {
        for (const item of [value].flat()) draft.query.push([name, item]);
      },
    })),
  );
  for (const raw of RAW_QUERIES) {
    probes.push({
      label: `raw query ${raw.slice(0, 60)}`,
      parts: ["query"],
      refused: false,
      apply: (draft) => {
        draft.rawQuery = raw;
      },
    });
  }
  return probes;
}

/** Sets (or deletes, for `undefined`) the value at `path` inside a JSON body draft, creating parents. */
function setIn(draft: RequestDraft, path: string[], value: unknown) {
  if (draft.body.kind !== "json") return;
  let node = draft.body.value as Record<string, unknown> | unknown[];
  for (const [index, key] of path.entries()) {
    const container = node as Record<string, unknown>;
    if (index === path.length - 1) {
      if (value === undefined) delete container[key];
      else container[key] = value;
      return;
    }
    const next = container[key];
    if (next === null || typeof next !== "object") container[key] = /^\d+$/.test(path[index + 1]!) ? [] : {};
    node = container[key] as Record<string, unknown>;
  }
}

function bodyFieldProbes(operation: Operation, random: Random): Probe[] {
  if (!operation.body) return [];
  const probes: Probe[] = [];
  for (const slot of fieldSlots(operation.body)) {
    const name = slot.path.join(".");
    const probe = (label: string, value: unknown): Probe => ({
      label: `${name}: ${label}`,
      parts: [`body.${name}`],
      refused: writes(operation) && (value === undefined ? slot.required : violates(slot.schema, value)),
      field: name,
      apply: (draft) => setIn(draft, slot.path, value),
    });
    if (slot.required) probes.push(probe("missing", undefined));
    for (const value of WRONG_TYPE_VALUES) {
      if (violates(slot.schema, value)) probes.push(probe(`${JSON.stringify(value)} instead`, value));
    }
    const types = typesOf(slot.schema);
    if (!types || types.has("string")) {
      for (const value of stringsFor(slot.schema, random))
        probes.push(probe(`the string ${JSON.stringify(value.slice(0, 40))} (${value.length} chars)`, value));
    }
    if (types?.has("integer") || types?.has("number")) {
      for (const value of NUMBERS) probes.push(probe(`the number ${value}`, value));
    }
    if (types?.has("array")) {
      const item = sampleOf(slot.schema.items ?? {});
      probes.push(
        probe(
          `${(slot.schema.maxItems ?? 100) + 1} items`,
          Array.from({ length: (slot.schema.maxItems ?? 100) + 1 }, () => item),
        ),
      );
      probes.push(probe("an array of nulls", [null, null]));
    }
    probes.push(probe("nested 1,000 deep", JSON.parse(`${"[".repeat(1_000)}${"]".repeat(1_000)}`)));
  }
  return probes;
}

function rawBodyProbe(operation: Operation, body: RawBody): Probe {
  return {
    label: body.label,
    parts: ["body"],
    refused: body.refused(operation),
    apply: (draft) => {
      draft.body = {
        kind: "raw",
        label: body.label,
        payload: body.payload,
        contentType: body.contentType,
        ...(body.contentLength !== undefined ? { contentLength: body.contentLength } : {}),
      };
    },
  };
}

/**
 * The sample body without its first required field: raw bodies are made from it, so one that a lenient
 * parser still reads (a byte-order mark, form encoding) is refused by validation rather than written.
 */
function incompleteSample(operation: Operation): unknown {
  if (!operation.body) return {};
  const sample = sampleOf(operation.body);
  dropRequiredField(operation.body, sample);
  return sample;
}

function bodyProbes(operation: Operation, random: Random): Probe[] {
  const sampleText = JSON.stringify(incompleteSample(operation));
  const bodies = [
    ...malformedJsonBodies(sampleText, random),
    ...wrongShapeBodies(),
    ...deeplyNestedBodies(),
    ...wrongContentTypeBodies(sampleText),
    ...oversizedBodies(),
    ...malformedMultipartBodies(),
  ];
  return bodies.map((body) => rawBodyProbe(operation, body));
}

/** Things that are not wrong by themselves (unknown fields and parameters): combined with a real defect. */
export function noiseProbes(operation: Operation, random: Random): Probe[] {
  const field = unknownFieldName(operation, random);
  const value = random.pick([garbageText(random), 1, null, { deep: [1, { x: "y" }] }, "x".repeat(50_000)]);
  const parameter = random.pick(["unknown", "per_page[]", "q[unknown_eq]", "sort", "é"]);
  return [
    {
      label: `an unknown body field ${field.slice(0, 40)}`,
      parts: [`body.${field}`],
      refused: false,
      apply: (draft) => setIn(draft, [field], value),
    },
    {
      label: `an unknown query parameter ${parameter}`,
      parts: [`query.${parameter}`],
      refused: false,
      apply: (draft) => {
        draft.query.push([parameter, garbageText(random)]);
      },
    },
  ];
}

export function probesFor(operation: Operation, world: BadInputWorld, random: Random): Probe[] {
  return [
    ...headerProbes(operation, world),
    ...pathProbes(operation, world),
    ...queryProbes(operation, random),
    ...bodyFieldProbes(operation, random),
    ...bodyProbes(operation, random),
    ...noiseProbes(operation, random),
  ];
}
