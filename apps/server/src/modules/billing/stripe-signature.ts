import { createHmac, timingSafeEqual } from "node:crypto";

// Stripe-Signature: `t=<unix seconds>,v1=<hex>[,v1=<hex>…][,v0=…]`, each v1 the HMAC-SHA256 of
// `${t}.${raw body}` with the endpoint's signing secret (several while a secret rotates: any may match).
// An event signed more than 300 s away from our clock is refused, so a captured delivery cannot be
// replayed later.

export const STRIPE_SIGNATURE_HEADER = "stripe-signature";
export const STRIPE_SIGNATURE_TOLERANCE_S = 300;

/** The v1 signature of a payload at `timestamp` (what Stripe computes; tests sign with it too). */
export function stripeSignature(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex");
}

/** A whole header value: `t=…,v1=…`. */
export function stripeSignatureHeader(secret: string, rawBody: Buffer | string, timestamp = nowSeconds()): string {
  return `t=${timestamp},v1=${stripeSignature(secret, timestamp, rawBody)}`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/** Whether the header signs exactly this body, recently enough; constant-time on each signature. */
export function verifyStripeSignature(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  now = nowSeconds(),
): SignatureCheck {
  if (!header || header.length > 2048) return { ok: false, reason: "Stripe-Signature is missing" };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=", 2) as [string, string | undefined];
    if (key === "t" && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && value) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0)
    return { ok: false, reason: "Stripe-Signature has no timestamp or no v1 signature" };
  if (Math.abs(now - timestamp) > STRIPE_SIGNATURE_TOLERANCE_S)
    return { ok: false, reason: "Stripe-Signature's timestamp is outside the tolerance" };
  const expected = Buffer.from(stripeSignature(secret, timestamp, rawBody));
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { ok: true } : { ok: false, reason: "Stripe-Signature does not match the body" };
}
