import type { BillingConfig } from "#server/config.ts";

// Stripe's REST API with fetch (its SDK is 23 MB for the dozen calls we make): form-encoded bodies with
// bracket keys (`metadata[company_id]=…`, `items[0][price]=…`), the secret key as a Bearer token, the
// API version pinned so a change on Stripe's side is a decision of ours, our own Idempotency-Key on
// every write that must happen once, and a bounded wait.

/** The API version these calls and the webhook handler are written against. */
export const STRIPE_API_VERSION = "2026-10-28.endive";
export const STRIPE_TIMEOUT_MS = 15_000;
/** Stripe's answers are small objects; a bigger one is refused rather than held in memory. */
export const STRIPE_MAX_RESPONSE_BYTES = 1024 * 1024;

export type StripeObject = Record<string, unknown>;
export type StripeParams = { [key: string]: StripeParam };
type StripeParam = string | number | boolean | null | undefined | StripeParam[] | StripeParams;

/** Stripe's refusal: its HTTP status, error type and code (0/null when it could not be reached). */
export class StripeError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly type: string | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = "StripeError";
  }
}

/** `a[b][0][c]=…` pairs, as Stripe reads nested parameters; undefined values are left out, null sends "". */
export function formEncode(params: StripeParams): string {
  const pairs: [string, string][] = [];
  const walk = (prefix: string, value: StripeParam): void => {
    if (value === undefined) return;
    if (value === null) {
      pairs.push([prefix, ""]);
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(`${prefix}[${index}]`, item);
    } else if (typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) walk(`${prefix}[${key}]`, inner);
    } else {
      pairs.push([prefix, String(value)]);
    }
  };
  for (const [key, value] of Object.entries(params)) walk(key, value);
  return new URLSearchParams(pairs).toString();
}

async function readCapped(response: Response): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > STRIPE_MAX_RESPONSE_BYTES) throw new StripeError("Stripe's answer was too large", 502);
  if (!response.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > STRIPE_MAX_RESPONSE_BYTES) throw new StripeError("Stripe's answer was too large", 502);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export type StripeRequest = {
  method: "GET" | "POST" | "DELETE";
  path: string;
  params?: StripeParams;
  /** Sent on writes that must happen once: a retry with the same key gets Stripe's first answer. */
  idempotencyKey?: string;
};

export type StripeClient = { request(request: StripeRequest): Promise<StripeObject> };

export function createStripeClient(config: Extract<BillingConfig, { provider: "stripe" }>): StripeClient {
  const base = config.apiUrl.replace(/\/+$/, "");
  return {
    async request({ method, path, params = {}, idempotencyKey }) {
      const form = formEncode(params);
      const url = method === "POST" || !form ? `${base}${path}` : `${base}${path}?${form}`;
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers: {
            authorization: `Bearer ${config.secretKey}`,
            "stripe-version": STRIPE_API_VERSION,
            ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {}),
            ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
          },
          body: method === "POST" ? form : undefined,
          redirect: "error",
          signal: AbortSignal.timeout(STRIPE_TIMEOUT_MS),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === "TimeoutError";
        throw new StripeError(timedOut ? "Stripe did not answer in time" : "Stripe could not be reached", 0);
      }
      const text = await readCapped(response);
      let json: StripeObject;
      try {
        json = text ? (JSON.parse(text) as StripeObject) : {};
      } catch {
        throw new StripeError(`Stripe answered ${response.status} with something that is not JSON`, 502);
      }
      if (!response.ok) {
        const error = (json.error ?? {}) as StripeObject;
        throw new StripeError(
          typeof error.message === "string" ? error.message : `Stripe answered ${response.status}`,
          response.status,
          typeof error.type === "string" ? error.type : null,
          typeof error.code === "string" ? error.code : null,
        );
      }
      return json;
    },
  };
}
