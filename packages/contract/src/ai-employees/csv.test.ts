import { describe, expect, it } from "vitest";
import type { AiEmployee } from "./ai-employee.ts";
import { AI_EMPLOYEE_CSV_COLUMNS, aiEmployeesToCsv, csvRowToAiEmployee, parseAiEmployeesCsv } from "./csv.ts";

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
});
