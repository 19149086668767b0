import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  isTrustedSignupOrigin,
  readSignupMessage,
  runEmbeddedSignup,
  SIGNUP_INCOMPLETE_MESSAGE,
  SIGNUP_NO_NUMBER_MESSAGE,
  SignupLaunchError,
  type SignupResult,
} from "./embedded-signup.ts";
import type { FacebookLoginResponse, FacebookSdk } from "./load-business-sdk.ts";

const META_SDK = "https://connect.facebook.net/en_US/sdk.js";
const SETTINGS = { configId: "cfg-1", sdkUrl: META_SDK };
const META_ORIGIN = "https://www.facebook.com";

/** A stand-in SDK: FB.login keeps its callback for the test to call, as the popup would on closing. */
function fakeSdk() {
  const sdk = {
    callback: null as ((response: FacebookLoginResponse) => void) | null,
    options: null as unknown,
    init: vi.fn(),
    login: vi.fn((callback: (response: FacebookLoginResponse) => void, options: unknown) => {
      sdk.callback = callback;
      sdk.options = options;
    }),
  };
  return sdk;
}

function post(data: unknown, origin = META_ORIGIN) {
  window.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(data), origin }));
}

const finish = (
  data: object = { phone_number_id: "106540352242922", waba_id: "102290129340398", business_id: "4" },
) => ({
  type: "WA_EMBEDDED_SIGNUP",
  event: "FINISH",
  data,
});

