// An article's front matter: the `key: value` lines between two `---` lines at the top of its file. Only
// what the articles use (one line per key, a value optionally in double quotes), so no YAML library.

export type FrontMatter = { fields: Record<string, string>; body: string };

export class FrontMatterError extends Error {}

const FENCE = /^---\s*$/;
const FIELD = /^([a-z][a-z0-9_]*):\s*(.*)$/;

/** The fields and the Markdown after them; throws FrontMatterError naming the line that is wrong. */
export function parseFrontMatter(text: string): FrontMatter {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n?|\n/);
  if (!FENCE.test(lines[0] ?? "")) throw new FrontMatterError("the file must start with a --- line");
  const end = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (end === -1) throw new FrontMatterError("the front matter has no closing --- line");
  const fields: Record<string, string> = {};
  for (let index = 1; index < end; index++) {
    const line = lines[index]!;
    if (line.trim() === "") continue;
    const match = FIELD.exec(line);
    if (!match) throw new FrontMatterError(`line ${index + 1} is not "key: value": ${line}`);
    const [, key, raw] = match as unknown as [string, string, string];
    if (key in fields) throw new FrontMatterError(`line ${index + 1} repeats "${key}"`);
    fields[key] = unquote(raw.trim());
  }
  return {
    fields,
    body: lines
      .slice(end + 1)
      .join("\n")
      .replace(/^\n+/, ""),
  };
}

/** `"The support desk: tickets"` → The support desk: tickets (a value with a colon is quoted). */
function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
    return value.slice(1, -1).replace(/\\(["\\])/g, "$1");
  return value;
}
