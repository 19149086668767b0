import { type CsvCellError, CsvSyntaxError, countCsvDataRows, csvSyntaxProblem, parseCsv } from "@foreman/contract";

// The first steps every CSV import shares (AI employees, products): read the file and hold it to the
// row limit, refusing it as a whole with the reason, before the import checks its own columns.

export type ImportRefusal = { status: 413 | 422; error: string; errorDescription: string; details?: CsvCellError[] };

export const refuseImport = (
  error: string,
  errorDescription: string,
  details?: CsvCellError[],
): { refused: ImportRefusal } => ({
  refused: { status: 422, error, errorDescription, ...(details ? { details } : {}) },
});

/** The file's records, or why it is refused: not CSV, or more data rows than `maxRows`. */
export function readCsvForImport(
  text: string,
  maxRows: number,
): { records: ReturnType<typeof parseCsv> } | { refused: ImportRefusal } {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return refuseImport("validation_failed", "The file is not valid CSV; nothing was imported", [
      csvSyntaxProblem(text, error),
    ]);
  }
  const count = countCsvDataRows(records);
  if (count > maxRows) {
    return refuseImport("too_many_rows", `The file has ${count} rows; at most ${maxRows} can be imported at once`);
  }
  return { records };
}
