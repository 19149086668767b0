import { formatCsv } from "@foreman/contract";
import type { ExportRow } from "./export-rows.ts";
import { type ExportTable, REDACTED_ROWS } from "./export-tables.ts";

// One table's part of the archive: `<table>.json` (an array of rows, every column kept), `<table>.csv`
// (the same rows without file columns) and each file column's bytes under `files/<table>/<key>/`, which
// the JSON names in place of the bytes.

const encoder = new TextEncoder();

/** Extensions for file columns whose rows carry no file name. */
const FILE_EXTENSIONS: Readonly<Record<string, string>> = {
  "inbound_emails.raw": ".eml",
  "company_logos.image": ".webp",
};

/** A name safe as one path segment: no separators, no control characters, no leading dots. */
export function safeSegment(name: string, fallback: string): string {
  const cleaned = [...name]
    .map((char) => {
      const code = char.codePointAt(0)!;
      return code < 32 || code === 127 || '/\\:*?"<>|'.includes(char) ? "_" : char;
    })
    .join("")
    .replace(/^[.\s]+/, "")
    .trim()
    .slice(0, 120);
  return cleaned || fallback;
}

function filePath(table: ExportTable, row: ExportRow, column: string): string {
  const key = table.key ? String(row[table.key.name]) : "row";
  const named = typeof row.file_name === "string" ? row.file_name : null;
  const name = named ? safeSegment(named, column) : `${column}${FILE_EXTENSIONS[`${table.name}.${column}`] ?? ".bin"}`;
  return `files/${table.name}/${safeSegment(key, "row")}/${name}`;
}

function jsonValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  return value;
}

function csvValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Builds a table's files as its pages of rows arrive. */
export class TableFiles {
  readonly #table: ExportTable;
  readonly #json: string[] = [];
  readonly #csv: string[][];
  readonly files = new Map<string, Uint8Array>();
  rowCount = 0;

  constructor(table: ExportTable) {
    this.#table = table;
    this.#csv = [table.columns.filter((c) => !c.file).map((c) => c.name)];
  }

  add(rows: ExportRow[]): void {
    const redacted = REDACTED_ROWS[this.#table.name];
    for (const original of rows) {
      const row = redacted && original[redacted.when] === true ? { ...original, [redacted.column]: null } : original;
      const json: ExportRow = {};
      const csv: string[] = [];
      for (const { name, file } of this.#table.columns) {
        const value = row[name];
        if (file) {
          if (value instanceof Uint8Array) {
            const path = filePath(this.#table, row, name);
            this.files.set(path, value);
            json[name] = path;
          } else json[name] = null;
          continue;
        }
        json[name] = jsonValue(value);
        csv.push(csvValue(value));
      }
      this.#json.push(JSON.stringify(json));
      this.#csv.push(csv);
      this.rowCount += 1;
    }
  }

  /** `<table>.json`, `<table>.csv` and the files, as archive entries. */
  entries(): Record<string, Uint8Array> {
    const json = this.#json.length === 0 ? "[]\n" : `[\n${this.#json.join(",\n")}\n]\n`;
    return {
      [`${this.#table.name}.json`]: encoder.encode(json),
      [`${this.#table.name}.csv`]: encoder.encode(formatCsv(this.#csv)),
      ...Object.fromEntries(this.files),
    };
  }
}
