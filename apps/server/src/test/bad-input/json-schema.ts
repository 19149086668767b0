import type { JsonSchema } from "./openapi-operations.ts";

// Just enough JSON Schema to build a valid sample, to tell whether a value is certainly invalid, and to
// find the fields a body has. The documents come from the routes' zod schemas, which may check more
// (trimming, refinements): `violates` only answers true when the schema alone already refuses.

type JsonType = "string" | "number" | "integer" | "boolean" | "null" | "array" | "object";

const alternativesOf = (schema: JsonSchema): JsonSchema[] => [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value as JsonType;
}

/** The JSON types a schema allows, or null when it says nothing about them. */
export function typesOf(schema: JsonSchema): Set<JsonType> | null {
  const types = new Set<JsonType>();
  if (schema.type !== undefined) for (const type of [schema.type].flat()) types.add(type as JsonType);
  if (schema.enum) for (const value of schema.enum) types.add(jsonTypeOf(value));
  if ("const" in schema) types.add(jsonTypeOf(schema.const));
  for (const alternative of alternativesOf(schema)) {
    const inner = typesOf(alternative);
    if (!inner) return null;
    for (const type of inner) types.add(type);
  }
  if (types.has("number")) types.add("integer");
  return types.size > 0 ? types : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the schema itself refuses the value (false means "maybe valid"). */
export function violates(schema: JsonSchema, value: unknown): boolean {
  const alternatives = alternativesOf(schema);
  if (alternatives.length > 0 && alternatives.every((alternative) => violates(alternative, value))) return true;
  const types = typesOf(schema);
  const type = jsonTypeOf(value);
  if (types && !types.has(type) && !(type === "integer" && types.has("number"))) return true;
  if (schema.enum && !schema.enum.includes(value)) return true;
  if ("const" in schema && schema.const !== value) return true;
  if (typeof value === "string") {
    if (schema.minLength !== undefined && value.length < schema.minLength) return true;
    // Routes trim text before they measure it: only a value too long even trimmed is surely refused.
    if (schema.maxLength !== undefined && value.trim().length > schema.maxLength) return true;
    if (schema.format === "uuid" && !UUID.test(value)) return true;
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test(value)) return true;
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return true;
    if (schema.minimum !== undefined && value < schema.minimum) return true;
    if (schema.maximum !== undefined && value > schema.maximum) return true;
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return true;
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return true;
    if (types?.has("integer") && !types.has("number") && !Number.isInteger(value)) return true;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return true;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return true;
    if (schema.items && value.some((item) => violates(schema.items!, item))) return true;
  }
  if (type === "object") {
    const record = value as Record<string, unknown>;
    if ((schema.required ?? []).some((name) => !(name in record))) return true;
    for (const [name, inner] of Object.entries(schema.properties ?? {})) {
      if (name in record && violates(inner, record[name])) return true;
    }
  }
  return false;
}

/**
 * A query value as the route's zod schema sees it: numbers are coerced (`Number(text)`), so the
 * question is whether the coerced value is refused. Repeated parameters arrive as an array.
 */
export function violatesAsQuery(schema: JsonSchema, value: string | string[]): boolean {
  const types = typesOf(schema);
  if (Array.isArray(value)) return types !== null && !types.has("array");
  if (types && (types.has("integer") || types.has("number")) && !types.has("string")) {
    return violates(schema, Number(value));
  }
  return violates(schema, value);
}

/** A value the schema accepts: its first example, else shaped by the field's name where the schema cannot say (emails). */
export function sampleOf(schema: JsonSchema, name = ""): unknown {
  const alternative = alternativesOf(schema).find((inner) => typesOf(inner)?.has("null") !== true);
  if (alternative) return sampleOf(alternative, name);
  // A documented example reaches further than made-up text (a real grant type gets to the password check).
  if (schema.examples?.length) return schema.examples[0];
  if (schema.enum?.length) return schema.enum[0];
  if ("const" in schema) return schema.const;
  const types = typesOf(schema);
  if (types?.has("object") || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, inner]) => [key, sampleOf(inner, key)]),
    );
  }
  if (types?.has("array")) return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items ?? {}));
  if (types?.has("integer") || types?.has("number")) return Math.max(schema.minimum ?? 1, 1);
  if (types?.has("boolean")) return true;
  if (schema.format === "uuid") return "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d";
  if (/email|username/.test(name)) return "someone@example.com";
  const text = "Sample text";
  const min = schema.minLength ?? 0;
  return min > text.length ? text.padEnd(min, "x") : text.slice(0, schema.maxLength ?? text.length);
}

export type FieldSlot = { path: string[]; schema: JsonSchema; required: boolean };

/** Every property of a body schema and of its nested objects (an array's items as index 0). */
export function fieldSlots(schema: JsonSchema, prefix: string[] = []): FieldSlot[] {
  const object = [schema, ...alternativesOf(schema)].find((candidate) => candidate.properties);
  const slots: FieldSlot[] = [];
  for (const [name, inner] of Object.entries(object?.properties ?? {})) {
    const path = [...prefix, name];
    slots.push({ path, schema: inner, required: object?.required?.includes(name) ?? false });
    slots.push(...fieldSlots(inner, path));
    if (inner.items) slots.push(...fieldSlots(inner.items, [...path, "0"]));
  }
  return slots;
}

/**
 * The schema paths a `details[].field` can name, as dotted paths from the body's root. A field may be
 * named from any nested object (sign-up names `company_name` inside `user`), and array indexes count
 * as the items.
 */
export function resolveField(schema: JsonSchema, field: string): string[] {
  const segments = field.split(".");
  const found: string[] = [];
  const walk = (node: JsonSchema, at: string[], rest: string[], anchored: boolean) => {
    if (rest.length === 0) {
      found.push(at.join("."));
      return;
    }
    const [head, ...tail] = rest as [string, ...string[]];
    for (const candidate of [node, ...alternativesOf(node)]) {
      const property = candidate.properties?.[head];
      if (property) walk(property, [...at, head], tail, true);
      if (candidate.items && /^\d+$/.test(head)) walk(candidate.items, [...at, "0"], tail, true);
    }
    if (anchored) return;
    // Not anchored yet: the field may also start below this node.
    for (const candidate of [node, ...alternativesOf(node)]) {
      for (const [name, inner] of Object.entries(candidate.properties ?? {})) walk(inner, [...at, name], rest, false);
      if (candidate.items) walk(candidate.items, [...at, "0"], rest, false);
    }
  };
  walk(schema, [], segments, false);
  return [...new Set(found)];
}

/**
 * Deletes from `value` (a body shaped by `schema`) the first required field outside arrays that
 * `keep` does not protect, and returns its dotted path; null when there is none to drop.
 */
export function dropRequiredField(
  schema: JsonSchema,
  value: unknown,
  keep: (path: string) => boolean = () => false,
): string | null {
  const slot = fieldSlots(schema).find(
    (candidate) => candidate.required && !candidate.path.includes("0") && !keep(candidate.path.join(".")),
  );
  if (!slot) return null;
  let parent = value;
  for (const key of slot.path.slice(0, -1)) parent = (parent as Record<string, unknown> | null)?.[key];
  if (parent === null || typeof parent !== "object") return null;
  delete (parent as Record<string, unknown>)[slot.path.at(-1)!];
  return slot.path.join(".");
}
