// Sections into chunks for search: each chunk about `targetChars` long and under its section's heading.
// A long section splits at the widest boundary that works (paragraph, then line, sentence, clause,
// word); a section too small to stand alone joins the next one under the same top heading.
import { HEADING_PATH_SEPARATOR, headingPath, type Section } from "./sections.ts";

export type Chunk = {
  /** 0, 1, 2, … in document order. */
  position: number;
  heading: string | null;
  text: string;
};

export const DEFAULT_CHUNK_CHARS = 900;
/** No chunk's text is ever longer than this, whatever `targetChars` says. */
export const MAX_CHUNK_CHARS = 1500;
const MIN_TARGET_CHARS = 50;

type Limits = {
  /** What chunks are packed up to. */
  target: number;
  /**
   * The most a chunk may hold: room for a paragraph a little over the target to stay whole, and for a
   * small remainder to join the chunk before it rather than stand alone.
   */
  max: number;
};

function limitsFor(targetChars: number | undefined): Limits {
  const asked =
    targetChars !== undefined && Number.isFinite(targetChars) ? Math.floor(targetChars) : DEFAULT_CHUNK_CHARS;
  const target = Math.min(MAX_CHUNK_CHARS, Math.max(MIN_TARGET_CHARS, asked));
  return { target, max: Math.min(MAX_CHUNK_CHARS, Math.round((target * 5) / 3)) };
}

// Boundaries from widest to narrowest, each with the text that joins the pieces again.
const LEVELS: { split: RegExp; join: string }[] = [
  { split: /\n[^\S\n]*\n\s*/, join: "\n\n" },
  { split: /\s*\n\s*/, join: "\n" },
  // After a sentence's end mark (and any closing quote or bracket).
  { split: /(?<=[.!?…]["'”’»)\]]*)\s+/u, join: " " },
  { split: /(?<=[;:,])\s+/, join: " " },
  { split: /\s+/, join: " " },
];

/** Cuts a text with no boundary left in pieces of at most `size`, never inside a character. */
function hardCut(text: string, size: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (text.length - start > size) {
    let end = start + size;
    // Not between the halves of a surrogate pair, nor before a combining mark.
    while (end > start + 1 && (/[\udc00-\udfff]/.test(text[end]!) || /\p{M}/u.test(text[end]!))) end--;
    pieces.push(text.slice(start, end));
    start = end;
  }
  pieces.push(text.slice(start));
  return pieces;
}

/** A text as pieces of at most `limits.max` characters, packed towards `limits.target`. */
function splitText(text: string, limits: Limits, level = 0): string[] {
  if (text.length <= limits.target) return [text];
  const boundary = LEVELS[level];
  if (!boundary) return hardCut(text, limits.target);
  const parts = text.split(boundary.split).filter((part) => part.trim() !== "");
  if (parts.length <= 1) return splitText(text, limits, level + 1);

  const pieces: string[] = [];
  let current = "";
  const flush = () => {
    if (current !== "") pieces.push(current);
    current = "";
  };
  for (const part of parts) {
    if (part.length > limits.max) {
      flush();
      pieces.push(...splitText(part, limits, level + 1));
      continue;
    }
    const joined = current === "" ? part : current + boundary.join + part;
    if (current !== "" && joined.length > limits.target) {
      flush();
      current = part;
    } else current = joined;
  }
  // A small remainder joins the piece before it when that stays within the maximum.
  const previous = pieces[pieces.length - 1];
  const merged = previous === undefined ? "" : previous + boundary.join + current;
  if (current !== "" && previous !== undefined && current.length < limits.target / 4 && merged.length <= limits.max) {
    pieces[pieces.length - 1] = merged;
    current = "";
  }
  flush();
  return pieces;
}

const topHeading = (heading: string | null) => headingPath(heading)[0] ?? null;

/**
 * Two consecutive sections as one: the heading is the path they share, and each part's own deeper
 * headings go in front of its text so nothing is lost.
 */
function mergeSections(first: Section, second: Section): Section {
  const a = headingPath(first.heading);
  const b = headingPath(second.heading);
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++;
  const part = (path: string[], text: string) =>
    path.length > shared ? `${path.slice(shared).join(HEADING_PATH_SEPARATOR)}\n${text}` : text;
  return {
    heading: shared === 0 ? null : a.slice(0, shared).join(HEADING_PATH_SEPARATOR),
    text: `${part(a, first.text)}\n\n${part(b, second.text)}`,
  };
}

/**
 * Chunks of about `targetChars` (default 900, never more than 1,500), each keeping its section heading;
 * long sections split at paragraph, then sentence boundaries; tiny sections merged with the next under
 * the same top heading.
 */
export function chunkSections(sections: Section[], options?: { targetChars?: number }): Chunk[] {
  const limits = limitsFor(options?.targetChars);
  const tiny = limits.target / 4;

  const merged: Section[] = [];
  let pending: Section | null = null;
  for (const section of sections) {
    const text = section.text.trim();
    if (text === "") continue;
    const current: Section = { heading: section.heading, text };
    if (pending && topHeading(pending.heading) === topHeading(current.heading)) {
      const both = mergeSections(pending, current);
      if (both.text.length <= limits.target) pending = both;
      else {
        merged.push(pending);
        pending = current;
      }
    } else {
      if (pending) merged.push(pending);
      pending = current;
    }
    if (pending.text.length >= tiny) {
      merged.push(pending);
      pending = null;
    }
  }
  if (pending) merged.push(pending);

  const chunks: Chunk[] = [];
  for (const section of merged) {
    for (const text of splitText(section.text, limits)) {
      const trimmed = text.trim();
      if (trimmed !== "") chunks.push({ position: chunks.length, heading: section.heading, text: trimmed });
    }
  }
  return chunks;
}
