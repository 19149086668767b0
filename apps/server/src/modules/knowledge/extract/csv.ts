// CSV as sections: each data row becomes one self-describing line ("Producto: Excel básico; Precio: 120"),
// so a row found by search carries its column names with it. The parser is forgiving (an unclosed quote
// runs to the end, ragged rows are fine) and finds the delimiter itself: spreadsheets in Spanish
// locales save with ";".
import { normaliseLine, type Section } from "./sections.ts";

/** Rows per section: enough context for a chunk, few enough that one chunk holds a section. */
export const CSV_ROWS_PER_SECTION = 20;

const DELIMITERS = [",", ";", "\t", "|"] as const;

/** The delimiter the header row uses most (outside quotes); a comma when it has none of them. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ",";
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

/** RFC 4180 records: quoted fields may hold the delimiter, line breaks and doubled quotes. */
export function parseCsvRows(text: string, delimiter = detectDelimiter(text)): string[][] {
  const rows: string[][] = [];
  // Where an unquoted field (or what follows a closing quote) ends.
  const fieldEnd = new RegExp(`[${delimiter === "\t" ? "\\t" : `\\${delimiter}`}\\r\\n]`, "g");
  let row: string[] = [];
  let at = 0;
  while (at < text.length) {
    let field = "";
    let start = at;
    while (text[start] === " ") start++;
    if (text[start] === '"') {
      // A quoted field (spaces before the quote are dropped); a quote left open runs to the end.
      let from = start + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1) {
          field += text.slice(from);
          from = text.length;
          break;
        }
        field += text.slice(from, quote);
        from = quote + 1;
        if (text[from] !== '"') break;
        field += '"';
        from++;
      }
      at = from;
    }
    fieldEnd.lastIndex = at;
    const end = fieldEnd.exec(text);
    const stop = end ? end.index : text.length;
    field += text.slice(at, stop);
    row.push(field);
    at = stop + 1;
    if (end?.[0] === delimiter) {
      if (at < text.length) continue;
      row.push(""); // a delimiter ending the file ends an empty last field
    } else if (end?.[0] === "\r" && text[at] === "\n") at++;
    rows.push(row);
    row = [];
  }
  return rows;
}

// A cell's text on one line (a quoted cell may hold line breaks); the whole row is normalised once.
const cell = (value: string) => value.replace(/\s+/g, " ").trim();

/** The CSV as sections of CSV_ROWS_PER_SECTION lines each, "Header: value" pairs joined by "; ". */
export function csvToSections(text: string): Section[] {
  const rows = parseCsvRows(text.replace(/^\ufeff/, "")).filter((row) => row.some((value) => cell(value) !== ""));
  const [header, ...data] = rows;
  if (!header) return [];
  const names = header.map((name) => normaliseLine(cell(name)));
  if (data.length === 0) {
    // Only a header row: its names are all the text there is.
    const line = names.filter((name) => name !== "").join("; ");
    return line === "" ? [] : [{ heading: null, text: line }];
  }
  const lines = data
    .map((row) =>
      row
        .map((value, index) => {
          const text = cell(value);
          if (text === "") return null;
          const name = names[index] || `Column ${index + 1}`;
          return `${name}: ${text}`;
        })
        .filter((pair) => pair !== null)
        .join("; "),
    )
    .map(normaliseLine);
  const sections: Section[] = [];
  for (let start = 0; start < lines.length; start += CSV_ROWS_PER_SECTION) {
    sections.push({ heading: null, text: lines.slice(start, start + CSV_ROWS_PER_SECTION).join("\n") });
  }
  return sections;
}
