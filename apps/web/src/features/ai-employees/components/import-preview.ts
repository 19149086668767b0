import {
  AI_EMPLOYEE_CSV_COLUMNS,
  type CsvCellError,
  CsvSyntaxError,
  countCsvDataRows,
  csvSyntaxProblem,
  parseCsv,
} from "@foreman/contract";

// What the import dialog shows before sending: how many employees the file holds and its first rows.
// The server checks every cell again (and is the one that decides); this is only a look.

export const PREVIEW_ROWS = 5;

/** The columns the preview shows, when the file has them: enough to recognise the rows. */
export const PREVIEW_COLUMNS = ["name", "role", "department", "status"] as const;

export type ImportPreview = {
  /** Data rows (blank lines not counted). */
  count: number;
  columns: string[];
  rows: { line: number; cells: string[] }[];
  /** A file that is not CSV at all (an unclosed quote…): where, and why. */
  problem?: CsvCellError;
};

export function previewCsv(text: string): ImportPreview {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return { count: 0, columns: [], rows: [], problem: csvSyntaxProblem(text, error) };
  }
  const header = (records[0]?.fields ?? []).map((name) => name.trim().toLowerCase());
  const known = (AI_EMPLOYEE_CSV_COLUMNS as readonly string[]).filter((name) => header.includes(name));
  const shown = PREVIEW_COLUMNS.filter((name) => header.includes(name));
  // No familiar column at all: show the file's own first columns rather than nothing.
  const columns = shown.length > 0 ? [...shown] : known.length > 0 ? known.slice(0, 4) : header.slice(0, 4);
  const indexes = columns.map((name) => header.indexOf(name));
  const rows = records
    .slice(1)
    .filter((record) => record.fields.some((field) => field.trim() !== ""))
    .slice(0, PREVIEW_ROWS)
    .map((record) => ({ line: record.line, cells: indexes.map((index) => record.fields[index] ?? "") }));
  return { count: countCsvDataRows(records), columns, rows };
}
