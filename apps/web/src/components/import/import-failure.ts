import type { CsvCellError } from "@foreman/contract";
import { describeError, isApiError } from "#web/lib/api-error.ts";

/** What a refused import says: a sentence, each problem of the file, and whether nothing was written. */
export type ImportFailure = { message: string; problems: CsvCellError[]; nothingWritten: boolean };

function isCellError(value: unknown): value is CsvCellError {
  if (!value || typeof value !== "object") return false;
  const detail = value as Record<string, unknown>;
  return typeof detail.line === "number" && typeof detail.column === "string" && typeof detail.message === "string";
}

/** 422 (the file's problems) and 413 (too large) are all or nothing on the server; the rest may not be. */
export function importFailure(error: unknown): ImportFailure {
  if (isApiError(error) && (error.status === 422 || error.status === 413)) {
    const details: unknown[] = Array.isArray(error.body.details) ? error.body.details : [];
    return { message: describeError(error), problems: details.filter(isCellError), nothingWritten: true };
  }
  return { message: `The import failed. ${describeError(error)}`, problems: [], nothingWritten: false };
}

/** "Line 3, department: No department named Marketing". */
export const describeProblem = (problem: CsvCellError) => `Line ${problem.line}, ${problem.column}: ${problem.message}`;

/** Refused before the file is read or sent. */
export function fileTooLargeMessage(maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  return `The file is larger than ${mb} MB. Import at most ${mb} MB at once (split the file).`;
}
