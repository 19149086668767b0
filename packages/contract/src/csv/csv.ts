// CSV as RFC 4180 reads and writes it. Pure functions: the server reads and writes files with them, the
// web can preview with them.

/** A record and the line of the file it starts on (a quoted field may span several lines). */
export type CsvRecord = { line: number; fields: string[] };

export class CsvSyntaxError extends Error {
  readonly line: number;
  /** The 0-based field of the record the problem is in. */
  readonly fieldIndex: number;
  constructor(message: string, line: number, fieldIndex: number) {
    super(message);
    this.name = "CsvSyntaxError";
    this.line = line;
    this.fieldIndex = fieldIndex;
  }
}

/**
 * Parses RFC 4180 text: fields separated by commas, records by CRLF (a lone LF or CR is accepted too),
 * fields quoted with `"` may hold commas, line breaks and `""` for a quote. A leading byte-order mark
 * is dropped; a final line break does not start an empty record. A quote inside an unquoted field or
 * text after a closing quote is a CsvSyntaxError, as is a quote never closed.
 */
export function parseCsv(text: string): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  let recordLine = 1;
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let afterQuote = false;
  let i = 0;
  const endField = () => {
    fields.push(field);
    field = "";
    afterQuote = false;
  };
  const endRecord = () => {
    endField();
    records.push({ line: recordLine, fields });
    fields = [];
  };
  while (i < input.length) {
    const char = input[i]!;
    if (quoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        afterQuote = true;
        i++;
        continue;
      }
      if (char === "\n" || (char === "\r" && input[i + 1] !== "\n")) line++;
      field += char;
      i++;
      continue;
    }
    if (char === ",") {
      endField();
      i++;
      continue;
    }
    if (char === "\r" || char === "\n") {
      endRecord();
      i += char === "\r" && input[i + 1] === "\n" ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    if (afterQuote) throw new CsvSyntaxError("Unexpected text after a closing quote", line, fields.length);
    if (char === '"') {
      if (field !== "")
        throw new CsvSyntaxError(
          'A quote inside an unquoted field (quote the field and double the ")',
          line,
          fields.length,
        );
      quoted = true;
      i++;
      continue;
    }
    field += char;
    i++;
  }
  if (quoted) throw new CsvSyntaxError("A quoted field is never closed", recordLine, fields.length);
  // Text after the last line break is a record; a final line break alone is not.
  if (field !== "" || fields.length > 0 || afterQuote) endRecord();
  return records;
}

const needsQuotes = /[",\r\n]|^\s|\s$/;
// A spreadsheet runs a cell that starts like a formula ("=HYPERLINK(…)", "+1+cmd|…"): exports put an
// apostrophe before such text (spreadsheets show the text, not run it) and imports take it off again.
const formulaStart = /^[=+\-@\t\r]/;
const escapedFormula = /^'[=+\-@\t\r]/;

/**
 * One field as RFC 4180 writes it: quoted (quotes doubled) when it holds a comma, quote, line break or
 * edge space; text that a spreadsheet would run as a formula is prefixed with an apostrophe.
 */
export function formatCsvField(value: string): string {
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A field as written by formatCsvField, back to its text (the formula guard's apostrophe removed). */
export function unescapeCsvField(field: string): string {
  return escapedFormula.test(field) ? field.slice(1) : field;
}

/** Records as CSV text: CRLF after every record, the last one included. */
export function formatCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(formatCsvField).join(",")}\r\n`).join("");
}
