import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv.ts";
import { countCsvDataRows, readCsvTable } from "./import-file.ts";

describe("countCsvDataRows", () => {
  it("counts data rows without the header and blank lines", () => {
    expect(countCsvDataRows(parseCsv("h\r\na\r\n\r\nb\r\n"))).toBe(2);
  });
});

describe("readCsvTable", () => {
  const columns = ["name", "note"] as const;
  const read = (text: string) => {
    const rows: unknown[] = [];
    const errors = readCsvTable(parseCsv(text), columns, ["name"], (row) => {
      rows.push(row);
      return row.cells.name === "bad" ? [{ line: row.line, column: "name", message: "Bad name" }] : [];
    });
    return { rows, errors };
  };

  it("hands each data row's cells by column name, in any column order and case, skipping blank lines", () => {
    expect(read("Note,NAME\r\nhi,Ada\r\n\r\n,Grace\r\n").rows).toEqual([
      { line: 2, cells: { note: "hi", name: "Ada" } },
      { line: 4, cells: { note: "", name: "Grace" } },
    ]);
  });

  it("answers every problem in line order, a wrong field count among the rows' own", () => {
    expect(read("name,note\r\nbad,x\r\nonly\r\nbad,y\r\n").errors).toEqual([
      { line: 2, column: "name", message: "Bad name" },
      { line: 3, column: "note", message: "Has 1 fields; the header has 2" },
      { line: 4, column: "name", message: "Bad name" },
    ]);
  });

  it("stops at an empty file or a header with problems", () => {
    expect(read("").errors).toEqual([{ line: 1, column: "header", message: "The file is empty" }]);
    expect(read("note\r\nx\r\n")).toEqual({
      rows: [],
      errors: [{ line: 1, column: "name", message: "Missing column" }],
    });
  });
});
