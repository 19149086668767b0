// The formatted mail's frame is sandboxed without scripts and without our origin, so its document
// cannot be measured from here, by design. Its height is guessed from the markup instead, within
// bounds; a taller mail scrolls inside the frame.

export const FRAME_MIN_HEIGHT = 120;
export const FRAME_MAX_HEIGHT = 480;

const LINE_PX = 22;
const CHARS_PER_LINE = 70;
const PADDING_PX = 32;
/** Tags that start a line of their own. */
const BLOCK_TAGS = /<(?:br|p|div|tr|li|h[1-6]|blockquote|hr|table|ul|ol|pre)\b/gi;

/** A frame height (px) for this mail's HTML: its text and line breaks, between the bounds. */
export function estimateFrameHeight(html: string): number {
  const text = html
    .replace(/<(style|head|title)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, "x")
    .replace(/\s+/g, " ")
    .trim();
  const blocks = html.match(BLOCK_TAGS)?.length ?? 0;
  // Images with a stated height add it (others are unknown: a line).
  const imageHeights = [...html.matchAll(/<img\b[^>]*\bheight\s*=\s*["']?(\d{1,4})/gi)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
  const lines = Math.max(1, Math.ceil(text.length / CHARS_PER_LINE) + blocks);
  const height = PADDING_PX + lines * LINE_PX + imageHeights;
  return Math.min(FRAME_MAX_HEIGHT, Math.max(FRAME_MIN_HEIGHT, height));
}
