// Zip bomb limits for Word files, checked twice: against what the central directory claims (cheap, at
// upload and again before reading), and against what the entries really inflate to (the claims can lie),
// before mammoth ever opens the file. Inflating the same bytes gives mammoth the same parts, so what it
// reads is no larger than what was counted here.
import { inflateRawSync } from "node:zlib";
import { ExtractionError } from "./errors.ts";
import {
  DOCX_MAX_ENTRIES,
  DOCX_MAX_INFLATED_BYTES,
  DOCX_MAX_RATIO,
  DOCX_RATIO_GRACE_BYTES,
  LIMIT_MESSAGES,
} from "./limits.ts";
import type { ZipEntry } from "./zip-directory.ts";

const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const DAMAGED = "This Word document is damaged or incomplete, so its text could not be read.";

const overRatio = (inflated: number, compressed: number) =>
  inflated > DOCX_RATIO_GRACE_BYTES && inflated > DOCX_MAX_RATIO * compressed;

/** The first limit the directory's own figures break, as the message for the uploader; null when none. */
export function declaredZipProblem(entries: readonly ZipEntry[]): string | null {
  if (entries.length > DOCX_MAX_ENTRIES) return LIMIT_MESSAGES.docxEntries;
  let total = 0;
  for (const entry of entries) total += entry.declaredSize;
  if (total > DOCX_MAX_INFLATED_BYTES) return LIMIT_MESSAGES.docxInflated;
  if (entries.some((entry) => overRatio(entry.declaredSize, entry.compressedSize))) return LIMIT_MESSAGES.docxRatio;
  return null;
}

/**
 * Inflates every entry, each stopped at what is left of the total budget, and throws ExtractionError at
 * the first limit broken. Every entry counts, even several pointing at the same data.
 */
export function assertInflatesWithinLimits(bytes: Uint8Array, entries: readonly ZipEntry[]): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (const entry of entries) {
    const at = entry.localHeaderOffset;
    if (at + 30 > bytes.byteLength || view.getUint32(at, true) !== LOCAL_HEADER) throw new ExtractionError(DAMAGED);
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    if (start + entry.compressedSize > bytes.byteLength) throw new ExtractionError(DAMAGED);
    const left = DOCX_MAX_INFLATED_BYTES - total;
    let inflated: number;
    if (entry.method === STORED) inflated = entry.compressedSize;
    else if (entry.method === DEFLATED) {
      try {
        // One byte over what is left is enough to know the limit is broken.
        inflated = inflateRawSync(bytes.subarray(start, start + entry.compressedSize), {
          maxOutputLength: Math.max(1, left + 1),
        }).byteLength;
      } catch (error) {
        if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
          throw new ExtractionError(LIMIT_MESSAGES.docxInflated, { cause: error });
        }
        throw new ExtractionError(DAMAGED, { cause: error });
      }
    } else throw new ExtractionError(DAMAGED);
    total += inflated;
    if (total > DOCX_MAX_INFLATED_BYTES) throw new ExtractionError(LIMIT_MESSAGES.docxInflated);
    if (overRatio(inflated, entry.compressedSize)) throw new ExtractionError(LIMIT_MESSAGES.docxRatio);
  }
}
