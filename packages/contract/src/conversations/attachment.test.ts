import { describe, expect, it } from "vitest";
import {
  attachmentDisposition,
  attachmentUrl,
  base64DecodedLength,
  CONTENT_TYPE_PATTERN,
  contentTypeFromFileName,
  isAllowedAttachmentType,
  isInlineImage,
  isSafeFileName,
  mediaType,
} from "./attachment.ts";

describe("attachment URLs", () => {
  it("are /files/{id}/{accessKey}/{fileName} with each part encoded", () => {
    expect(attachmentUrl({ id: "a1", accessKey: "k_-9", fileName: "Quote Q-1042 (final).pdf" })).toBe(
      "/files/a1/k_-9/Quote%20Q-1042%20(final).pdf",
    );
    expect(attachmentUrl({ id: "a1", accessKey: "k", fileName: "cotización?#.png" })).toBe(
      "/files/a1/k/cotizaci%C3%B3n%3F%23.png",
    );
  });
});

describe("attachmentDisposition", () => {
  it("shows raster images and PDFs inline and downloads everything else", () => {
    expect(attachmentDisposition("image/png")).toBe("inline");
    expect(attachmentDisposition("IMAGE/JPEG; charset=binary")).toBe("inline");
    expect(attachmentDisposition("application/pdf")).toBe("inline");
    expect(attachmentDisposition("image/svg+xml")).toBe("attachment");
    expect(attachmentDisposition("text/html")).toBe("attachment");
    expect(attachmentDisposition("text/plain")).toBe("attachment");
    expect(isInlineImage(null)).toBe(false);
  });
});

describe("isAllowedAttachmentType", () => {
  it("takes images, PDFs and plain text, with or without parameters", () => {
    for (const type of ["image/png", "image/svg+xml", "IMAGE/HEIC", "application/pdf", "text/plain; charset=utf-8"]) {
      expect(isAllowedAttachmentType(type), type).toBe(true);
    }
  });

  it("refuses everything else", () => {
    for (const type of ["text/html", "application/zip", "application/octet-stream", "image/", "image", "", null]) {
      expect(isAllowedAttachmentType(type), String(type)).toBe(false);
    }
  });

  it("reads the media type without parameters", () => {
    expect(mediaType(" Text/Plain ; charset=utf-8")).toBe("text/plain");
    expect(mediaType(undefined)).toBe("");
  });
});

describe("contentTypeFromFileName", () => {
  it("guesses from the extension, case-insensitively", () => {
    expect(contentTypeFromFileName("photo.JPG")).toBe("image/jpeg");
    expect(contentTypeFromFileName("quote.pdf")).toBe("application/pdf");
    expect(contentTypeFromFileName("archive.tar.unknown")).toBe("application/octet-stream");
    expect(contentTypeFromFileName("README")).toBe("application/octet-stream");
  });
});

describe("file names and content types of uploads", () => {
  it("refuses slashes, control characters and dot names", () => {
    expect(isSafeFileName("plan de entrega.pdf")).toBe(true);
    expect(isSafeFileName("../etc/passwd")).toBe(false);
    expect(isSafeFileName("a\\b.txt")).toBe(false);
    expect(isSafeFileName("line\nbreak.txt")).toBe(false);
    expect(isSafeFileName("del\u007f.txt")).toBe(false);
    expect(isSafeFileName("..")).toBe(false);
  });

  it("accepts type/subtype with parameters only", () => {
    expect(CONTENT_TYPE_PATTERN.test("image/png")).toBe(true);
    expect(CONTENT_TYPE_PATTERN.test("text/plain; charset=utf-8")).toBe(true);
    expect(CONTENT_TYPE_PATTERN.test("application/vnd.ms-excel")).toBe(true);
    expect(CONTENT_TYPE_PATTERN.test("png")).toBe(false);
    expect(CONTENT_TYPE_PATTERN.test("image/")).toBe(false);
  });
});

describe("base64DecodedLength", () => {
  it("counts decoded bytes with or without padding", () => {
    for (const size of [0, 1, 2, 3, 4, 5, 100, 1001]) {
      const encoded = Buffer.alloc(size, 7).toString("base64");
      expect(base64DecodedLength(encoded)).toBe(size);
      expect(base64DecodedLength(encoded.replace(/=+$/, ""))).toBe(size);
    }
    expect(base64DecodedLength("aGVs\nbG8=")).toBe(5);
  });
});
