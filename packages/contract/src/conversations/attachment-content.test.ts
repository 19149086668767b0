import { describe, expect, it } from "vitest";
import { attachmentContentIssue } from "./attachment-content.ts";

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === "string" ? Array.from(v, (c) => c.charCodeAt(0)) : [v])));

const PNG = bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, "IHDR");
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, "JFIF");
const PDF = bytes("%PDF-1.7\n%\u00e2\u00e3\n1 0 obj");
const HTML = bytes("<!doctype html><script>alert(1)</script>");

describe("attachmentContentIssue", () => {
  it.each([
    ["image/png", PNG],
    ["image/jpeg", JPEG],
    ["image/gif", bytes("GIF89a", 1, 0, 1, 0)],
    ["image/webp", bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 ")],
    ["image/avif", bytes(0, 0, 0, 28, "ftypavif")],
    ["image/svg+xml", bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ["application/pdf", PDF],
    ["application/pdf", bytes("\r\n", "%PDF-1.4")],
    ["text/plain", bytes("Hola, ¿qué tal?\n")],
    ["Image/PNG; charset=binary", PNG],
  ])("accepts %s whose bytes are one", (type, data) => {
    expect(attachmentContentIssue(data, type)).toBeNull();
  });

  it.each([
    ["an HTML page sent as a PNG", HTML, "image/png"],
    ["a PDF sent as a JPEG", PDF, "image/jpeg"],
    ["a PNG sent as a PDF", PNG, "application/pdf"],
    ["an image sent as plain text", PNG, "text/plain"],
    ["an HTML page sent as an SVG", HTML, "image/svg+xml"],
    ["a truncated PNG signature", bytes(0x89, "PN"), "image/png"],
  ])("refuses %s", (_, data, type) => {
    expect(attachmentContentIssue(data, type)).toBe(`its content is not ${type}`);
  });

  it("refuses an image type it cannot check, saying which types it can", () => {
    expect(attachmentContentIssue(PNG, "image/x-made-up")).toMatch(
      /^image\/x-made-up files cannot be checked; send PNG/,
    );
  });
});

describe("what WhatsApp customers send", () => {
  const bytes = (...parts: (string | number[])[]) =>
    Uint8Array.from(
      parts.flatMap((part) => (typeof part === "string" ? Array.from(part, (c) => c.charCodeAt(0)) : part)),
    );
  it.each([
    [bytes("OggS", [0, 2]), "audio/ogg"],
    [bytes("OggS", [0, 2]), "audio/ogg; codecs=opus"],
    [bytes("ID3", [4, 0]), "audio/mpeg"],
    [bytes("#!AMR\n"), "audio/amr"],
    [bytes([0, 0, 0, 0x20], "ftypM4A "), "audio/mp4"],
    [bytes([0, 0, 0, 0x20], "ftypisom"), "video/mp4"],
    [bytes([0x50, 0x4b, 0x03, 0x04]), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ])("keeps %s declared as %s", (data, type) => {
    expect(attachmentContentIssue(data, type)).toBeNull();
  });

  it("refuses a voice note that is not one", () => {
    expect(attachmentContentIssue(bytes("<html>"), "audio/ogg")).toBe("its content is not audio/ogg");
  });
});
