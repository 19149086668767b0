import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Chunk, chunkSections, extractSections, type Section } from "./index.ts";

// Chunking for search: chunks of about the target size that never pass 1,500 characters, in document
// order, each under its section's heading; long sections split at the widest boundary, tiny ones join
// the next under the same top heading.

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/${name}`, import.meta.url)));

const words = (text: string) => text.split(/\s+/).filter((word) => word !== "");
const allWords = (items: { text: string }[]) => items.flatMap((item) => words(item.text));

/** A sentence of about `length` characters, numbered so order can be checked. */
function sentence(n: number, length = 120): string {
  const base = `Frase ${n} sobre la matrícula del curso de inglés, con información útil para el alumno`;
  let text = base;
  while (text.length < length - 1) text += " y más detalles";
  return `${text}.`;
}

const paragraph = (from: number, sentences: number, length?: number) =>
  Array.from({ length: sentences }, (_, i) => sentence(from + i, length)).join(" ");

function expectPositions(chunks: Chunk[]) {
  expect(chunks.map((chunk) => chunk.position)).toEqual(chunks.map((_, index) => index));
}

describe("chunkSections", () => {
  it("keeps each chunk under its section's heading, in document order", () => {
    const sections: Section[] = [
      { heading: "Matrícula", text: Array.from({ length: 6 }, (_, i) => paragraph(i * 3, 3)).join("\n\n") },
      { heading: "Horarios", text: paragraph(100, 4) },
      { heading: null, text: "" },
      { heading: "Precios", text: paragraph(200, 2) },
    ];
    const chunks = chunkSections(sections);
    expectPositions(chunks);
    expect([...new Set(chunks.map((chunk) => chunk.heading))]).toEqual(["Matrícula", "Horarios", "Precios"]);
    for (const chunk of chunks) {
      const from = sections.find((section) => section.heading === chunk.heading)!;
      expect(from.text).toContain(chunk.text.split("\n\n")[0]);
    }
    // Nothing lost, nothing repeated, nothing reordered.
    expect(allWords(chunks)).toEqual(allWords(sections));
  });

  it("makes chunks of about the target size, never over 1,500 characters", () => {
    const text = Array.from({ length: 40 }, (_, i) => paragraph(i * 4, 1 + (i % 4), 90 + ((i * 37) % 200))).join(
      "\n\n",
    );
    const chunks = chunkSections([{ heading: "Guía", text }]);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(1500);
    const average = chunks.reduce((sum, chunk) => sum + chunk.text.length, 0) / chunks.length;
    expect(average).toBeGreaterThan(600);
    expect(average).toBeLessThanOrEqual(1000);
    expect(allWords(chunks)).toEqual(words(text));
  });

  it("splits a long section at paragraph boundaries", () => {
    const paragraphs = Array.from({ length: 8 }, (_, i) => paragraph(i * 3, 3, 130)); // ~400 characters each
    const chunks = chunkSections([{ heading: "Normas", text: paragraphs.join("\n\n") }]);
    expect(chunks.length).toBe(4);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(900);
      // Every chunk is whole paragraphs.
      for (const part of chunk.text.split("\n\n")) expect(paragraphs).toContain(part);
    }
    expect(chunks.map((chunk) => chunk.text).join("\n\n")).toBe(paragraphs.join("\n\n"));
  });

  it("splits a paragraph too long for one chunk at sentence boundaries", () => {
    const text = paragraph(1, 30, 110); // one paragraph of ~3,300 characters
    const chunks = chunkSections([{ heading: "Largo", text }]);
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(900);
      expect(chunk.text).toMatch(/^Frase \d+ .*\.$/);
    }
    expect(chunks.map((chunk) => chunk.text).join(" ")).toBe(text);
  });

  it("keeps a paragraph a little over the target whole rather than cut it", () => {
    const long = paragraph(1, 9, 120); // ~1,080 characters
    const chunks = chunkSections([{ heading: "A", text: `${long}\n\n${paragraph(50, 5)}` }]);
    expect(chunks[0]!.text).toBe(long);
  });

  it("lets a small remainder join the chunk before it", () => {
    const text = `${paragraph(1, 7)}\n\n${paragraph(20, 1, 100)}`; // ~840 + ~100 characters
    expect(chunkSections([{ heading: "A", text }])).toEqual([{ position: 0, heading: "A", text }]);
  });

  it("merges tiny sections with the next under the same top heading, keeping their headings in the text", () => {
    const chunks = chunkSections([
      { heading: "Cursos > Excel", text: "Precio: 120 €." },
      { heading: "Cursos > Excel > Horario", text: "Lunes y miércoles, 18:00." },
      { heading: "Cursos > Inglés", text: paragraph(1, 3) },
      { heading: "Contacto", text: "Teléfono: 910 555 123." },
      { heading: "Centro", text: "Calle Mayor 1, Madrid." },
    ]);
    expect(chunks).toEqual([
      {
        position: 0,
        heading: "Cursos",
        // "Horario" sits under the "Excel" written just above it.
        text: `Excel\nPrecio: 120 €.\n\nHorario\nLunes y miércoles, 18:00.\n\nInglés\n${paragraph(1, 3)}`,
      },
      // Different top headings: tiny, but not merged.
      { position: 1, heading: "Contacto", text: "Teléfono: 910 555 123." },
      { position: 2, heading: "Centro", text: "Calle Mayor 1, Madrid." },
    ]);
  });

  it("does not merge a tiny section when the result would pass the target", () => {
    const chunks = chunkSections([
      { heading: "Cursos > Excel", text: "Precio: 120 €." },
      { heading: "Cursos > Inglés", text: paragraph(1, 7) },
    ]);
    expect(chunks.map((chunk) => chunk.heading)).toEqual(["Cursos > Excel", "Cursos > Inglés"]);
  });

  it("merges tiny untitled sections (pages, CSV rows) with each other", () => {
    const chunks = chunkSections([
      { heading: null, text: "Página 1." },
      { heading: null, text: "Página 2." },
    ]);
    expect(chunks).toEqual([{ position: 0, heading: null, text: "Página 1.\n\nPágina 2." }]);
  });

  it("keeps Spanish text with accents, ñ, ¿? and ¡! intact", () => {
    const spanish =
      "¿Cuánto cuesta el curso de diseño gráfico? ¡Sólo 95 €! El año pasado se matricularon 120 niños y niñas. " +
      "La pingüina Begoña enseña a programar en la sesión de mañana. ";
    const text = spanish.repeat(12).trim();
    const chunks = chunkSections([{ heading: "Preguntas sobre el año académico", text }], { targetChars: 300 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.heading).toBe("Preguntas sobre el año académico");
      expect(chunk.text.length).toBeLessThanOrEqual(500);
      expect(chunk.text).toBe(chunk.text.normalize("NFC"));
      expect(chunk.text).not.toContain("\ufffd");
    }
    expect(allWords(chunks)).toEqual(words(text));
    expect(chunks.map((chunk) => chunk.text).join(" ")).toContain(
      "¿Cuánto cuesta el curso de diseño gráfico? ¡Sólo 95 €!",
    );
  });

  it("cuts a run without spaces between characters, never inside one", () => {
    const decomposed = "n\u0303".repeat(700); // ñ written as n + combining tilde
    const emoji = "😀".repeat(700);
    for (const text of [decomposed, emoji]) {
      const chunks = chunkSections([{ heading: null, text }]);
      expect(chunks.map((chunk) => chunk.text).join("")).toBe(text);
      for (const chunk of chunks) {
        expect(chunk.text.length).toBeLessThanOrEqual(900);
        expect(chunk.text).not.toMatch(/^[\u0300-\u036f\udc00-\udfff]|[\ud800-\udbff]$/);
      }
    }
  });

  it("treats targetChars as a target within bounds: at most 1,500, at least 50", () => {
    const text = Array.from({ length: 20 }, (_, i) => paragraph(i * 5, 5)).join("\n\n");
    for (const chunk of chunkSections([{ heading: null, text }], { targetChars: 10_000 })) {
      expect(chunk.text.length).toBeLessThanOrEqual(1500);
    }
    for (const chunk of chunkSections([{ heading: null, text }], { targetChars: 1 })) {
      expect(chunk.text.length).toBeLessThanOrEqual(Math.round((50 * 5) / 3));
    }
    const small = chunkSections([{ heading: null, text }], { targetChars: 200 });
    for (const chunk of small) expect(chunk.text.length).toBeLessThanOrEqual(333);
    expect(allWords(small)).toEqual(words(text));
  });

  it("makes no chunks from no text", () => {
    expect(chunkSections([])).toEqual([]);
    expect(chunkSections([{ heading: "Vacío", text: " \n\n " }])).toEqual([]);
  });

  it("chunks every fixture within bounds, keeping every word", async () => {
    for (const [kind, file] of [
      ["pdf", "course-guide.pdf"],
      ["docx", "student-guide.docx"],
      ["markdown", "faq.md"],
      ["html", "courses.html"],
      ["csv", "price-list.csv"],
      ["text", "notes.txt"],
    ] as const) {
      const { sections } = await extractSections(kind, fixture(file));
      const chunks = chunkSections(sections);
      expectPositions(chunks);
      expect(chunks.length).toBeGreaterThan(0);
      for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(1500);
      // Merging writes a sub-heading into the text; every word of the sections is still there, in order.
      const chunkWords = allWords(chunks);
      let at = 0;
      for (const word of allWords(sections)) {
        at = chunkWords.indexOf(word, at);
        expect(at, `${file}: ${word}`).toBeGreaterThanOrEqual(0);
        at++;
      }
    }
  });

  it("keeps a CSV price list findable by product and price in one chunk", async () => {
    const { sections } = await extractSections("csv", fixture("price-list.csv"));
    const chunks = chunkSections(sections);
    const excel = chunks.filter((chunk) => chunk.text.includes("Producto: Excel avanzado"));
    expect(excel).toHaveLength(1);
    expect(excel[0]!.text).toContain("Producto: Excel avanzado; Precio (€): 180,00;");
    // Rows are never cut in two.
    for (const chunk of chunks) for (const line of chunk.text.split("\n")) expect(line).toMatch(/^Producto: /);
  });
});
