import { describe, expect, it } from "vitest";
import type { AiEmployee } from "./ai-employee.ts";
import {
  AI_EMPLOYEE_CSV_COLUMNS,
  aiEmployeesToCsv,
  CsvSyntaxError,
  centsToDecimal,
  countCsvDataRows,
  csvRowToAiEmployee,
  decimalToCents,
  formatCsv,
  parseAiEmployeesCsv,
  parseCsv,
  unescapeCsvField,
} from "./csv.ts";

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

describe("money as decimals", () => {
  it("writes cents as units with two decimals and reads them back", () => {
    expect(centsToDecimal(150_000)).toBe("1500.00");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(decimalToCents("1500.00")).toBe(150_000);
    expect(decimalToCents("1500.5")).toBe(150_050);
    expect(decimalToCents("12")).toBe(1200);
    expect(decimalToCents("1,500.00")).toBeNull();
    expect(decimalToCents("-1")).toBeNull();
    expect(decimalToCents("1.234")).toBeNull();
  });
});

const employee: AiEmployee = {
  id: "e1",
  name: "Sofía",
  role: "Sales, senior",
  status: "inactive",
  avatarUrl: null,
  department: { id: "d1", name: "Sales" },
  languages: ["es", "en"],
  persona: 'Warm; says "hola"\nalways',
  instructions: "",
  guardrails: {
    maxDiscountPercent: 12.5,
    maxOrderTotalCents: 150_000,
    actionsRequiringHuman: ["send_quote", "hand_off"],
  },
  contactPoints: [
    { channel: "whatsapp", address: "+1 555 0100" },
    { channel: "email", address: "sofia@example.com" },
  ],
  skills: [{ id: "s1", name: "Negotiation", description: "" }],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  deactivatedAt: null,
};

describe("AI employees as CSV", () => {
  it("exports a header and one row per employee, and imports it back to the same values", () => {
    const text = aiEmployeesToCsv([employee]);
    expect(text.split("\r\n")[0]).toBe(AI_EMPLOYEE_CSV_COLUMNS.join(","));
    expect(text).toContain(",1500.00,send_quote;hand_off,whatsapp:+1 555 0100;email:sofia@example.com,Negotiation");
    const parsed = parseAiEmployeesCsv(text);
    expect(parsed.departments).toEqual([{ line: 2, name: "Sales" }]);
    expect(parsed).toEqual({
      errors: [],
      departments: expect.any(Array),
      rows: [
        {
          line: 2,
          values: {
            name: "Sofía",
            role: "Sales, senior",
            departmentName: "Sales",
            status: "inactive",
            avatarUrl: null,
            languages: ["es", "en"],
            persona: 'Warm; says "hola"\nalways',
            instructions: "",
            guardrails: employee.guardrails,
            contactPoints: employee.contactPoints,
            skills: ["Negotiation"],
          },
        },
      ],
    });
  });

  it("fills defaults for empty optional cells and accepts columns in any order and case", () => {
    const parsed = parseAiEmployeesCsv("Department,NAME,role\r\nSales,Ana,Agent\r\n\r\n");
    expect(parsed).toMatchObject({
      errors: [],
      rows: [
        {
          line: 2,
          values: {
            name: "Ana",
            departmentName: "Sales",
            status: "active",
            languages: ["en"],
            guardrails: { maxDiscountPercent: 0, maxOrderTotalCents: 0, actionsRequiringHuman: [] },
            contactPoints: [],
            skills: [],
          },
        },
      ],
    });
  });

  it("names the line and column of every problem", () => {
    const text = [
      "name,role,department,languages,max_discount_percent,max_order_total,actions_requiring_human,contact_points",
      "Ana,Agent,Sales,en,10,100,,",
      ",Agent,Sales,english,101,12.345,fly,fax:123",
      '"Multi',
      'line",Agent,,en,,,,email:a@x.com;email:a@x.com',
      "Too,few",
    ].join("\r\n");
    const parsed = parseAiEmployeesCsv(text);
    expect(parsed.rows.map((row) => row.line)).toEqual([2]);
    expect(parsed.errors.map(({ line, column }) => `${line}:${column}`)).toEqual([
      "3:name",
      "3:languages",
      "3:max_discount_percent",
      "3:max_order_total",
      "3:actions_requiring_human",
      "3:contact_points",
      "4:department",
      "4:contact_points",
      "6:department",
    ]);
    expect(parsed.errors[0]!.message).toBe("Name is required");
    expect(parsed.errors[7]!.message).toMatch(/listed twice/);
  });

  it("names the department of every row whose department cell is valid, rows with other problems too", () => {
    const parsed = parseAiEmployeesCsv("name,role,department\r\nA,,Support\r\nB,Agent,\r\nC,Agent,Sales");
    expect(parsed.departments).toEqual([
      { line: 2, name: "Support" },
      { line: 4, name: "Sales" },
    ]);
    expect(parsed.errors.map((e) => [e.line, e.column])).toEqual([
      [2, "role"],
      [3, "department"],
    ]);
  });

  it("refuses unknown, repeated and missing columns on line 1", () => {
    const parsed = parseAiEmployeesCsv("name,name,colour\r\nA,A,red");
    expect(parsed).toEqual({
      rows: [],
      errors: [
        { line: 1, column: "name", message: "This column appears twice" },
        { line: 1, column: "colour", message: expect.stringMatching(/^Unknown column/) },
        { line: 1, column: "role", message: "Missing column" },
        { line: 1, column: "department", message: "Missing column" },
      ],
      departments: [],
    });
  });

  it("reports a syntax error with its line and the header's column name", () => {
    expect(parseAiEmployeesCsv('name,role,department\r\nA,"B"x,C')).toEqual({
      rows: [],
      errors: [{ line: 2, column: "role", message: "Unexpected text after a closing quote" }],
      departments: [],
    });
    expect(parseAiEmployeesCsv("")).toMatchObject({ rows: [], errors: [{ line: 1, column: "header" }] });
  });

  it("refuses NUL characters in a cell", () => {
    expect(csvRowToAiEmployee({ name: "A\u0000", role: "R", department: "D" })).toEqual({
      ok: false,
      errors: [{ column: "name", message: "Must not contain NUL characters" }],
    });
  });

  it("counts data rows without the header and blank lines", () => {
    expect(countCsvDataRows(parseCsv("h\r\na\r\n\r\nb\r\n"))).toBe(2);
  });
});
