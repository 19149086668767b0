import { inflateSync } from "node:zlib";

// Reads the text back out of a PDF written by pdfkit with its standard fonts, without a PDF library:
// inflate each Flate content stream, then decode the strings of its TJ/Tj operators (pdfkit writes
// hex glyph strings in WinAnsi, kerning numbers between them). One line per text operator.

const STREAM = /<<(.*?)>>\s*stream\r?\n/gs;

function contentStreams(pdf: Buffer): string[] {
  const text = pdf.toString("latin1");
  const out: string[] = [];
  for (const match of text.matchAll(STREAM)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf("endstream", start);
    let data = pdf.subarray(start, end);
    if (data.at(-1) === 0x0a) data = data.subarray(0, -1);
    if (data.at(-1) === 0x0d) data = data.subarray(0, -1);
    const dictionary = match[1] ?? "";
    try {
      out.push((dictionary.includes("/FlateDecode") ? inflateSync(data) : data).toString("latin1"));
    } catch {
      // Not a content stream we can read (e.g. an image); skip it.
    }
  }
  return out;
}

// WinAnsi is Latin-1 except 0x80–0x9F (Node's decoders without full ICU read those as C1 controls).
const WIN_ANSI_HIGH: Record<number, string> = {
  128: "€",
  130: "‚",
  131: "ƒ",
  132: "„",
  133: "…",
  134: "†",
  135: "‡",
  136: "ˆ",
  137: "‰",
  138: "Š",
  139: "‹",
  140: "Œ",
  142: "Ž",
  145: "‘",
  146: "’",
  147: "“",
  148: "”",
  149: "•",
  150: "–",
  151: "—",
  152: "˜",
  153: "™",
  154: "š",
  155: "›",
  156: "œ",
  158: "ž",
  159: "Ÿ",
};
const winAnsi = {
  decode: (bytes: Buffer) => Array.from(bytes, (b) => WIN_ANSI_HIGH[b] ?? String.fromCharCode(b)).join(""),
};

function decodeString(token: string): string {
  if (token.startsWith("<")) return winAnsi.decode(Buffer.from(token.slice(1, -1), "hex"));
  // A literal string: undo the escapes pdfkit may use.
  return token
    .slice(1, -1)
    .replace(/\\([nrtbf()\\])/g, (_, c: string) => ({ n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" })[c] ?? c);
}

const OPERATOR = /\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:[^)\\]|\\.)*\))\s*Tj/g;
const STRING = /<[0-9a-fA-F\s]*>|\((?:[^)\\]|\\.)*\)/g;

/** The document's text, one line per text-showing operator. */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const stream of contentStreams(pdf)) {
    for (const op of stream.matchAll(OPERATOR)) {
      const strings = op[1] !== undefined ? (op[1].match(STRING) ?? []) : [op[2]!];
      lines.push(strings.map(decodeString).join(""));
    }
  }
  return lines.join("\n");
}
