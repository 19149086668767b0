// An import file's checks that do not depend on what it imports: the header, the count of data rows, and
// its problems named by line and column.
import { z } from "zod";
import { type CsvRecord, type CsvSyntaxError, parseCsv, unescapeCsvField } from "./csv.ts";

/** One problem of an import file: its line (the header is line 1) and column. */
export type CsvCellError = { line: number; column: string; message: string };

export const csvCellErrorSchema = z.object({ line: z.number().int().min(1), column: z.string(), message: z.string() });

/** The header's name of a record's field, or its position when the header has no such column. */
export const csvColumnName = (header: readonly string[], index: number) => header[index] ?? `column ${index + 1}`;

/** How many data records (non-blank) a file holds, to refuse a file that is too long before validating it. */
export function countCsvDataRows(records: readonly CsvRecord[]): number {
  return records.slice(1).filter((record) => record.fields.some((field) => field.trim() !== "")).length;
}

function normalizeHeader(name: string): string {
  return name.trim().toLowerCase();
}

/** A syntax error of the file as a problem of a line and column (the header's names, when it parses). */
export function csvSyntaxProblem(text: string, error: CsvSyntaxError): CsvCellError {
  let header: string[] = [];
  try {
    header = (parseCsv(text.split(/\r\n|\n|\r/, 1)[0] ?? "")[0]?.fields ?? []).map(normalizeHeader);
  } catch {
    // The header itself is broken: the problem is named after it.
  }
  const column = error.line === 1 ? "header" : csvColumnName(header, error.fieldIndex);
  return { line: error.line, column, message: error.message };
}

/**
 * An import's header row: columns by name (any order, any case), each known and once, the required
 * ones present. Answers the normalized names and the problems, all on line 1.
 */
export function checkCsvHeader(
  record: CsvRecord,
  columns: readonly string[],
  required: readonly string[],
): { header: string[]; errors: CsvCellError[] } {
  const header = record.fields.map(normalizeHeader);
  const errors: CsvCellError[] = [];
  header.forEach((name, index) => {
    if (!columns.includes(name)) {
      errors.push({
        line: 1,
        column: name || `column ${index + 1}`,
        message: `Unknown column; the columns are ${columns.join(", ")}`,
      });
    } else if (header.indexOf(name) !== index) {
      errors.push({ line: 1, column: name, message: "This column appears twice" });
    }
  });
  for (const column of required) {
    if (!header.includes(column)) errors.push({ line: 1, column, message: "Missing column" });
  }
  return { header, errors };
}

/** One data row of an import file: its line and its cells by column name (absent: not in the file). */
export type CsvDataRow<C extends string> = { line: number; cells: Partial<Record<C, string>> };

/**
 * Walks an import file's records as a table: the header checked (checkCsvHeader), then each data row's
 * cells by column name handed to `eachRow`, in file order; blank lines are skipped, and a row with more
 * or fewer fields than the header is a problem of its own. Answers every problem, in line order (the
 * ones `eachRow` answers included). A header with problems stops there.
 */
export function readCsvTable<C extends string>(
  records: readonly CsvRecord[],
  columns: readonly C[],
  required: readonly C[],
  eachRow: (row: CsvDataRow<C>) => CsvCellError[],
): CsvCellError[] {
  const [headerRecord, ...data] = records;
  if (!headerRecord) return [{ line: 1, column: "header", message: "The file is empty" }];
  const { header, errors } = checkCsvHeader(headerRecord, columns, required);
  if (errors.length > 0) return errors;
  for (const record of data) {
    if (record.fields.every((field) => field.trim() === "")) continue;
    if (record.fields.length !== header.length) {
      errors.push({
        line: record.line,
        column: csvColumnName(header, Math.min(record.fields.length, header.length - 1)),
        message: `Has ${record.fields.length} fields; the header has ${header.length}`,
      });
      continue;
    }
    const cells: Partial<Record<C, string>> = {};
    header.forEach((name, index) => {
      cells[name as C] = unescapeCsvField(record.fields[index]!);
    });
    errors.push(...eachRow({ line: record.line, cells }));
  }
  return errors;
}
