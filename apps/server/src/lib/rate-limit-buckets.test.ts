import { describe, expect, it } from "vitest";
import { FIXED_RATE_LIMITS, rateLimitBucketOf, rateLimitsOf } from "./rate-limit-buckets.ts";

describe("rateLimitBucketOf", () => {
  it("names the bucket from the matched route's method and pattern", () => {
    expect(rateLimitBucketOf("POST", "/oauth/token")).toBe("sign-in");
    expect(rateLimitBucketOf("POST", "/oauth/token.json")).toBe("sign-in");
    expect(rateLimitBucketOf("POST", "/users.json")).toBe("sign-up");
    expect(rateLimitBucketOf("PUT", "/users/password.json")).toBe("sign-in");
    expect(rateLimitBucketOf("GET", "/app/events")).toBe("streams");
    expect(rateLimitBucketOf("HEAD", "/*")).toBe("pages");
    expect(rateLimitBucketOf("GET", "/healthz")).toBe("probes");
  });

  it("puts every other route, another method of a named one, and no route at all in the API's bucket", () => {
    expect(rateLimitBucketOf("GET", "/app/me.json")).toBe("api");
    expect(rateLimitBucketOf("GET", "/oauth/token.json")).toBe("api");
    expect(rateLimitBucketOf("GET", "/webhooks/whatsapp")).toBe("api");
    expect(rateLimitBucketOf("POST", undefined)).toBe("api");
  });
});

describe("rateLimitsOf", () => {
  it("gives the general limit to the API, pages and probes, and the fixed ones to the rest", () => {
    const general = { max: 600, windowMs: 60_000 };
    expect(rateLimitsOf(general)).toEqual({ api: general, pages: general, probes: general, ...FIXED_RATE_LIMITS });
  });
});
