// The names in a ZIP archive, read from its central directory (the index at the end of the file) without
// inflating anything: enough to tell a Word document from any other zip (a spreadsheet, a folder).

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const MAX_COMMENT = 0xffff;

function readUint64(view: DataView, at: number): number {
  return Number(view.getBigUint64(at, true));
}

/**
 * Every entry name in the archive, or null when there is no readable central directory: not a zip, or
 * a zip cut short (the directory is the last thing written, so a truncated upload loses it).
 */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
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
  const names: string[] = [];
  const decoder = new TextDecoder("utf-8");
  let at = offset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > length || view.getUint32(at, true) !== DIRECTORY_ENTRY) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > length) return null;
    names.push(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
