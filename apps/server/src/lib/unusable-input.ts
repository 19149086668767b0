import type { FieldError } from "@foreman/contract";
import { httpError } from "./http-error.ts";

// Two things no schema can be trusted to catch, checked on every parsed request before it is renamed or
// validated: nesting so deep that any recursive walk of it (the case renaming, a serializer) overflows
// the stack, and NUL characters, which JSON and URLs carry but PostgreSQL text cannot store.

/** Our deepest request nests three levels (attachments[0].file_name); this is far beyond any real one. */
export const MAX_INPUT_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `Must not nest more than ${MAX_INPUT_DEPTH} levels deep`;
export const NUL_MESSAGE = "Must not contain NUL characters";

/**
 * The problems of one part of a request (`body`, `querystring`), with fields named by the keys as the
 * client sent them. Iterative, so a 200,000-level body is measured without recursion.
 */
export function unusableInputDetails(value: unknown, part: string): FieldError[] {
  // Most requests have no body and an empty query string: nothing to walk, nothing to allocate.
  if (value === undefined || value === null || (typeof value === "object" && isEmpty(value))) return [];
  const details: FieldError[] = [];
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  const named = (path: string[]) => path.join(".") || part;
  // Too deep: named down to the last object key on the way (`user.password_confirmation`, not its 32 indexes).
  const deepest = (path: string[]) => {
    const end = path.findLastIndex((key) => !/^\d+$/.test(key));
    return named(path.slice(0, end + 1));
  };
  while (stack.length > 0) {
    const { value: node, path } = stack.pop()!;
    if (typeof node === "string") {
      if (node.includes("\u0000")) details.push({ field: named(path), message: NUL_MESSAGE });
      continue;
    }
    // Raw bodies (a webhook's bytes, kept for its signature) are not walked: they are not parsed input.
    if (node === null || typeof node !== "object" || ArrayBuffer.isView(node)) continue;
    if (path.length >= MAX_INPUT_DEPTH) return [{ field: deepest(path), message: TOO_DEEP_MESSAGE }];
    for (const [key, inner] of Object.entries(node)) {
      if (key.includes("\u0000")) details.push({ field: named([...path, key]), message: NUL_MESSAGE });
      stack.push({ value: inner, path: [...path, key] });
    }
  }
  return details;
}

function isEmpty(value: object): boolean {
  for (const _ in value) return false;
  return true;
}

/** Throws a 400 naming every unusable field of a request's body and query string. */
export function rejectUnusableInput(body: unknown, querystring: unknown): void {
  const bodyDetails = unusableInputDetails(body, "body");
  const queryDetails = unusableInputDetails(querystring, "querystring");
  if (bodyDetails.length === 0 && queryDetails.length === 0) return;
  const details = [...bodyDetails, ...queryDetails];
  const error = httpError(400, "invalid_request", "Request validation failed", details);
  // Checked before the renaming: the keys are the client's own.
  error.fieldsAsSent = true;
  throw error;
}
