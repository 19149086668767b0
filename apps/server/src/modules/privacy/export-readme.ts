import { EXPORT_LINK_HOURS } from "@foreman/contract";
import { type ExportTable, NOT_COMPANY_DATA, REDACTED_ROWS } from "./export-tables.ts";

// README.txt at the top of every export: what the archive holds, how to read it, and what it leaves out.

export function exportReadme(input: {
  companyName: string;
  companyId: string;
  createdAt: Date;
  tables: { table: ExportTable; rows: number; files: number }[];
}): string {
  const tableLines = input.tables.map(
    ({ table, rows, files }) =>
      `  ${table.name.padEnd(28)} ${String(rows).padStart(8)} ${rows === 1 ? "row " : "rows"}${files > 0 ? `, ${files} ${files === 1 ? "file" : "files"} under files/${table.name}/` : ""}`,
  );
  const leftOut = input.tables.flatMap(({ table }) =>
    table.leftOut.map(({ column, why }) => `  ${`${table.name}.${column}`.padEnd(40)} ${why}`),
  );
  return [
    `Foreman data export: ${input.companyName}`,
    `Company id: ${input.companyId}`,
    `Written: ${input.createdAt.toISOString()}`,
    "",
    "Every table that holds this company's rows is here twice:",
    "  <table>.json  an array of the rows, every column kept, named as in the database",
    "  <table>.csv   the same rows as CSV (RFC 4180, UTF-8), without file columns",
    "Timestamps are ISO 8601 in UTC; money is in integer cents beside its currency.",
    "In the CSV files, a value that starts with = + - @ is written after an apostrophe, so a spreadsheet",
    "shows it as text instead of running it as a formula.",
    "",
    "Files (conversation attachments, knowledge base files, the logo, the originals of received mail) are",
    "under files/<table>/<row id>/; in the JSON, the file column holds that path.",
    "",
    "Tables:",
    ...tableLines,
    "",
    "Left out on purpose (secrets, never exported):",
    ...leftOut,
    "  users                                    only the company's members; their sign-in data stays out",
    ...Object.entries(REDACTED_ROWS).map(
      ([table, { column, when, why }]) => `  ${`${table}.${column}`.padEnd(40)} empty where ${when}: ${why}`,
    ),
    "",
    "Not company data, so not exported:",
    `  ${NOT_COMPANY_DATA.join(", ")}`,
    "",
    `The download link worked for ${EXPORT_LINK_HOURS} hours; then the archive was erased from Foreman.`,
    "",
  ].join("\n");
}
