import { describe, expect, it } from "vitest";
import { docxBomb, docxWithParagraphs } from "../fixtures/hostile-files.mjs";
import { ExtractionError } from "./errors.ts";
import { extractSections } from "./index.ts";
import { DOCX_MAX_ENTRIES } from "./limits.ts";
import { type ZipEntry, zipEntries } from "./zip-directory.ts";
import { assertInflatesWithinLimits, declaredZipProblem } from "./zip-limits.ts";

// The zip bomb limits on their own: what the directory claims, and what the entries really inflate to.

const entry = (declaredSize: number, compressedSize: number, name = "word/document.xml"): ZipEntry => ({
  name,
  method: 8,
  compressedSize,
  declaredSize,
  localHeaderOffset: 0,
});

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ExtractionError);
    return (error as Error).message;
  }
  throw new Error("not refused");
};

describe("what the central directory claims", () => {
  it("passes a real Word document", () => {
    expect(declaredZipProblem(zipEntries(docxWithParagraphs(100))!)).toBeNull();
  });

  it("refuses more parts than the limit, a total over 50 MB, and a part packed over 100:1", () => {
    const many = Array.from({ length: DOCX_MAX_ENTRIES + 1 }, (_, i) => entry(10, 10, `part${i}.xml`));
    expect(declaredZipProblem(many)).toBe("The Word file holds more than 2,000 parts.");
    expect(declaredZipProblem([entry(30e6, 1e6), entry(30e6, 1e6, "word/styles.xml")])).toBe(
      "The Word file inflates to more than 50 MB.",
    );
    expect(declaredZipProblem([entry(20e6, 100_000)])).toBe(
      "A part of the Word file is compressed more than 100 to 1, as only a zip bomb is.",
    );
    // Small parts are not held to the ratio: a 500 KB run of spaces packs 1,000:1 and costs nothing.
    expect(declaredZipProblem([entry(500_000, 500)])).toBeNull();
  });

  it("reads the sizes of a bomb's directory: about 1 GB over eight parts sharing one stream", async () => {
    const entries = zipEntries(await docxBomb())!;
    const total = entries.reduce((sum, e) => sum + e.declaredSize, 0);
    expect(total).toBeGreaterThan(1e9);
    expect(declaredZipProblem(entries)).toBe("The Word file inflates to more than 50 MB.");
  });
});

describe("what the entries really inflate to", () => {
  it("stops inflating a part whose header lies, at the total limit", async () => {
    const bomb = await docxBomb({ lie: true });
    const entries = zipEntries(bomb)!;
    expect(declaredZipProblem(entries)).toBeNull();
    expect(refusal(() => assertInflatesWithinLimits(bomb, entries))).toBe("The Word file inflates to more than 50 MB.");
  });

  it("refuses a lying part within the total but packed over 100:1", async () => {
    const bomb = await docxBomb({ lie: true, documentBytes: 20 * 1024 * 1024 });
    const entries = zipEntries(bomb)!.slice(0, 3); // the package parts and the document alone
    expect(refusal(() => assertInflatesWithinLimits(bomb, entries))).toBe(
      "A part of the Word file is compressed more than 100 to 1, as only a zip bomb is.",
    );
  });

  it("refuses data that is not deflate, a part past the end of the file and an unknown method", () => {
    const docx = docxWithParagraphs(10);
    const entries = zipEntries(docx)!;
    const damaged = "This Word document is damaged or incomplete, so its text could not be read.";
    const document = entries.find((e) => e.name === "word/document.xml")!;
    const garbage = Buffer.from(docx);
    const view = new DataView(garbage.buffer, garbage.byteOffset);
    const start = document.localHeaderOffset + 30 + view.getUint16(document.localHeaderOffset + 26, true);
    garbage.fill(0xff, start, start + document.compressedSize);
    expect(refusal(() => assertInflatesWithinLimits(garbage, entries))).toBe(damaged);
    expect(refusal(() => assertInflatesWithinLimits(docx, [{ ...document, compressedSize: docx.length }]))).toBe(
      damaged,
    );
    expect(refusal(() => assertInflatesWithinLimits(docx, [{ ...document, method: 12 }]))).toBe(damaged);
    expect(() => assertInflatesWithinLimits(docx, entries)).not.toThrow();
  });

  it("fails the bomb in extractSections before mammoth opens it", async () => {
    const error = await extractSections("docx", await docxBomb({ lie: true })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as Error).message).toBe("The Word file inflates to more than 50 MB.");
  });
});
