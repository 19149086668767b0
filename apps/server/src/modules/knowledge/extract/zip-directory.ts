// A ZIP archive's central directory (the index at the end of the file), read without inflating
// anything: the names tell a Word document from any other zip, and the sizes the entries claim let a
// zip bomb be refused before a byte is inflated (zip-limits.ts then holds them to it while inflating).

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const ZIP64_EXTRA = 0x0001;
const MAX_COMMENT = 0xffff;

export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated; anything else no Word document uses. */
  method: number;
  compressedSize: number;
  /** What the entry claims it inflates to: a claim, held to while inflating. */
  declaredSize: number;
  /** Where the entry's local header starts. */
  localHeaderOffset: number;
};

function readUint64(view: DataView, at: number): number {
  return Number(view.getBigUint64(at, true));
}

/**
 * Every entry in the archive, or null when there is no readable central directory: not a zip, or a zip
 * cut short (the directory is the last thing written, so a truncated upload loses it). Stops reading at
 * `maxEntries + 1` entries: the caller refuses that many anyway.
 */
export function zipEntries(bytes: Uint8Array, maxEntries = Number.POSITIVE_INFINITY): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = bytes.byteLength;
  // The end record is the last 22 bytes, followed only by an optional comment of up to 64 KB.
  let end = -1;
  for (let at = length - 22; at >= Math.max(0, length - 22 - MAX_COMMENT); at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY && at + 22 + view.getUint16(at + 20, true) <= length) {
      end = at;
      break;
    }
  }
  if (end === -1) return null;
  let count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff) {
    // ZIP64: the real numbers are in the zip64 end record, which a locator just before this one points to.
    const locator = end - 20;
    if (locator < 0 || view.getUint32(locator, true) !== ZIP64_END_LOCATOR) return null;
    const zip64End = readUint64(view, locator + 8);
    if (zip64End + 56 > length || view.getUint32(zip64End, true) !== ZIP64_END_OF_DIRECTORY) return null;
    count = readUint64(view, zip64End + 32);
    offset = readUint64(view, zip64End + 48);
  }
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder("utf-8");
  let at = offset;
  for (let index = 0; index < Math.min(count, maxEntries + 1); index++) {
    if (at + 46 > length || view.getUint32(at, true) !== DIRECTORY_ENTRY) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength + extraLength > length) return null;
    const entry: ZipEntry = {
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      declaredSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    };
    readZip64Sizes(view, at + 46 + nameLength, extraLength, entry);
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** A ZIP64 extra field holds, in order, whichever of the three 32-bit fields were set to 0xffffffff. */
function readZip64Sizes(view: DataView, start: number, length: number, entry: ZipEntry) {
  for (let at = start; at + 4 <= start + length; ) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = () => {
        const value = field + 8 <= at + 4 + size ? readUint64(view, field) : Number.POSITIVE_INFINITY;
        field += 8;
        return value;
      };
      if (entry.declaredSize === 0xffffffff) entry.declaredSize = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + size;
  }
}

/** Every entry name in the archive, or null when there is no readable central directory. */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  return zipEntries(bytes)?.map((entry) => entry.name) ?? null;
}
