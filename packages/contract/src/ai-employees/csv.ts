// AI employees as CSV: the export's rows, and the import's parsing and per-cell validation. Pure
// functions: the server reads and writes files with them, the web can preview with them. Reading and
// writing CSV itself is in ../csv.
import { z } from "zod";
import { type CsvRecord, CsvSyntaxError, formatCsv, parseCsv } from "../csv/csv.ts";
import { centsToDecimal, decimalToCents } from "../csv/decimal.ts";
import { type CsvCellError, csvCellErrorSchema, csvSyntaxProblem, readCsvTable } from "../csv/import-file.ts";
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

/** The import's refusal: 422 with every problem of the file, or a 422/413 about the file as a whole. */
export const aiEmployeesImportErrorSchema = z.object({
  error: z.string(),
  errorDescription: z.string().optional(),
  details: z.array(csvCellErrorSchema).optional(),
});

export const aiEmployeesImportResultSchema = z.object({ imported: z.number().int().nonnegative() });
export type AiEmployeesImportResult = z.infer<typeof aiEmployeesImportResultSchema>;

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
  const rows: { line: number; values: AiEmployeeCsvValues }[] = [];
  const departments: { line: number; name: string }[] = [];
  const errors = readCsvTable(records, AI_EMPLOYEE_CSV_COLUMNS, AI_EMPLOYEE_CSV_REQUIRED_COLUMNS, ({ line, cells }) => {
    const result = csvRowToAiEmployee(cells);
    const departmentName = result.ok ? result.values.departmentName : result.departmentName;
    if (departmentName !== undefined) departments.push({ line, name: departmentName });
    if (!result.ok) return result.errors.map((error) => ({ line, ...error }));
    rows.push({ line, values: result.values });
    return [];
  });
  return { rows, errors, departments };
}
