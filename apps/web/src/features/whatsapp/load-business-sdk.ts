// Meta's business SDK (the Facebook JavaScript SDK), loaded only when someone clicks "Connect
// WhatsApp": never at page load, so no third-party script runs for people who never connect.

/** The spec's words when the SDK cannot be used (it failed to load, timed out, or left no `FB`). */
export const SDK_NOT_READY_MESSAGE = "Facebook Business integration is not ready yet. Please try again in a moment.";
/** The spec's words when opening the signup popup throws. */
export const SIGNUP_LAUNCH_ERROR_MESSAGE = "Error launching WhatsApp signup. Please try again.";

/** How long the script may take to load and define `window.FB`. */
export const SDK_LOAD_TIMEOUT_MS = 8000;

export type FacebookLoginResponse = {
  status?: string;
  authResponse?: { code?: string | null } | null;
};

export type FacebookLoginOptions = {
  config_id: string;
  response_type: "code";
  override_default_response_type: boolean;
  extras: { setup: Record<string, never>; featureType: string; sessionInfoVersion: string };
};

/** The part of the SDK the signup uses. */
export type FacebookSdk = {
  init(options: { appId: string; cookie: boolean; xfbml: boolean; version: string }): void;
  login(callback: (response: FacebookLoginResponse) => void, options: FacebookLoginOptions): void;
};

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

export class SdkNotReadyError extends Error {
  constructor(reason: string) {
    super(`${SDK_NOT_READY_MESSAGE} (${reason})`);
    this.name = "SdkNotReadyError";
  }
}

export type BusinessSdkSettings = { appId: string; sdkUrl: string; graphVersion: string };

const SCRIPT_MARK = "data-business-sdk";

function initialise(sdk: FacebookSdk, settings: BusinessSdkSettings): FacebookSdk {
  sdk.init({ appId: settings.appId, cookie: true, xfbml: true, version: settings.graphVersion });
  return sdk;
}

/**
 * Loads the SDK from `settings.sdkUrl` (once; later calls reuse `window.FB`) and initialises it for our
 * app. Rejects with SdkNotReadyError when the script fails, `window.FB` does not appear within
 * `timeoutMs`, or initialising throws.
 */
export function loadBusinessSdk(
  settings: BusinessSdkSettings,
  { timeoutMs = SDK_LOAD_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<FacebookSdk> {
  return new Promise<FacebookSdk>((resolve, reject) => {
    const ready = (): boolean => {
      const sdk = window.FB;
      if (!sdk || typeof sdk.init !== "function" || typeof sdk.login !== "function") return false;
      try {
        resolve(initialise(sdk, settings));
      } catch (error) {
        reject(new SdkNotReadyError(error instanceof Error ? error.message : "init failed"));
      }
      return true;
    };
    if (ready()) return;

    // A script left by an attempt that failed or timed out is replaced, so a retry loads it afresh.
    for (const old of document.querySelectorAll(`script[${SCRIPT_MARK}]`)) old.remove();
    const script = document.createElement("script");
    script.setAttribute(SCRIPT_MARK, "");
    script.src = settings.sdkUrl;
    script.async = true;
    script.defer = true;
    script.crossOrigin = "anonymous";

    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(poll);
      outcome();
    };
    const check = () => {
      if (window.FB) finish(() => ready());
    };
    const fail = (reason: string) =>
      finish(() => {
        script.remove();
        reject(new SdkNotReadyError(reason));
      });
    // The real SDK calls fbAsyncInit once it has defined FB; a script may also define it as it runs.
    window.fbAsyncInit = check;
    script.addEventListener("load", check);
    script.addEventListener("error", () => fail("the script could not be loaded"));
    const poll = setInterval(check, 100);
    const timer = setTimeout(() => fail(`no SDK after ${timeoutMs} ms`), timeoutMs);
    document.head.append(script);
  });
}
