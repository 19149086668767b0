import { createHash } from "node:crypto";
import { LOGO_NOT_AN_IMAGE, LOGO_SIZE_PX } from "@foreman/contract";
import sharp, { type Metadata } from "sharp";
import { httpError } from "#server/lib/http-error.ts";

// An upload becomes a logo only by being decoded and drawn again: the bytes served are sharp's WebP
// re-encoding of the pixels, so nothing of the original file (EXIF, GPS, ICC, scripts, trailing data)
// reaches a browser.

/** A 16-megapixel ceiling: a 2 MB PNG can declare billions of pixels (a decompression bomb). */
export const LOGO_MAX_INPUT_PIXELS = 4096 * 4096;
export const LOGO_TOO_MANY_PIXELS = "The logo is too large: at most 4096 × 4096 pixels";

type LogoFormat = "png" | "jpeg" | "webp";

/**
 * The format the file's first bytes say it is, or null. Judged before sharp sees the file, so an SVG
 * (which librsvg would parse), a GIF, HEIF or anything renamed .png never reaches a decoder.
 */
export function sniffLogoFormat(bytes: Uint8Array): LogoFormat | null {
  const starts = (signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  // RIFF <size> WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

export type LogoImage = { sha256: string; contentType: "image/webp"; image: Buffer };

const notAnImage = () => httpError(422, "validation_failed", LOGO_NOT_AN_IMAGE);

/**
 * Checks an upload is a PNG, JPEG or WebP by its bytes and decodes it (bounded in pixels), then turns
 * it upright and crops it to a LOGO_SIZE_PX square WebP. 422 for anything else, or a file that does not
 * decode. sharp works on libuv's thread pool, so the event loop is not held while it does.
 */
export async function normalizeLogo(bytes: Uint8Array): Promise<LogoImage> {
  const format = sniffLogoFormat(bytes);
  if (!format) throw notAnImage();
  const options = { limitInputPixels: LOGO_MAX_INPUT_PIXELS, failOn: "error" } as const;
  let metadata: Metadata;
  try {
    // The header alone (no pixels are decoded): the size is checked below, with a message that says so.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  // The decoder must agree with the signature (a PNG header glued onto something else is not a PNG).
  if (metadata.format !== format || !metadata.width || !metadata.height) throw notAnImage();
  if (metadata.width * metadata.height > LOGO_MAX_INPUT_PIXELS)
    throw httpError(422, "validation_failed", LOGO_TOO_MANY_PIXELS);
  let image: Buffer;
  try {
    image = await sharp(bytes, options)
      // Upright by its EXIF orientation (a phone photo), before the orientation tag is dropped with the rest.
      .autoOrient()
      .resize(LOGO_SIZE_PX, LOGO_SIZE_PX, { fit: "cover" })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    // Truncated or corrupt pixel data: the header read, the image did not.
    throw notAnImage();
  }
  return { sha256: createHash("sha256").update(image).digest("hex"), contentType: "image/webp", image };
}
