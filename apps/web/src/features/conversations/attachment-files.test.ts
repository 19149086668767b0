import { describe, expect, it } from "vitest";
import { addPickedFiles, bytesToBase64, pickedFileType } from "./attachment-files.ts";

const file = (name: string, size: number, type = "") => ({ name, size, type });

describe("addPickedFiles", () => {
  it("keeps images, PDFs and text within the limits", () => {
    const result = addPickedFiles([], [file("a.png", 10, "image/png"), file("b.pdf", 10), file("c.txt", 5)]);
    expect(result.files.map((f) => f.name)).toEqual(["a.png", "b.pdf", "c.txt"]);
    expect(result.problems).toEqual([]);
  });

  it("refuses other types, oversized, empty files and a sixth file, saying why", () => {
    const five = Array.from({ length: 5 }, (_, index) => file(`${index}.png`, 1, "image/png"));
    const result = addPickedFiles(five, [
      file("site.html", 10, "text/html"),
      file("huge.pdf", 11 * 1024 * 1024, "application/pdf"),
      file("empty.txt", 0, "text/plain"),
      file("six.png", 1, "image/png"),
    ]);
    expect(result.files).toHaveLength(5);
    expect(result.problems).toEqual([
      "site.html can't be sent: attach images, PDF or plain text.",
      "huge.pdf is larger than 10 MB.",
      "empty.txt is empty.",
      "At most 5 files per message: six.png was left out.",
    ]);
  });
});

describe("pickedFileType", () => {
  it("uses the name when the browser gives no type", () => {
    expect(pickedFileType(file("scan.PDF", 1))).toBe("application/pdf");
    expect(pickedFileType(file("x.bin", 1))).toBe("application/octet-stream");
    expect(pickedFileType(file("x", 1, "image/webp"))).toBe("image/webp");
  });
});

describe("bytesToBase64", () => {
  it("encodes like Buffer, also beyond one slice", () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, index) => index % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
    expect(bytesToBase64(new Uint8Array())).toBe("");
  });
});
