import { describe, expect, it } from "vitest";
import { CsvSyntaxError, formatCsv, parseCsv, unescapeCsvField } from "./csv.ts";

describe("parseCsv", () => {
  it("reads plain records with CRLF, LF or CR line breaks", () => {
    expect(parseCsv("a,b\r\nc,d\ne,f\rg,h")).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["c", "d"] },
      { line: 3, fields: ["e", "f"] },
      { line: 4, fields: ["g", "h"] },
    ]);
  });

  it("reads quoted fields with commas, doubled quotes and line breaks, counting the lines they span", () => {
    const records = parseCsv('name,note\r\n"Ana, B","She said ""hi""\r\nand left"\r\nx,""\r\n');
    expect(records).toEqual([
      { line: 1, fields: ["name", "note"] },
      { line: 2, fields: ["Ana, B", 'She said "hi"\r\nand left'] },
      { line: 4, fields: ["x", ""] },
    ]);
  });

  it("drops a byte-order mark and does not make a record of the final line break", () => {
    expect(parseCsv("\uFEFFa,b\r\n")).toEqual([{ line: 1, fields: ["a", "b"] }]);
    expect(parseCsv("")).toEqual([]);
  });

  it("keeps empty fields and blank lines", () => {
    expect(parseCsv(",\r\n\r\nx")).toEqual([
      { line: 1, fields: ["", ""] },
      { line: 2, fields: [""] },
      { line: 3, fields: ["x"] },
    ]);
  });

  it("refuses a quote never closed, a quote inside an unquoted field and text after a closing quote", () => {
    expect(() => parseCsv('a\r\n"open')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a\r\nab"c')).toThrow(/quote inside/);
    expect(() => parseCsv('a,b\r\nx,"q"z')).toThrow(expect.objectContaining({ line: 2, fieldIndex: 1 }));
  });
});

describe("formatCsv", () => {
  it("quotes only what needs quoting and ends every record with CRLF", () => {
    expect(formatCsv([["a", "b,c", 'say "x"', "l1\nl2", " pad", ""]])).toBe('a,"b,c","say ""x""","l1\nl2"," pad",\r\n');
  });

  it("round-trips through parseCsv", () => {
    const rows = [
      ["x", 'a "quoted", text', "multi\r\nline"],
      ["", "ñandú", "=1+1"],
    ];
    expect(parseCsv(formatCsv(rows)).map((r) => r.fields.map(unescapeCsvField))).toEqual(rows);
  });

  it("keeps spreadsheets from running a cell as a formula, and imports the text back unchanged", () => {
    const risky = ['=HYPERLINK("http://x")', "+1+cmd|' /C calc'!A0", "-2", "@SUM(A1)"];
    const written = parseCsv(formatCsv([risky]))[0]!.fields;
    expect(written.every((field) => field.startsWith("'"))).toBe(true);
    expect(written.map(unescapeCsvField)).toEqual(risky);
    // Text that merely starts with an apostrophe is left alone.
    expect(unescapeCsvField("'quoted")).toBe("'quoted");
  });
});
