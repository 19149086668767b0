import { createHmac, timingSafeEqual } from "node:crypto";

// How POST /webhooks/email is signed: HMAC-SHA256 with EMAIL_WEBHOOK_SECRET over
// `<timestamp>.<recipients>.` and the raw body's bytes, where <recipients> is X-Foreman-Recipient's
// value (empty when the header is not sent). The timestamp is inside what is signed, so a captured
// delivery cannot be replayed once it is older than SIGNATURE_MAX_AGE_SECONDS; the recipients are too,
// so it cannot be replayed meanwhile to other addresses.

export const TIMESTAMP_HEADER = "x-foreman-timestamp";
export const SIGNATURE_HEADER = "x-foreman-signature";

/** How far a delivery's timestamp may be from the server's clock, either way. */
export const SIGNATURE_MAX_AGE_SECONDS = 5 * 60;

/** `sha256=<hex>` for a delivery: what the sender puts in X-Foreman-Signature. */
export function emailWebhookSignature(
  secret: string,
  timestamp: string,
  recipients: string,
  rawBody: Uint8Array,
): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${recipients}.`).update(rawBody).digest("hex");
  return `sha256=${mac}`;
}

/** Whether a timestamp header is unix seconds within SIGNATURE_MAX_AGE_SECONDS of `nowMs`. */
export function timestampIsFresh(timestamp: string, nowMs = Date.now()): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(nowMs / 1000 - Number(timestamp)) <= SIGNATURE_MAX_AGE_SECONDS;
}

/** Whether `given` is the delivery's signature, compared in constant time. */
export function signatureMatches(
  secret: string,
  timestamp: string,
  recipients: string,
  rawBody: Uint8Array,
  given: string,
): boolean {
  const expected = Buffer.from(emailWebhookSignature(secret, timestamp, recipients, rawBody));
  const actual = Buffer.from(given.trim().toLowerCase());
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
