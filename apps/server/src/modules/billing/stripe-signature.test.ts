import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { stripeSignatureHeader, verifyStripeSignature } from "./stripe-signature.ts";

// Stripe-Signature as Stripe documents it: v1 = hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's
// secret; several v1 while a secret rolls; 300 s of tolerance.

const secret = "whsec_test_secret_0001";
const body = Buffer.from('{"id":"evt_1","type":"invoice.paid"}');
const t = 1_790_000_000;
const v1 = createHmac("sha256", secret).update(`${t}.${body.toString()}`).digest("hex");

describe("verifyStripeSignature", () => {
  it("accepts Stripe's signature, computed independently", () => {
    expect(stripeSignatureHeader(secret, body, t)).toBe(`t=${t},v1=${v1}`);
    expect(verifyStripeSignature(secret, body, `t=${t},v1=${v1}`, t + 10)).toEqual({ ok: true });
  });

  it("accepts any one of several v1 signatures, and ignores v0", () => {
    const header = `t=${t},v1=${"0".repeat(64)},v0=${"1".repeat(64)},v1=${v1}`;
    expect(verifyStripeSignature(secret, body, header, t)).toEqual({ ok: true });
  });

  it("refuses another secret, another body, a stale or future timestamp, and malformed headers", () => {
    const refused = (header: string | undefined, raw = body, now = t) =>
      verifyStripeSignature(secret, raw, header, now).ok;
    expect(refused(stripeSignatureHeader("whsec_other_secret_01", body, t))).toBe(false);
    expect(refused(`t=${t},v1=${v1}`, Buffer.from(`${body.toString()} `))).toBe(false);
    expect(refused(`t=${t},v1=${v1}`, body, t + 301)).toBe(false);
    expect(refused(`t=${t},v1=${v1}`, body, t - 301)).toBe(false);
    expect(refused(`t=${t},v1=${v1}`, body, t + 300)).toBe(true);
    for (const header of [undefined, "", `v1=${v1}`, `t=${t}`, `t=abc,v1=${v1}`, `t=${t},v1=${v1.slice(2)}`])
      expect(refused(header), String(header)).toBe(false);
  });
});
