import { AI_EMPLOYEE_IMPORT_LIMITS, type CsvCellError } from "@foreman/contract";
import { describeError, isApiError } from "#web/lib/api-error.ts";

/** What a refused import says: a sentence, and each problem of the file when the server listed them. */
export type ImportFailure = { message: string; problems: CsvCellError[]; nothingWritten: boolean };

const MB = AI_EMPLOYEE_IMPORT_LIMITS.bytes / (1024 * 1024);

export const FILE_TOO_LARGE_MESSAGE = `The file is larger than ${MB} MB. Import at most ${MB} MB at once (split the file).`;

function isCellError(value: unknown): value is CsvCellError {
  if (!value || typeof value !== "object") return false;
  const detail = value as Record<string, unknown>;
  return typeof detail.line === "number" && typeof detail.column === "string" && typeof detail.message === "string";
}

/** 422 lists the file's problems (nothing was written); 413 and the rest carry one message. */
export function importFailure(error: unknown): ImportFailure {
  if (isApiError(error) && error.status === 422) {
    const details: unknown[] = Array.isArray(error.body.details) ? error.body.details : [];
    const problems = details.filter(isCellError);
    return { message: describeError(error), problems, nothingWritten: true };
  }
  if (isApiError(error) && error.status === 413)
    return { message: describeError(error), problems: [], nothingWritten: true };
  return { message: `The import failed. ${describeError(error)}`, problems: [], nothingWritten: false };
}

/** "Line 3, department: No department named Marketing". */
export const describeProblem = (problem: CsvCellError) => `Line ${problem.line}, ${problem.column}: ${problem.message}`;
