import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv.ts";
import { countCsvDataRows } from "./import-file.ts";

describe("countCsvDataRows", () => {
  it("counts data rows without the header and blank lines", () => {
    expect(countCsvDataRows(parseCsv("h\r\na\r\n\r\nb\r\n"))).toBe(2);
  });
});
