import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ExtractionError, extractSections, type Section } from "./index.ts";

// Extraction of every kind from real files (../fixtures, written by make-fixtures.mjs): the facts come
// out, under the headings they were written under, and a broken file is a human message, never a stack.

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/${name}`, import.meta.url)));
const utf8 = (text: string) => new TextEncoder().encode(text);

/** The section whose text holds `fact`. */
function sectionWith(sections: Section[], fact: string): Section {
  const found = sections.find((section) => section.text.includes(fact));
  if (!found) throw new Error(`No section holds ${JSON.stringify(fact)}:\n${JSON.stringify(sections, null, 2)}`);
  return found;
}

async function extractionError(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

const NO_TEXT = "No text could be read from this file.";

describe("PDF", () => {
  it("reads each page's facts under the page's heading, with the page count", async () => {
    const { sections, pages } = await extractSections("pdf", fixture("course-guide.pdf"));
    expect(pages).toBe(3);
    expect(sections.map((section) => section.heading)).toEqual([
      "Curso de Excel básico",
      "Horarios del centro",
      "Matrícula",
    ]);
    expect(sectionWith(sections, "cuesta 120 euros").heading).toBe("Curso de Excel básico");
    expect(sectionWith(sections, "de 8:30 a 14:00").heading).toBe("Horarios del centro");
    expect(sectionWith(sections, "se cierra el 15 de septiembre").heading).toBe("Matrícula");
    expect(sections.map((section) => section.text).join("\n")).not.toMatch(/Curso de Excel básico\n/);
  });

  it("joins wrapped lines into paragraphs and keeps paragraph breaks", async () => {
    const { sections } = await extractSections("pdf", fixture("course-guide.pdf"));
    const [first] = sections;
    expect(first!.text).toBe(
      "El curso de Excel básico cuesta 120 euros y dura 20 horas. Se imparte en el aula 3 los lunes y miércoles " +
        "de 18:00 a 20:00. Al terminar, cada alumno recibe un certificado de aprovechamiento.\n\n" +
        "Requisitos: saber usar el ratón y el teclado. No hace falta experiencia previa con hojas de cálculo.",
    );
  });

  it("reads a PDF whose header comes after a few junk bytes (which sniffing accepts)", async () => {
    const padded = new Uint8Array([...utf8("\r\n\r\n junk "), ...fixture("course-guide.pdf")]);
    const { sections, pages } = await extractSections("pdf", padded);
    expect(pages).toBe(3);
    expect(sectionWith(sections, "cuesta 120 euros").heading).toBe("Curso de Excel básico");
  });

  it("reports progress after each page, ending at 1", async () => {
    const fractions: number[] = [];
    await extractSections("pdf", fixture("course-guide.pdf"), (fraction) => fractions.push(fraction));
    expect(fractions).toEqual([1 / 3, 2 / 3, 1]);
  });

  it("leaves the caller's bytes as they were (PDF.js gets a copy)", async () => {
    const bytes = fixture("course-guide.pdf");
    const before = Buffer.from(bytes).toString("base64");
    await extractSections("pdf", bytes);
    expect(bytes.byteLength).toBeGreaterThan(0);
    expect(Buffer.from(bytes).toString("base64")).toBe(before);
  });

  it("lets an error from the progress callback (a cancelled job) through unchanged", async () => {
    const cancelled = new Error("job cancelled");
    await expect(
      extractSections("pdf", fixture("course-guide.pdf"), () => {
        throw cancelled;
      }),
    ).rejects.toBe(cancelled);
  });

  it("refuses a PDF without text (a scan)", async () => {
    const error = await extractionError(extractSections("pdf", fixture("scanned.pdf")));
    expect(error.message).toBe(NO_TEXT);
  });

  it("refuses a password-protected PDF", async () => {
    const error = await extractionError(extractSections("pdf", fixture("protected.pdf")));
    expect(error.message).toBe("This PDF is protected with a password. Remove the password and upload it again.");
  });

  it.each([
    ["cut in half", () => fixture("course-guide.pdf").subarray(0, 1500)],
    ["a header and nothing else", () => utf8("%PDF-1.7\n")],
    ["text behind a PDF header", () => utf8("%PDF-1.4\nthis is not really a PDF\n%%EOF\n")],
    [
      "with its middle overwritten",
      () => {
        const bytes = fixture("course-guide.pdf");
        bytes.fill(0x41, 400, 1200);
        return bytes;
      },
    ],
  ])("refuses a damaged PDF (%s) with a human message", async (_, bytes) => {
    const error = await extractionError(extractSections("pdf", bytes()));
    expect(error.message).toBe("This PDF is damaged and its text could not be read.");
    expect(error.cause).toBeInstanceOf(Error);
  });
});

describe("DOCX", () => {
  it("reads the text under its headings (Heading 1 and 2 styles)", async () => {
    const { sections, pages } = await extractSections("docx", fixture("student-guide.docx"));
    expect(pages).toBeNull();
    expect(sections.map((section) => section.heading)).toEqual([
      "Guía del alumno",
      "Guía del alumno > Asistencia",
      "Guía del alumno > Biblioteca",
      "Tarifas",
    ]);
    expect(sectionWith(sections, "al menos al 80 % de las clases").heading).toBe("Guía del alumno > Asistencia");
    expect(sectionWith(sections, "presta hasta tres libros").heading).toBe("Guía del alumno > Biblioteca");
    const prices = sectionWith(sections, "Inglés B1");
    expect(prices.heading).toBe("Tarifas");
    expect(prices.text).toBe(
      "Precios de los cursos intensivos de verano:\n\n" +
        "Curso | Precio\nInglés B1 | 240 €\nContabilidad | 310 €\n\n" +
        "El pago fraccionado en tres plazos no tiene recargo.",
    );
  });

  it("reports progress once, at the end", async () => {
    const fractions: number[] = [];
    await extractSections("docx", fixture("student-guide.docx"), (fraction) => fractions.push(fraction));
    expect(fractions).toEqual([1]);
  });

  it.each([
    ["whose document.xml is cut off mid-tag", () => fixture("corrupt.docx")],
    ["cut short (no central directory)", () => fixture("student-guide.docx").subarray(0, 1200)],
    ["that is a zip of something else", () => fixture("spreadsheet.zip")],
    ["that is not a zip at all", () => utf8("hello")],
  ])("refuses a document %s with a human message", async (_, bytes) => {
    const error = await extractionError(extractSections("docx", bytes()));
    expect(error.message).toBe("This Word document is damaged or incomplete, so its text could not be read.");
    expect(error.message).not.toMatch(/xmldom|zip|at /i);
  });
});

describe("Markdown", () => {
  it("starts a section at each heading, keeping the heading path", async () => {
    const { sections, pages } = await extractSections("markdown", fixture("faq.md"));
    expect(pages).toBeNull();
    expect(sections.map((section) => section.heading)).toEqual([
      "Preguntas frecuentes",
      "Preguntas frecuentes > ¿Cómo me matriculo?",
      "Preguntas frecuentes > ¿Puedo pagar a plazos?",
      "Preguntas frecuentes > ¿Puedo pagar a plazos? > Becas",
      "Preguntas frecuentes > Configuración del aula virtual",
    ]);
    expect(sectionWith(sections, "becas del 50 %").heading).toBe(
      "Preguntas frecuentes > ¿Puedo pagar a plazos? > Becas",
    );
  });

  it("keeps a '#' inside fenced code as text, not a heading", async () => {
    const { sections } = await extractSections("markdown", fixture("faq.md"));
    const code = sectionWith(sections, "# not a heading");
    expect(code.heading).toBe("Preguntas frecuentes > Configuración del aula virtual");
    expect(code.text).toContain("# not a heading: a comment in a fenced block\nservidor = aula.example.com");
    expect(code.text).toContain("La contraseña inicial es tu número de alumno.");
  });

  it("reduces inline markup to text, links keeping their address", async () => {
    const { sections } = await extractSections("markdown", fixture("faq.md"));
    const section = sectionWith(sections, "fotografía reciente");
    expect(section.text).toBe(
      "La matrícula se hace en línea o en secretaría. Hace falta el DNI y una fotografía reciente.\n" +
        "Consulta el calendario (https://example.com/calendario) antes de elegir grupo.",
    );
    expect(sectionWith(sections, "Primer plazo").text).toContain(
      "- Primer plazo: al matricularse.\n- Segundo plazo: el 1 de noviembre.",
    );
  });
});

describe("HTML", () => {
  it("reads headings and text, without scripts, styles, comments or the menu", async () => {
    const { sections } = await extractSections("html", fixture("courses.html"));
    expect(sections.map((section) => section.heading)).toEqual([
      "Cursos de informática",
      "Cursos de informática > Programación en Python",
      "Cursos de informática > Diseño web",
    ]);
    const all = JSON.stringify(sections);
    for (const absent of ["analytics", "font-family", "document.title", "commented-out", "Inicio", "<h1>"]) {
      expect(all).not.toContain(absent);
    }
  });

  it("decodes entities and turns block elements into line breaks", async () => {
    const { sections } = await extractSections("html", fixture("courses.html"));
    expect(sectionWith(sections, "material & certificado").text).toBe(
      "Todos los cursos incluyen material & certificado. Grupos de < 12 alumnos.",
    );
    expect(sectionWith(sections, "Duración").text).toBe(
      "Duración: 60 horas.\nPrecio: 450€ (≈ 7,50 €/hora).\n\nProfesora: Lucía Fernández. \"Aprender haciendo\" es su lema 'desde siempre'.",
    );
    expect(sectionWith(sections, "Accesibilidad").text).toBe(
      "HTML y CSS\nAccesibilidad\n\nGrupo | Horario\nMañana | 9:00 – 11:00\nTarde | 17:00 – 19:00",
    );
  });
});

describe("CSV", () => {
  it("turns each row into 'Header: value' pairs, sections of 20 rows", async () => {
    const { sections } = await extractSections("csv", fixture("price-list.csv"));
    expect(sections.map((section) => section.heading)).toEqual([null, null]);
    const lines = sections.map((section) => section.text.split("\n"));
    expect(lines.map((rows) => rows.length)).toEqual([20, 10]);
    expect(lines[0]![0]).toBe(
      "Producto: Excel básico; Precio (€): 120,00; Duración: 20 horas; Notas: Incluye certificado",
    );
  });

  it("keeps quoted commas, line breaks and doubled quotes inside their field", async () => {
    const { sections } = await extractSections("csv", fixture("price-list.csv"));
    const text = sections.map((section) => section.text).join("\n");
    expect(text).toContain(
      'Producto: Excel avanzado; Precio (€): 180,00; Duración: 30 horas; Notas: Requiere "Excel básico" o prueba de nivel',
    );
    expect(text).toContain(
      "Producto: Inglés B1, intensivo; Precio (€): 240,00; Duración: 40 horas; Notas: Grupos de mañana, tarde",
    );
    expect(text).toContain("Notas: Material incluido: libro y licencia");
    // An empty cell is left out rather than written as "Notas: ".
    expect(text).toContain("Producto: Photoshop; Precio (€): 199,00; Duración: 25 horas\n");
  });
});

describe("plain text", () => {
  it("reads paragraphs with whitespace normalised", async () => {
    const { sections, pages } = await extractSections("text", fixture("notes.txt"));
    expect(pages).toBeNull();
    expect(sections).toEqual([
      {
        heading: null,
        text:
          "Notas para el personal de recepción\n\n" +
          "El aparcamiento de la calle Mayor es gratuito para alumnos durante las clases.\n\n" +
          "Los objetos perdidos se guardan en conserjería durante un mes.\nDespués se donan a una ONG del barrio.",
      },
    ]);
  });

  it("composes decomposed accents (as macOS writes them) so search finds them", async () => {
    const { sections } = await extractSections("text", utf8("Man\u0303ana: cla\u0301sico"));
    expect(sections[0]!.text).toBe("Mañana: clásico");
  });

  it("refuses bytes that are not UTF-8", async () => {
    const error = await extractionError(extractSections("text", new Uint8Array([0x41, 0xe9, 0x42])));
    expect(error.message).toMatch(/not UTF-8 text/);
  });
});

describe("a file with no text at all", () => {
  it.each([
    ["text", "  \n\n\t "],
    ["markdown", "# \n\n---\n"],
    ["html", "<html><head><title></title><script>var a = 1;</script></head><body><img src=a.png></body></html>"],
    ["csv", ",,\n,,\n"],
  ] as const)("%s", async (kind, content) => {
    const error = await extractionError(extractSections(kind, utf8(content)));
    expect(error.message).toBe(NO_TEXT);
  });
});
