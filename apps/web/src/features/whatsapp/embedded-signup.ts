import type { FacebookLoginResponse, FacebookSdk } from "./load-business-sdk.ts";

// Meta's embedded signup, in the browser: FB.login opens the popup; when it closes, two things come
// back separately and in either order — the code (FB.login's callback) and the session (a window
// "message" from Meta's page naming the WhatsApp Business Account and the phone number). The server's
// onboarding needs both.

export type SignupSession = { wabaId: string; phoneNumberId: string; businessId: string | null };

export type SignupResult =
  | { kind: "finished"; code: string; session: SignupSession }
  /** Closed before the end; `step` is where, when Meta says (its `current_step`). */
  | { kind: "cancelled"; step: string | null }
  | { kind: "failed"; message: string };

export type SignupSettings = { configId: string; sdkUrl: string };

/** Once one half has arrived, how long to wait for the other. */
export const SIGNUP_PAIR_TIMEOUT_MS = 30_000;
/** A callback without a code (popup closed): how long a CANCEL or ERROR message may still follow. */
export const SIGNUP_CLOSE_GRACE_MS = 1500;

export const SIGNUP_INCOMPLETE_MESSAGE =
  "WhatsApp signup did not send everything back. Please try again; nothing was connected.";
export const SIGNUP_NO_NUMBER_MESSAGE =
  "WhatsApp signup finished without a phone number. Please try again and choose or add a number.";
const SIGNUP_ERROR_MESSAGE = "WhatsApp signup reported an error. Please try again.";

/** The popup's own failure; the caller shows the product's "Error launching WhatsApp signup" for it. */
export class SignupLaunchError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : "FB.login failed", { cause });
    this.name = "SignupLaunchError";
  }
}

const META_HOST = /(^|\.)facebook\.(com|net)$/;

function parseUrl(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/**
 * Whose messages count: Meta's pages (https, on facebook.com). When the SDK is not Meta's (the offline
 * fake the tests and the demo use), also this page's own origin and the SDK's.
 */
export function isTrustedSignupOrigin(origin: string, sdkUrl: string, ownOrigin: string): boolean {
  const url = parseUrl(origin);
  if (!url) return false;
  if (url.protocol === "https:" && (url.hostname === "facebook.com" || url.hostname.endsWith(".facebook.com")))
    return true;
  const sdk = parseUrl(sdkUrl, ownOrigin);
  if (!sdk || META_HOST.test(sdk.hostname)) return false;
  return origin === ownOrigin || origin === sdk.origin;
}

type SignupMessage = { event: string; data: Record<string, unknown> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Meta posts a JSON string; anything else posted to the window is not ours to read. */
export function readSignupMessage(raw: unknown): SignupMessage | null {
  let value = raw;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!isRecord(value) || value.type !== "WA_EMBEDDED_SIGNUP" || typeof value.event !== "string") return null;
  return { event: value.event, data: isRecord(value.data) ? value.data : {} };
}

const idOf = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== ""
    ? value.trim()
    : typeof value === "number" && Number.isFinite(value)
      ? String(value)
      : null;
const textOf = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);

type Piece = { session: SignupSession } | { result: SignupResult } | null;

/** What one message means for the signup: the session, an end (cancel, error), or nothing. */
function pieceOf(message: SignupMessage): Piece {
  const { event, data } = message;
  switch (event) {
    case "FINISH":
    case "FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING":
    case "FINISH_ONLY_WABA": {
      const wabaId = idOf(data.waba_id);
      const phoneNumberId = idOf(data.phone_number_id);
      if (!wabaId || !phoneNumberId) return { result: { kind: "failed", message: SIGNUP_NO_NUMBER_MESSAGE } };
      return { session: { wabaId, phoneNumberId, businessId: idOf(data.business_id) } };
    }
    case "CANCEL": {
      // Meta reports an error inside the flow as a CANCEL carrying its message.
      const error = textOf(data.error_message);
      if (error) return { result: { kind: "failed", message: error } };
      return { result: { kind: "cancelled", step: textOf(data.current_step) } };
    }
    case "ERROR":
      return { result: { kind: "failed", message: textOf(data.error_message) ?? SIGNUP_ERROR_MESSAGE } };
    default:
      return null;
  }
}

export type RunSignupOptions = {
  /** Where the messages arrive; `window` in the app. */
  target?: Window;
  pairTimeoutMs?: number;
  closeGraceMs?: number;
  /** Stops waiting (the card unmounted): resolves as cancelled. */
  signal?: AbortSignal;
};

/**
 * Opens the signup popup and waits for both its code and its session, in either order. Resolves
 * finished, cancelled or failed; rejects with SignupLaunchError only when FB.login itself throws.
 */
export function runEmbeddedSignup(
  sdk: FacebookSdk,
  settings: SignupSettings,
  {
    target = window,
    pairTimeoutMs = SIGNUP_PAIR_TIMEOUT_MS,
    closeGraceMs = SIGNUP_CLOSE_GRACE_MS,
    signal,
  }: RunSignupOptions = {},
): Promise<SignupResult> {
  return new Promise<SignupResult>((resolve, reject) => {
    let code: string | null = null;
    let session: SignupSession | null = null;
    let pairTimer: ReturnType<typeof setTimeout> | undefined;
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    let done = false;

    const cleanup = () => {
      done = true;
      target.removeEventListener("message", onMessage);
      signal?.removeEventListener("abort", onAbort);
      clearTimeout(pairTimer);
      clearTimeout(graceTimer);
    };
    const settle = (result: SignupResult) => {
      if (done) return;
      cleanup();
      resolve(result);
    };
    // Both halves in: finished. One in: the other gets `pairTimeoutMs`.
    const progress = () => {
      if (code && session) return settle({ kind: "finished", code, session });
      clearTimeout(pairTimer);
      pairTimer = setTimeout(() => settle({ kind: "failed", message: SIGNUP_INCOMPLETE_MESSAGE }), pairTimeoutMs);
    };

    function onMessage(event: MessageEvent) {
      if (done || !isTrustedSignupOrigin(event.origin, settings.sdkUrl, target.location.origin)) return;
      const message = readSignupMessage(event.data);
      const piece = message ? pieceOf(message) : null;
      if (!piece) return;
      if ("result" in piece) return settle(piece.result);
      session = piece.session;
      progress();
    }
    function onAbort() {
      settle({ kind: "cancelled", step: null });
    }
    function onLogin(response: FacebookLoginResponse) {
      if (done) return;
      const given = response?.authResponse?.code;
      if (typeof given === "string" && given !== "") {
        code = given;
        progress();
        return;
      }
      // The popup closed without a code: a CANCEL (with the step) or an ERROR may still be on its way.
      clearTimeout(graceTimer);
      graceTimer = setTimeout(
        () =>
          settle(session ? { kind: "failed", message: SIGNUP_INCOMPLETE_MESSAGE } : { kind: "cancelled", step: null }),
        closeGraceMs,
      );
    }

    if (signal?.aborted) return resolve({ kind: "cancelled", step: null });
    target.addEventListener("message", onMessage);
    signal?.addEventListener("abort", onAbort);
    try {
      sdk.login(onLogin, {
        config_id: settings.configId,
        response_type: "code",
        override_default_response_type: true,
        extras: { setup: {}, featureType: "", sessionInfoVersion: "3" },
      });
    } catch (error) {
      cleanup();
      reject(new SignupLaunchError(error));
    }
  });
}
