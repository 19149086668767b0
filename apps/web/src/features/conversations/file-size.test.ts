import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size.ts";

describe("formatFileSize", () => {
  it("uses B, KB and MB", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(24 * 1024 + 100)).toBe("24 KB");
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe("1.5 MB");
    expect(formatFileSize(10 * 1024 * 1024)).toBe("10 MB");
  });

  it("is empty when the size is unknown", () => {
    expect(formatFileSize(null)).toBe("");
    expect(formatFileSize(Number.NaN)).toBe("");
    expect(formatFileSize(-1)).toBe("");
  });
});
