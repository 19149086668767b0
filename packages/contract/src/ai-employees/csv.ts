// AI employees as CSV (RFC 4180): the export's rows, and the import's parsing and per-cell validation.
// Pure functions: the server reads and writes files with them, the web can preview with them.
import { z } from "zod";
import {
  AI_EMPLOYEE_STATUSES,
  type AiEmployee,
  type AiEmployeeStatus,
  type AiEmployeeValues,
  aiEmployeeInputSchema,
  CONTACT_CHANNELS,
  guardrailsSchema,
} from "./ai-employee.ts";

export const AI_EMPLOYEE_CSV_COLUMNS = [
  "name",
  "role",
  "department",
  "status",
  "languages",
  "persona",
  "instructions",
  "max_discount_percent",
  "max_order_total",
  "actions_requiring_human",
  "contact_points",
  "skills",
] as const;
export type AiEmployeeCsvColumn = (typeof AI_EMPLOYEE_CSV_COLUMNS)[number];

/** Columns an import cannot do without; the others may be left out (their defaults apply). */
export const AI_EMPLOYEE_CSV_REQUIRED_COLUMNS: readonly AiEmployeeCsvColumn[] = ["name", "role", "department"];

export const AI_EMPLOYEE_IMPORT_LIMITS = { bytes: 1024 * 1024, rows: 1_000 } as const;

/** Separates the items of a list cell (languages, skills, …). */
export const CSV_LIST_SEPARATOR = ";";

/** One problem of an import file: its line (the header is line 1) and column. */
export type CsvCellError = { line: number; column: string; message: string };

export const csvCellErrorSchema = z.object({ line: z.number().int().min(1), column: z.string(), message: z.string() });

/** The import's refusal: 422 with every problem of the file, or a 422/413 about the file as a whole. */
export const aiEmployeesImportErrorSchema = z.object({
  error: z.string(),
  errorDescription: z.string().optional(),
  details: z.array(csvCellErrorSchema).optional(),
});

export const aiEmployeesImportResultSchema = z.object({ imported: z.number().int().nonnegative() });
export type AiEmployeesImportResult = z.infer<typeof aiEmployeesImportResultSchema>;

// ---------------------------------------------------------------------------------------------------
// RFC 4180

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

// ---------------------------------------------------------------------------------------------------
// AI employees ⇄ rows

