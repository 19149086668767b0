import { describe, expect, it } from "vitest";
import { estimateFrameHeight, FRAME_MAX_HEIGHT, FRAME_MIN_HEIGHT } from "./email-frame-height.ts";

describe("estimateFrameHeight", () => {
  it("gives a short mail the smallest frame", () => {
    expect(estimateFrameHeight("<p>Thanks!</p>")).toBe(FRAME_MIN_HEIGHT);
  });

  it("grows with the text, the line breaks and the stated image heights", () => {
    const lines = Array.from({ length: 8 }, (_, index) => `<p>Line ${index} of the mail.</p>`).join("");
    const text = estimateFrameHeight(lines);
    expect(text).toBeGreaterThan(FRAME_MIN_HEIGHT);
    expect(estimateFrameHeight(`${lines}<img src="cid:logo" height="100">`)).toBe(text + 100);
    // Styles and the head are not text the reader sees.
    expect(estimateFrameHeight(`<style>${"p{color:red}".repeat(200)}</style>${lines}`)).toBe(text);
  });

  it("stops at the largest frame: a longer mail scrolls inside it", () => {
    expect(estimateFrameHeight(`<p>${"word ".repeat(5000)}</p>`)).toBe(FRAME_MAX_HEIGHT);
  });
});
