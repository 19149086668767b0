import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "./api-error.ts";
import { createQueryClient } from "./query-client.ts";
import { getToasts, removeToast } from "./toast-store.ts";

afterEach(() => {
  for (const item of getToasts()) removeToast(item.id);
});

describe("createQueryClient", () => {
  const client = createQueryClient();
  const { gcTime, retry, retryDelay } = client.getDefaultOptions().queries ?? {};

  it("keeps unused data for 5 minutes", () => {
    expect(gcTime).toBe(5 * 60_000);
  });

  it("retries network failures and 5xx up to 3 times, never a 4xx", () => {
    if (typeof retry !== "function") throw new Error("retry should be a function");
    const network = new ApiError(0, { error: "network_error" });
    const server = new ApiError(503, { error: "unavailable" });
    expect(retry(0, network)).toBe(true);
    expect(retry(2, server)).toBe(true);
    expect(retry(3, server)).toBe(false);
    for (const status of [400, 401, 404, 422, 429]) expect(retry(0, new ApiError(status, { error: "x" }))).toBe(false);
  });

  it("waits min(1000 · 2^n, 30000) ms between tries", () => {
    if (typeof retryDelay !== "function") throw new Error("retryDelay should be a function");
    const error = new ApiError(503, { error: "unavailable" });
    expect([0, 1, 2, 5, 10].map((n) => retryDelay(n, error))).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });

  it("reports failures of queries that opt in through meta, and only those", async () => {
    const failing = () =>
      Promise.reject(new ApiError(404, { error: "not_found", errorDescription: "Order 7 not found" }));
    await client.fetchQuery({ queryKey: ["quiet"], queryFn: failing }).catch(() => undefined);
    expect(getToasts()).toHaveLength(0);
    await client
      .fetchQuery({ queryKey: ["loud"], queryFn: failing, meta: { errorMessage: "Couldn't load the order" } })
      .catch(() => undefined);
    expect(getToasts()).toMatchObject([{ title: "Couldn't load the order", description: "Order 7 not found" }]);
  });
});
