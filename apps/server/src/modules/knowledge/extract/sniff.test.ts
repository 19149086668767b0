import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { KNOWLEDGE_FILE_KINDS, KNOWLEDGE_MAX_BYTES, sniffKnowledgeFile } from "./index.ts";
import { zipEntryNames } from "./zip-directory.ts";

// Sniffing an upload: the content decides what a file is, the extension has to agree, and every refusal
// is a sentence the person uploading can act on. Fixtures come from ../fixtures/make-fixtures.mjs.

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/${name}`, import.meta.url)));
const utf8 = (text: string) => new TextEncoder().encode(text);

function reasonFor(fileName: string, bytes: Uint8Array): string {
  const result = sniffKnowledgeFile(fileName, bytes);
  if (result.ok) throw new Error(`${fileName} was accepted as ${result.kind}`);
  return result.reason;
}

/** The bytes with every occurrence of one ASCII string replaced by another of the same length. */
function replaceAscii(bytes: Uint8Array, from: string, to: string): Uint8Array {
  const copy = new Uint8Array(bytes);
  const needle = utf8(from);
  for (let at = 0; at <= copy.length - needle.length; at++) {
    if (needle.every((byte, index) => copy[at + index] === byte)) copy.set(utf8(to), at);
  }
  return copy;
}

describe("sniffKnowledgeFile accepts", () => {
  it.each([
    ["course-guide.pdf", "Course guide.pdf", "pdf", "application/pdf"],
    [
      "student-guide.docx",
      "Guía del alumno.docx",
      "docx",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ],
    ["notes.txt", "notes.txt", "text", "text/plain; charset=utf-8"],
    ["faq.md", "faq.md", "markdown", "text/markdown; charset=utf-8"],
    ["faq.md", "faq.markdown", "markdown", "text/markdown; charset=utf-8"],
    ["courses.html", "courses.html", "html", "text/html; charset=utf-8"],
    ["courses.html", "courses.htm", "html", "text/html; charset=utf-8"],
    ["price-list.csv", "precios.csv", "csv", "text/csv; charset=utf-8"],
  ])("%s named %s as %s", (file, name, kind, contentType) => {
    expect(sniffKnowledgeFile(name, fixture(file))).toEqual({ ok: true, kind, contentType });
  });

  it("every kind the API lists", () => {
    const kinds = new Set(
      [
        ["course-guide.pdf", "a.pdf"],
        ["student-guide.docx", "a.docx"],
        ["notes.txt", "a.txt"],
        ["faq.md", "a.md"],
        ["courses.html", "a.html"],
        ["price-list.csv", "a.csv"],
      ].map(([file, name]) => {
        const result = sniffKnowledgeFile(name!, fixture(file!));
        return result.ok ? result.kind : result.reason;
      }),
    );
    expect([...kinds].sort()).toEqual([...KNOWLEDGE_FILE_KINDS].sort());
  });

  it("extensions in any case, and names with folders", () => {
    expect(sniffKnowledgeFile("GUIDE.PDF", fixture("course-guide.pdf"))).toMatchObject({ ok: true, kind: "pdf" });
    expect(sniffKnowledgeFile("C:\\Users\\ana\\Guía.Docx", fixture("student-guide.docx"))).toMatchObject({
      ok: true,
      kind: "docx",
    });
  });

  it("a PDF whose header comes after a few junk bytes, as PDF readers do", () => {
    const pdf = fixture("course-guide.pdf");
    const padded = new Uint8Array([...utf8("\r\n\r\n junk "), ...pdf]);
    expect(sniffKnowledgeFile("guide.pdf", padded)).toMatchObject({ ok: true, kind: "pdf" });
  });

  it("text with a byte-order mark, accents and any line endings", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("Año académico\r\nMañana: inglés\r\n")]);
    expect(sniffKnowledgeFile("notas.txt", bytes)).toMatchObject({ ok: true, kind: "text" });
  });

  it("text that mentions a PDF header", () => {
    const text = utf8("# PDF files\n\nEvery PDF starts with %PDF- and a version number.\n");
    expect(sniffKnowledgeFile("pdf-notes.md", text)).toMatchObject({ ok: true, kind: "markdown" });
  });

  it("any text as Markdown or CSV, and HTML fragments with a tag", () => {
    expect(sniffKnowledgeFile("a.md", utf8("Just a line."))).toMatchObject({ ok: true });
    expect(sniffKnowledgeFile("a.csv", utf8("name\nAna\n"))).toMatchObject({ ok: true });
    expect(sniffKnowledgeFile("a.html", utf8("<p>Hola</p>"))).toMatchObject({ ok: true, kind: "html" });
  });
});

describe("sniffKnowledgeFile refuses", () => {
  it("a text file named .pdf", () => {
    expect(reasonFor("notes.pdf", fixture("notes-renamed.pdf"))).toBe(
      "This file is named .pdf but its content is not a PDF. It looks like plain text.",
    );
  });

  it("a Word document named .pdf", () => {
    expect(reasonFor("guide.pdf", fixture("student-guide.docx"))).toBe(
      "This file is named .pdf but its content is not a PDF. It looks like a Word document.",
    );
  });

  it("a PDF named .docx", () => {
    expect(reasonFor("guide.docx", fixture("course-guide.pdf"))).toBe(
      "This file is named .docx but its content is not a Word document. It looks like a PDF.",
    );
  });

  it("text named .docx", () => {
    expect(reasonFor("notes.docx", fixture("notes.txt"))).toContain("is not a Word document");
  });

  it("a zip that is a spreadsheet, not a Word document", () => {
    expect(reasonFor("prices.docx", fixture("spreadsheet.zip"))).toBe(
      "This file is named .docx but its content is not a Word document. It looks like an Excel spreadsheet.",
    );
  });

  it("any other zip without word/document.xml", () => {
    const renamed = replaceAscii(fixture("student-guide.docx"), "word/document.xml", "docs/document.xml");
    expect(zipEntryNames(renamed)).toContain("docs/document.xml");
    expect(reasonFor("guide.docx", renamed)).toBe(
      "This file is named .docx but its content is not a Word document. It looks like a ZIP archive.",
    );
  });

  it("a Word document cut short (no central directory to read)", () => {
    const docx = fixture("student-guide.docx");
    expect(reasonFor("guide.docx", docx.subarray(0, Math.floor(docx.length / 2)))).toBe(
      "This file is named .docx but it is damaged or incomplete: it could not be opened as a Word document.",
    );
  });

  it("binary content named .txt, .md, .csv or .html", () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect(reasonFor("notes.txt", png)).toBe(
      "This file is named .txt but its content is not text. It looks like an image (PNG).",
    );
    expect(reasonFor("faq.md", new Uint8Array([0x41, 0x00, 0x42, 0x43]))).toBe(
      "This file is named .md but its content is not text.",
    );
    expect(reasonFor("prices.csv", fixture("course-guide.pdf"))).toBe(
      "This file is named .csv but its content is not text. It looks like a PDF.",
    );
    expect(reasonFor("page.html", fixture("student-guide.docx"))).toBe(
      "This file is named .html but its content is not HTML. It looks like a Word document.",
    );
  });

  it("text that is not UTF-8 (Latin-1, UTF-16)", () => {
    const latin1 = new Uint8Array([0x41, 0xf1, 0x6f, 0x20, 0x61, 0x63, 0x61, 0x64, 0xe9, 0x6d, 0x69, 0x63, 0x6f]); // Año académico
    expect(reasonFor("notes.txt", latin1)).toBe(
      "This file is named .txt but its content is not UTF-8 text. Save it with UTF-8 encoding and upload it again.",
    );
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...Buffer.from("Hola", "utf16le")]]);
    expect(reasonFor("notes.csv", utf16)).toContain("is not UTF-8 text");
  });

  it("HTML without a single tag", () => {
    expect(reasonFor("page.html", utf8("Just some prose about 3 < 4 and 5 > 2."))).toBe(
      "This file is named .html but its content is not HTML. It looks like plain text.",
    );
  });

  it.each([
    ["empty.txt", new Uint8Array()],
    ["empty.pdf", new Uint8Array()],
    ["empty.docx", new Uint8Array()],
    ["blank.md", utf8("  \n\t \r\n ")],
    ["blank.pdf", utf8("\n\n   ")],
    ["blank.csv", new Uint8Array([0xef, 0xbb, 0xbf, 0x20, 0x0a])],
    ["nbsp.txt", utf8("\u00a0 \u00a0\n")],
  ])("an empty file (%s)", (name, bytes) => {
    expect(reasonFor(name, bytes)).toBe("The file is empty.");
  });

  it("unknown extensions, listing the accepted ones", () => {
    const reason = reasonFor("photo.png", fixture("notes.txt"));
    expect(reason).toBe(
      "Files of type .png cannot be added. Files you can add: PDF (.pdf), Word (.docx), text (.txt), Markdown (.md), web pages (.html) and CSV (.csv).",
    );
    expect(reasonFor("README", fixture("notes.txt"))).toMatch(/^The file name has no extension\. .*\.pdf.*\.csv/);
    expect(reasonFor("notes.", fixture("notes.txt"))).toMatch(/^The file name has no extension/);
  });

  it("formats people often try, saying what to do instead", () => {
    expect(reasonFor("old.doc", fixture("notes.txt"))).toMatch(
      /^Old Word files \(\.doc\) cannot be read: save it as \.docx/,
    );
    expect(reasonFor("prices.xlsx", fixture("spreadsheet.zip"))).toMatch(/save the sheet as CSV/);
  });

  it("a file over the size limit", () => {
    const big = new Uint8Array(KNOWLEDGE_MAX_BYTES + 1).fill(0x61);
    expect(reasonFor("big.txt", big)).toBe("The file is larger than 20 MB.");
    expect(sniffKnowledgeFile("limit.txt", big.subarray(0, KNOWLEDGE_MAX_BYTES))).toMatchObject({ ok: true });
  });
});

describe("zipEntryNames", () => {
  it("lists a DOCX package's parts from its central directory", () => {
    expect(zipEntryNames(fixture("student-guide.docx"))).toEqual([
      "[Content_Types].xml",
      "_rels/.rels",
      "word/document.xml",
      "word/_rels/document.xml.rels",
      "word/styles.xml",
    ]);
  });

  it("is null for what is not a whole zip", () => {
    expect(zipEntryNames(new Uint8Array())).toBeNull();
    expect(zipEntryNames(fixture("notes.txt"))).toBeNull();
    const docx = fixture("student-guide.docx");
    expect(zipEntryNames(docx.subarray(0, docx.length - 30))).toBeNull();
  });
});