/** The promise's outcome so far, without awaiting it (fake timers). */
function track(promise: Promise<SignupResult>) {
  const state: { result?: SignupResult; error?: unknown } = {};
  promise.then(
    (result) => {
      state.result = result;
    },
    (error) => {
      state.error = error;
    },
  );
  return state;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("runEmbeddedSignup", () => {
  it("opens the popup with the configuration and the code flow Meta's embedded signup needs", async () => {
    const sdk = fakeSdk();
    void runEmbeddedSignup(sdk as FacebookSdk, SETTINGS);
    expect(sdk.login).toHaveBeenCalledTimes(1);
    expect(sdk.options).toEqual({
      config_id: "cfg-1",
      response_type: "code",
      override_default_response_type: true,
      extras: { setup: {}, featureType: "", sessionInfoVersion: "3" },
    });
  });

  it("waits for both halves when the code comes first", async () => {
    const sdk = fakeSdk();
    const state = track(runEmbeddedSignup(sdk as FacebookSdk, SETTINGS));
    sdk.callback!({ status: "connected", authResponse: { code: "code-123" } });
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.result).toBeUndefined();
    post(finish());
    await vi.advanceTimersByTimeAsync(0);
    expect(state.result).toEqual({
      kind: "finished",
      code: "code-123",
      session: { phoneNumberId: "106540352242922", wabaId: "102290129340398", businessId: "4" },
    });
  });

  it("waits for both halves when the session event comes first", async () => {
    const sdk = fakeSdk();
    const state = track(runEmbeddedSignup(sdk as FacebookSdk, SETTINGS));
    post({ ...finish({ phone_number_id: "11", waba_id: "22" }), event: "FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING" });
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.result).toBeUndefined();
    sdk.callback!({ authResponse: { code: "code-9" } });
    await vi.advanceTimersByTimeAsync(0);
    expect(state.result).toEqual({
      kind: "finished",
      code: "code-9",
      session: { phoneNumberId: "11", wabaId: "22", businessId: null },
    });
  });

  it("resolves as cancelled with the step where the user stopped", async () => {
    const sdk = fakeSdk();
    const state = track(runEmbeddedSignup(sdk as FacebookSdk, SETTINGS));
    post({ type: "WA_EMBEDDED_SIGNUP", event: "CANCEL", data: { current_step: "PHONE_NUMBER_SETUP" } });
    sdk.callback!({ status: "unknown", authResponse: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(state.result).toEqual({ kind: "cancelled", step: "PHONE_NUMBER_SETUP" });
  });

  it("resolves as cancelled when the popup closes without a code and nothing follows", async () => {
    const sdk = fakeSdk();
    const state = track(runEmbeddedSignup(sdk as FacebookSdk, SETTINGS, { closeGraceMs: 1000 }));
    sdk.callback!({ status: "unknown", authResponse: null });
    await vi.advanceTimersByTimeAsync(999);
    expect(state.result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(state.result).toEqual({ kind: "cancelled", step: null });
  });

  it("reports an ERROR event, and an error Meta sends inside a CANCEL, with Meta's words", async () => {
    const sdk = fakeSdk();
    const first = track(runEmbeddedSignup(sdk as FacebookSdk, SETTINGS));
    post({ type: "WA_EMBEDDED_SIGNUP", event: "ERROR", data: { error_message: "The number is already in use" } });
    await vi.advanceTimersByTimeAsync(0);
    expect(first.result).toEqual({ kind: "failed", message: "The number is already in use" });

    const second = track(runEmbeddedSignup(sdk as FacebookSdk, SETTINGS));
    post({ type: "WA_EMBEDDED_SIGNUP", event: "CANCEL", data: { error_message: "Business verification failed" } });
    await vi.advanceTimersByTimeAsync(0);
    expect(second.result).toEqual({ kind: "failed", message: "Business verification failed" });
  });

  it("fails a finish without a phone number", async () => {
    const sdk = fakeSdk();
    const state = track(runEmbeddedSignup(sdk as FacebookSdk, SETTINGS));
    post({ type: "WA_EMBEDDED_SIGNUP", event: "FINISH_ONLY_WABA", data: { waba_id: "22" } });
    await vi.advanceTimersByTimeAsync(0);
    expect(state.result).toEqual({ kind: "failed", message: SIGNUP_NO_NUMBER_MESSAGE });
  });

  it("ignores messages from other origins and messages that are not the signup's", async () => {
    const sdk = fakeSdk();
    const state = track(runEmbeddedSignup(sdk as FacebookSdk, SETTINGS));
    post(finish(), "https://evil.example");
    post(finish(), "http://www.facebook.com");
    post(finish(), "https://facebook.com.evil.example");
    post(finish(), "https://localhost"); // the page itself: not trusted when the SDK is Meta's
    window.dispatchEvent(new MessageEvent("message", { data: "not json", origin: META_ORIGIN }));
    window.dispatchEvent(new MessageEvent("message", { data: { type: "OTHER" }, origin: META_ORIGIN }));
    sdk.callback!({ authResponse: { code: "code-1" } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.result).toBeUndefined();
    post(finish({ phone_number_id: "5", waba_id: "6" }), "https://business.facebook.com");
    await vi.advanceTimersByTimeAsync(0);
    expect(state.result).toMatchObject({ kind: "finished", code: "code-1", session: { phoneNumberId: "5" } });
  });

  it("accepts the page's own origin when the SDK is not Meta's (the offline fake)", async () => {
    const sdk = fakeSdk();
    const state = track(runEmbeddedSignup(sdk as FacebookSdk, { configId: "c", sdkUrl: "/fake-meta/sdk.js" }));
    post(finish(), window.location.origin);
    sdk.callback!({ authResponse: { code: "fake-code" } });
    await vi.advanceTimersByTimeAsync(0);
    expect(state.result).toMatchObject({ kind: "finished", code: "fake-code" });
  });

  it("gives up when the second half never comes", async () => {
    const sdk = fakeSdk();
    const state = track(runEmbeddedSignup(sdk as FacebookSdk, SETTINGS, { pairTimeoutMs: 10_000 }));
    sdk.callback!({ authResponse: { code: "code-1" } });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(state.result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(state.result).toEqual({ kind: "failed", message: SIGNUP_INCOMPLETE_MESSAGE });
    // Nothing listens any more: a late session changes nothing.
    post(finish());
    await vi.advanceTimersByTimeAsync(0);
    expect(state.result).toEqual({ kind: "failed", message: SIGNUP_INCOMPLETE_MESSAGE });
  });

  it("rejects with a launch error when FB.login throws", async () => {
    const sdk = fakeSdk();
    sdk.login.mockImplementation(() => {
      throw new Error("popup blocked");
    });
    await expect(runEmbeddedSignup(sdk as FacebookSdk, SETTINGS)).rejects.toBeInstanceOf(SignupLaunchError);
  });

  it("stops waiting when aborted", async () => {
    const sdk = fakeSdk();
    const controller = new AbortController();
    const state = track(runEmbeddedSignup(sdk as FacebookSdk, SETTINGS, { signal: controller.signal }));
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.result).toEqual({ kind: "cancelled", step: null });
  });
});

describe("isTrustedSignupOrigin", () => {
  const own = "https://app.example";
  it("trusts Meta's https pages always, and our own origin only with a non-Meta SDK", () => {
    expect(isTrustedSignupOrigin("https://www.facebook.com", META_SDK, own)).toBe(true);
    expect(isTrustedSignupOrigin("https://facebook.com", META_SDK, own)).toBe(true);
    expect(isTrustedSignupOrigin("http://www.facebook.com", META_SDK, own)).toBe(false);
    expect(isTrustedSignupOrigin("https://notfacebook.com", META_SDK, own)).toBe(false);
    expect(isTrustedSignupOrigin(own, META_SDK, own)).toBe(false);
    expect(isTrustedSignupOrigin(own, "http://127.0.0.1:4010/sdk.js", own)).toBe(true);
    expect(isTrustedSignupOrigin("http://127.0.0.1:4010", "http://127.0.0.1:4010/sdk.js", own)).toBe(true);
    expect(isTrustedSignupOrigin("http://127.0.0.1:9999", "http://127.0.0.1:4010/sdk.js", own)).toBe(false);
    expect(isTrustedSignupOrigin("null", "/sdk.js", own)).toBe(false);
  });
});

describe("readSignupMessage", () => {
  it("reads Meta's JSON string and skips anything else", () => {
    expect(readSignupMessage(JSON.stringify(finish({ waba_id: "1" })))).toEqual({
      event: "FINISH",
      data: { waba_id: "1" },
    });
    expect(readSignupMessage("{")).toBeNull();
    expect(readSignupMessage(JSON.stringify({ type: "OTHER", event: "FINISH" }))).toBeNull();
    expect(readSignupMessage(null)).toBeNull();
  });
});
