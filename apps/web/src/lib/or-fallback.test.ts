import { afterEach, describe, expect, it } from "vitest";
import { ApiError, GENERIC_ERROR_MESSAGE } from "./api-error.ts";
import { orFallback } from "./or-fallback.ts";
import { getToasts, removeToast } from "./toast-store.ts";

afterEach(() => {
  for (const item of getToasts()) removeToast(item.id);
});

const fail = (error: unknown) => () => Promise.reject(error);

describe("orFallback", () => {
  it("hands back what the call answered", async () => {
    const result = await orFallback(() => Promise.resolve([1]), new AbortController().signal, "Couldn't load", []);
    expect(result).toEqual([1]);
    expect(getToasts()).toHaveLength(0);
  });

  it("reports a failure and hands back the fallback", async () => {
    const fallback = { total: 0 };
    const result = await orFallback(
      fail(new ApiError(500, { error: "internal_error" })),
      new AbortController().signal,
      "Couldn't load the reports",
      fallback,
    );
    expect(result).toBe(fallback);
    expect(getToasts()).toMatchObject([
      { title: "Couldn't load the reports", description: GENERIC_ERROR_MESSAGE, variant: "destructive" },
    ]);
  });

  it("passes a 401 and an aborted call on, unreported", async () => {
    const unauthorized = new ApiError(401, { error: "invalid_token" });
    await expect(orFallback(fail(unauthorized), new AbortController().signal, "x", null)).rejects.toBe(unauthorized);
    const aborted = new AbortController();
    aborted.abort();
    const abortError = new DOMException("Aborted", "AbortError");
    await expect(orFallback(fail(abortError), aborted.signal, "x", null)).rejects.toBe(abortError);
    expect(getToasts()).toHaveLength(0);
  });

  it("hands back the fallback without a toast when the company requires two-factor (the gate says so)", async () => {
    const refused = new ApiError(403, {
      error: "two_factor_required",
      errorDescription: "Northwind requires two-factor sign-in. Turn it on in your profile to continue.",
    });
    const result = await orFallback(fail(refused), new AbortController().signal, "Couldn't load", "fallback");
    expect(result).toBe("fallback");
    expect(getToasts()).toHaveLength(0);
    // Any other 403 is still reported.
    await orFallback(fail(new ApiError(403, { error: "forbidden" })), new AbortController().signal, "Couldn't load", 0);
    expect(getToasts()).toHaveLength(1);
  });
});
