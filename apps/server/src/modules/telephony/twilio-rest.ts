import { TelephonyError } from "./telephony-provider.ts";

// Twilio's REST API with fetch (its SDK is heavy): HTTP Basic with the account's SID and auth token,
// form-encoded bodies, JSON answers. Every call is bounded in time and in the size read back.

/** One call's time limit: Twilio answers in well under a second; a hung call must not hold a request. */
export const TWILIO_TIMEOUT_MS = 10_000;
/** The largest JSON answer read (a page of 20 available numbers is a few KB). */
export const TWILIO_MAX_JSON_BYTES = 1024 * 1024;
/** The largest recording read: Twilio's mono MP3 is about 240 KB a minute, so over two hours of call. */
export const RECORDING_MAX_BYTES = 32 * 1024 * 1024;
/** Redirects followed when fetching a recording's media (Twilio may send it on to its media host). */
const MAX_REDIRECTS = 3;

export type TwilioCredentials = { accountSid: string; authToken: string; apiUrl: string; timeoutMs?: number };

/** Form parameters; an array repeats the parameter (Twilio's `StatusCallbackEvent`). */
export type TwilioForm = Record<string, string | string[] | undefined>;

type Json = Record<string, unknown>;

export class TwilioRest {
  readonly #authorization: string;
  readonly #base: URL;
  readonly #timeoutMs: number;

  constructor(readonly credentials: TwilioCredentials) {
    this.#authorization = `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString("base64")}`;
    this.#base = new URL(credentials.apiUrl);
    this.#timeoutMs = credentials.timeoutMs ?? TWILIO_TIMEOUT_MS;
  }

  /** The API's origin: the only host this client sends the account's credentials to. */
  get origin(): string {
    return this.#base.origin;
  }

  /** `/2010-04-01/Accounts/{AccountSid}/{path}` on the configured API. */
  accountUrl(path: string, query: Record<string, string | undefined> = {}): URL {
    const base = this.#base.pathname.replace(/\/+$/, "");
    const url = new URL(
      `${base}/2010-04-01/Accounts/${encodeURIComponent(this.credentials.accountSid)}/${path}`,
      this.#base,
    );
    for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
    return url;
  }

  /** A JSON call; Twilio's error `{code, message, status}` becomes a TelephonyError with its code. */
  async call(method: "GET" | "POST" | "DELETE", url: URL, form?: TwilioForm): Promise<Json> {
    const body = form ? formBody(form) : undefined;
    const response = await this.#fetch(url, {
      method,
      headers: {
        authorization: this.#authorization,
        accept: "application/json",
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body,
      redirect: "error",
    });
    const bytes = await readBounded(response, TWILIO_MAX_JSON_BYTES);
    const text = bytes ? Buffer.from(bytes).toString("utf8") : null;
    if (text === null) throw new TelephonyError("Twilio's answer was too large", null, 502);
    let json: Json = {};
    try {
      json = text.trim() ? (JSON.parse(text) as Json) : {};
    } catch {
      throw new TelephonyError(`Twilio answered ${response.status} with something that is not JSON`, null, 502);
    }
    if (!response.ok) {
      const code = typeof json.code === "number" ? json.code : null;
      const message = typeof json.message === "string" ? json.message : `Twilio answered ${response.status}`;
      throw new TelephonyError(message, code, response.status);
    }
    return json;
  }

  /**
   * Media on the API's host (a recording): the credentials go only to that origin; a redirect to Twilio's
   * media host is followed without them.
   */
  async media(url: URL, maxBytes: number): Promise<{ body: Buffer; contentType: string }> {
    let current = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const sameOrigin = current.origin === this.origin;
      const response = await this.#fetch(current, {
        method: "GET",
        headers: sameOrigin ? { authorization: this.#authorization } : {},
        redirect: "manual",
      });
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        const next = new URL(location, current);
        if (next.protocol !== "https:" && next.origin !== this.origin)
          throw new TelephonyError("Twilio sent the recording somewhere unsafe", null, 502);
        current = next;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new TelephonyError(`The recording could not be fetched (${response.status})`, null, response.status);
      }
      const bytes = await readBounded(response, maxBytes);
      if (!bytes) throw new TelephonyError("The recording is too large", null, 413);
      return { body: Buffer.from(bytes), contentType: response.headers.get("content-type") ?? "audio/mpeg" };
    }
    throw new TelephonyError("Too many redirects fetching the recording", null, 502);
  }

  async #fetch(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.#timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw new TelephonyError(timedOut ? "Twilio did not answer in time" : "Twilio could not be reached", null, 502);
    }
  }
}

/** `application/x-www-form-urlencoded`, an array as the same name repeated. */
export function formBody(form: TwilioForm): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
  }
  return params.toString();
}

/**
 * A response body read as it arrives, up to `max` bytes: null (and the download stopped) as soon as it
 * passes them, so a large answer never sits whole in memory.
 */
async function readBounded(response: Response, max: number): Promise<Uint8Array | null> {
  if (!response.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.byteLength;
      if (length > max) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  } catch {
    throw new TelephonyError("Twilio's answer was cut off", null, 502);
  }
  return Buffer.concat(chunks, length);
}
