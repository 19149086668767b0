import { crc32, deflateSync } from "node:zlib";

// Small files for the demo's attachments, drawn in code so the repository holds no binaries: a PNG
// "photo" (a floor plan sketch) and a one-page PDF of text. Both open in any viewer.

export type Rgb = readonly [number, number, number];

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/** An RGB PNG whose pixels `paint(x, y)` gives (8 bits per channel, no interlace). */
export function drawPng(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const stride = 1 + width * 3;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      const at = y * stride + 1 + x * 3;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, adaptive filters, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(raw)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A sketch of a room seen from above: paper, grid, walls and a few shelving blocks placed by `seed`.
 * Mostly flat colour, so it deflates to well under a kilobyte.
 */
export function floorPlanPng(seed: number, width = 160, height = 120): Buffer {
  const paper: Rgb = [246, 244, 238];
  const grid: Rgb = [222, 226, 232];
  const wall: Rgb = [60, 64, 72];
  const accent: Rgb = [[52, 120, 200] as const, [46, 150, 110] as const, [210, 120, 50] as const][seed % 3]!;
  const blocks = Array.from({ length: 3 + (seed % 3) }, (_, i) => {
    const x = 16 + ((seed * 37 + i * 41) % (width - 48));
    const y = 16 + ((seed * 53 + i * 29) % (height - 40));
    return { x, y, w: 12 + ((seed + i * 7) % 20), h: 8 + ((seed + i * 5) % 10) };
  });
  return drawPng(width, height, (x, y) => {
    if (x < 4 || y < 4 || x >= width - 4 || y >= height - 4) return wall;
    if (blocks.some((b) => x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + b.h)) return accent;
    if (x % 16 === 0 || y % 16 === 0) return grid;
    return paper;
  });
}

// PDF text strings as hex in WinAnsi (Latin-1 for the accents the demo uses); others become "?".
function pdfHex(text: string): string {
  const bytes = Array.from(text, (char) => {
    const code = char.codePointAt(0)!;
    return code >= 0x20 && code <= 0xff && !(code >= 0x7f && code < 0xa0) ? code : 0x3f;
  });
  return `<${Buffer.from(bytes).toString("hex")}>`;
}

/**
 * A one-page A4 PDF: a bold title and lines of text in Helvetica (a standard font, nothing embedded).
 * Written by hand with its cross-reference table, so no PDF library loads during the seed.
 */
export function textPdf(title: string, lines: readonly string[]): Buffer {
  const content = [
    "BT",
    "/F2 18 Tf",
    "56 770 Td",
    `${pdfHex(title)} Tj`,
    "/F1 11 Tf",
    "0 -30 Td",
    "16 TL",
    ...lines.map((line) => `${pdfHex(line)} Tj T*`),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