/** Cents as a decimal in currency units: 150000 → "1500.00". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A decimal in currency units as cents ("1500", "1500.5", "1,500.00" is not accepted), or null. */
export function decimalToCents(text: string): number | null {
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

const joinList = (items: readonly string[]) => items.join(CSV_LIST_SEPARATOR);

/** The export's row of one employee, in AI_EMPLOYEE_CSV_COLUMNS' order. */
export function aiEmployeeToCsvRow(employee: AiEmployee): string[] {
  const values: Record<AiEmployeeCsvColumn, string> = {
    name: employee.name,
    role: employee.role,
    department: employee.department.name,
    status: employee.status,
    languages: joinList(employee.languages),
    persona: employee.persona,
    instructions: employee.instructions,
    max_discount_percent: String(employee.guardrails.maxDiscountPercent),
    max_order_total: centsToDecimal(employee.guardrails.maxOrderTotalCents),
    actions_requiring_human: joinList(employee.guardrails.actionsRequiringHuman),
    contact_points: joinList(employee.contactPoints.map((point) => `${point.channel}:${point.address}`)),
    skills: joinList(employee.skills.map((skill) => skill.name)),
  };
  return AI_EMPLOYEE_CSV_COLUMNS.map((column) => values[column]);
}

/** The export file: a header row, then one row per employee. */
export function aiEmployeesToCsv(employees: readonly AiEmployee[]): string {
  return formatCsv([[...AI_EMPLOYEE_CSV_COLUMNS], ...employees.map(aiEmployeeToCsvRow)]);
}

/** An import row once valid: the hiring input with the department by name (the server finds its id). */
export type AiEmployeeCsvValues = Omit<AiEmployeeValues, "departmentId"> & {
  departmentName: string;
  status: AiEmployeeStatus;
};

export type CsvRowResult =
  | { ok: true; values: AiEmployeeCsvValues }
  | {
      ok: false;
      errors: { column: AiEmployeeCsvColumn; message: string }[];
      /** The department named, when that cell itself is valid: the server still checks it exists. */
      departmentName?: string;
    };

const splitList = (cell: string) =>
  cell
    .split(CSV_LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter((item) => item !== "");

const firstMessage = (error: z.ZodError) => {
  const issue = error.issues[0]!;
  const at = issue.path.filter((key) => typeof key === "number")[0];
  return typeof at === "number" ? `Item ${at + 1}: ${issue.message}` : issue.message;
};

const shape = aiEmployeeInputSchema.shape;
const departmentNameSchema = z
  .string()
  .trim()
  .min(1, { error: "Department is required" })
  .max(80, { error: "Department must be at most 80 characters" });
const statusSchema = z.enum(AI_EMPLOYEE_STATUSES, { error: `Must be one of ${AI_EMPLOYEE_STATUSES.join(", ")}` });

/**
 * One data row (cells by column name; a missing column is an empty cell) as hiring values, or each
 * column's first problem. Empty optional cells take the hiring defaults; lists are `;`-separated and
 * contact points `channel:address`.
 */
export function csvRowToAiEmployee(cells: Partial<Record<AiEmployeeCsvColumn, string>>): CsvRowResult {
  const errors: { column: AiEmployeeCsvColumn; message: string }[] = [];
  const cell = (column: AiEmployeeCsvColumn) => (cells[column] ?? "").trim();
  function check<T>(column: AiEmployeeCsvColumn, schema: z.ZodType<T>, value: unknown): T | undefined {
    if (typeof value === "string" && value.includes("\u0000")) {
      errors.push({ column, message: "Must not contain NUL characters" });
      return undefined;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    errors.push({ column, message: firstMessage(parsed.error) });
    return undefined;
  }
  for (const column of AI_EMPLOYEE_CSV_COLUMNS) {
    if ((cells[column] ?? "").includes("\u0000")) errors.push({ column, message: "Must not contain NUL characters" });
  }
  if (errors.length > 0) return { ok: false, errors };

  const name = check("name", shape.name, cells.name ?? "");
  const role = check("role", shape.role, cells.role ?? "");
  const departmentName = check("department", departmentNameSchema, cell("department"));
  const status = check("status", statusSchema, cell("status").toLowerCase() || "active");
  const languages = check("languages", shape.languages, cell("languages") ? splitList(cell("languages")) : undefined);
  const persona = check("persona", shape.persona, cells.persona ?? "");
  const instructions = check("instructions", shape.instructions, cells.instructions ?? "");

  let maxDiscountPercent: number | undefined;
  const discount = cell("max_discount_percent");
  if (discount !== "" && !/^\d+(\.\d+)?$/.test(discount)) {
    errors.push({ column: "max_discount_percent", message: "Must be a number between 0 and 100" });
  } else {
    maxDiscountPercent = check(
      "max_discount_percent",
      guardrailsSchema.shape.maxDiscountPercent,
      discount === "" ? 0 : Number(discount),
    );
  }
  let maxOrderTotalCents: number | undefined;
  const total = cell("max_order_total");
  const cents = total === "" ? 0 : decimalToCents(total);
  if (cents === null) {
    errors.push({ column: "max_order_total", message: "Must be an amount like 1500.00 (zero or more, two decimals)" });
  } else {
    maxOrderTotalCents = check("max_order_total", guardrailsSchema.shape.maxOrderTotalCents, cents);
  }
  const actionsRequiringHuman = check("actions_requiring_human", guardrailsSchema.shape.actionsRequiringHuman, [
    ...new Set(splitList(cell("actions_requiring_human"))),
  ]);

  let contactPoints: AiEmployeeValues["contactPoints"] | undefined;
  const points = splitList(cell("contact_points"));
  const malformed = points.findIndex((point) => !point.includes(":"));
  if (malformed >= 0) {
    errors.push({
      column: "contact_points",
      message: `Item ${malformed + 1}: must be channel:address, the channel one of ${CONTACT_CHANNELS.join(", ")}`,
    });
  } else {
    const split = points.map((point) => {
      const at = point.indexOf(":");
      return { channel: point.slice(0, at).trim().toLowerCase(), address: point.slice(at + 1) };
    });
    contactPoints = check("contact_points", shape.contactPoints, split);
    const keys = (contactPoints ?? []).map((point) => `${point.channel}:${point.address}`);
    const twice = keys.findIndex((key, index) => keys.indexOf(key) !== index);
    if (contactPoints && twice >= 0) {
      errors.push({ column: "contact_points", message: `Item ${twice + 1}: ${keys[twice]} is listed twice` });
      contactPoints = undefined;
    }
  }
  const skills = check("skills", shape.skills, splitList(cell("skills")));

  if (errors.length > 0) return { ok: false, errors, departmentName };
  return {
    ok: true,
    values: {
      name: name!,
      role: role!,
      departmentName: departmentName!,
      status: status!,
      avatarUrl: null,
      languages: languages!,
      persona: persona!,
      instructions: instructions!,
      guardrails: {
        maxDiscountPercent: maxDiscountPercent!,
        maxOrderTotalCents: maxOrderTotalCents!,
        actionsRequiringHuman: actionsRequiringHuman!,
      },
      contactPoints: contactPoints!,
      skills: skills!,
    },
  };
}

/** The valid rows and every problem of the file (a file with any problem must not be imported). */
export type ParsedImport = {
  rows: { line: number; values: AiEmployeeCsvValues }[];
  errors: CsvCellError[];
  /**
   * The department named on each line whose department cell is valid, rows with other problems
   * included: an unknown department is reported with the rest, not only once the rest is fixed.
   */
  departments: { line: number; name: string }[];
};

const columnAt = (header: string[], index: number) => header[index] ?? `column ${index + 1}`;

/** A syntax error of the file as a problem of a line and column (the header's names, when it parses). */
export function csvSyntaxProblem(text: string, error: CsvSyntaxError): CsvCellError {
  let header: string[] = [];
  try {
    header = (parseCsv(text.split(/\r\n|\n|\r/, 1)[0] ?? "")[0]?.fields ?? []).map(normalizeHeader);
  } catch {
    // The header itself is broken: the problem is named after it.
  }
  const column = error.line === 1 ? "header" : columnAt(header, error.fieldIndex);
  return { line: error.line, column, message: error.message };
}

/** A whole import file, parsed and validated (see aiEmployeesFromCsvRecords). */
export function parseAiEmployeesCsv(text: string): ParsedImport {
  try {
    return aiEmployeesFromCsvRecords(parseCsv(text));
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return { rows: [], errors: [csvSyntaxProblem(text, error)], departments: [] };
  }
}

/**
 * The records of an import file: the header (columns by name, any order, case-insensitive), then each
 * data row validated; blank lines are skipped. The valid rows' values, and every problem of the file.
 */
export function aiEmployeesFromCsvRecords(records: readonly CsvRecord[]): ParsedImport {
  const [headerRecord, ...data] = records;
  if (!headerRecord) {
    return { rows: [], errors: [{ line: 1, column: "header", message: "The file is empty" }], departments: [] };
  }
  const { header, errors } = checkCsvHeader(headerRecord, AI_EMPLOYEE_CSV_COLUMNS, AI_EMPLOYEE_CSV_REQUIRED_COLUMNS);
  if (errors.length > 0) return { rows: [], errors, departments: [] };

  const rows: { line: number; values: AiEmployeeCsvValues }[] = [];
  const departments: { line: number; name: string }[] = [];
  for (const record of data) {
    if (record.fields.every((field) => field.trim() === "")) continue;
    if (record.fields.length !== header.length) {
      errors.push({
        line: record.line,
        column: columnAt(header, Math.min(record.fields.length, header.length - 1)),
        message: `Has ${record.fields.length} fields; the header has ${header.length}`,
      });
      continue;
    }
    const cells: Partial<Record<AiEmployeeCsvColumn, string>> = {};
    header.forEach((name, index) => {
      cells[name as AiEmployeeCsvColumn] = unescapeCsvField(record.fields[index]!);
    });
    const result = csvRowToAiEmployee(cells);
    const departmentName = result.ok ? result.values.departmentName : result.departmentName;
    if (departmentName !== undefined) departments.push({ line: record.line, name: departmentName });
    if (result.ok) rows.push({ line: record.line, values: result.values });
    else errors.push(...result.errors.map((error) => ({ line: record.line, ...error })));
  }
  return { rows, errors, departments };
}

/** How many data records (non-blank) a file holds, to refuse a file that is too long before validating it. */
export function countCsvDataRows(records: readonly CsvRecord[]): number {
  return records.slice(1).filter((record) => record.fields.some((field) => field.trim() !== "")).length;
}

function normalizeHeader(name: string): string {
  return name.trim().toLowerCase();
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
