import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FacebookSdk, loadBusinessSdk, SDK_NOT_READY_MESSAGE, SdkNotReadyError } from "./load-business-sdk.ts";

const SETTINGS = { appId: "1234", sdkUrl: "https://connect.facebook.net/en_US/sdk.js", graphVersion: "v22.0" };

const scripts = () => [...document.querySelectorAll<HTMLScriptElement>("script[data-business-sdk]")];

function fakeSdk() {
  return { init: vi.fn<FacebookSdk["init"]>(), login: vi.fn<FacebookSdk["login"]>() };
}

beforeEach(() => {
  vi.useFakeTimers();
  delete window.FB;
  delete window.fbAsyncInit;
});
afterEach(() => {
  vi.useRealTimers();
  for (const script of scripts()) script.remove();
  delete window.FB;
});

// jsdom does not fetch scripts: each test plays the network's part on the element (load, error).
describe("loadBusinessSdk", () => {
  it("adds the script only when asked, and initialises FB for our app once it is defined", async () => {
    expect(scripts()).toHaveLength(0);
    const loading = loadBusinessSdk(SETTINGS);
    const [script] = scripts();
    expect(script?.src).toBe(SETTINGS.sdkUrl);
    expect(script?.async).toBe(true);
    const sdk = fakeSdk();
    window.FB = sdk;
    window.fbAsyncInit?.();
    await expect(loading).resolves.toBe(sdk);
    expect(sdk.init).toHaveBeenCalledWith({ appId: "1234", cookie: true, xfbml: true, version: "v22.0" });
  });

  it("reuses an SDK already on the page", async () => {
    const sdk = fakeSdk();
    window.FB = sdk;
    await expect(loadBusinessSdk(SETTINGS)).resolves.toBe(sdk);
    expect(scripts()).toHaveLength(0);
  });

  it("rejects with the spec's message when the script fails to load, and a retry loads it afresh", async () => {
    const loading = loadBusinessSdk(SETTINGS);
    scripts()[0]!.dispatchEvent(new Event("error"));
    await expect(loading).rejects.toBeInstanceOf(SdkNotReadyError);
    await expect(loading).rejects.toThrow(SDK_NOT_READY_MESSAGE);
    expect(scripts()).toHaveLength(0);

    const again = loadBusinessSdk(SETTINGS);
    expect(scripts()).toHaveLength(1);
    window.FB = fakeSdk();
    scripts()[0]!.dispatchEvent(new Event("load"));
    await expect(again).resolves.toBe(window.FB);
  });

  it("rejects when the script loads but FB never appears within the timeout", async () => {
    const loading = loadBusinessSdk(SETTINGS, { timeoutMs: 8000 });
    const outcome = loading.catch((error: unknown) => error);
    scripts()[0]!.dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(7999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(SdkNotReadyError);
  });

  it("rejects when FB.init throws", async () => {
    window.FB = {
      init: () => {
        throw new Error("bad app id");
      },
      login: vi.fn(),
    };
    await expect(loadBusinessSdk(SETTINGS)).rejects.toBeInstanceOf(SdkNotReadyError);
  });
});
