import { createHmac, timingSafeEqual } from "node:crypto";

// X-Twilio-Signature: base64(HMAC-SHA1(auth token, the full URL Twilio called + every POST parameter's
// name and value, sorted by name)). The URL is the public one Twilio was given (PUBLIC_URL + path and
// query), never one rebuilt from Host or X-Forwarded-* headers, which a caller controls.

export type FormParams = Record<string, string | string[] | undefined>;

/** The signature Twilio sends for a form POST of `params` to `url`. */
export function twilioSignature(authToken: string, url: string, params: FormParams): string {
  let payload = url;
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    if (value === undefined) continue;
    // Repeated parameters: each value, de-duplicated and sorted, as Twilio's own libraries do.
    const values = Array.isArray(value) ? [...new Set(value)].sort() : [value];
    for (const one of values) payload += name + one;
  }
  return createHmac("sha1", authToken).update(payload, "utf8").digest("base64");
}

/** Whether `signature` is Twilio's for this request; compared in constant time. */
export function isTwilioSignatureValid(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: FormParams,
): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature, "utf8");
  // Twilio signs http URLs with their port and https ones without: accept the URL as either.
  for (const candidate of urlForms(url)) {
    const expected = Buffer.from(twilioSignature(authToken, candidate, params), "utf8");
    if (expected.length === given.length && timingSafeEqual(expected, given)) return true;
  }
  return false;
}

function urlForms(url: string): string[] {
  const forms = new Set([url]);
  try {
    const parsed = new URL(url);
    const defaultPort = parsed.protocol === "https:" ? "443" : parsed.protocol === "http:" ? "80" : "";
    // URL drops a default port it was given, so both forms are rebuilt from the parts.
    if (parsed.port === "" && defaultPort) {
      const rest = `${parsed.pathname}${parsed.search}`;
      forms.add(`${parsed.protocol}//${parsed.hostname}${rest}`);
      forms.add(`${parsed.protocol}//${parsed.hostname}:${defaultPort}${rest}`);
    }
  } catch {
    // Not a URL: only the string as given.
  }
  return [...forms];
}
