// The company logo (`POST`/`DELETE /app/companies/{id}/logo.json`, owners and admins): PNG, JPEG or
// WebP, checked by its bytes, re-encoded as a small square and served as `logo_small_url`.

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The side of the square served. */
export const LOGO_SIZE_PX = 128;
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const LOGO_TOO_LARGE = "The logo is larger than 2 MB";
export const LOGO_NOT_AN_IMAGE = "The logo must be a PNG, JPEG or WebP image";
