import { describe, expect, it } from "vitest";
import { postAuthDestination } from "./safe-redirect.ts";

describe("postAuthDestination", () => {
  it("follows a same-site redirect, search and all", () => {
    expect(postAuthDestination("/orders?state=sent")).toBe("/orders?state=sent");
  });

  it("goes to /dashboard without a redirect or with one to another site", () => {
    expect(postAuthDestination(undefined)).toBe("/dashboard");
    expect(postAuthDestination("https://evil.example/")).toBe("/dashboard");
    expect(postAuthDestination("//evil.example/")).toBe("/dashboard");
  });

  it("unwraps a redirect to a sign-in page to that page's own redirect", () => {
    expect(postAuthDestination("/sign_in?redirect=%2Forders")).toBe("/orders");
    expect(postAuthDestination("/sign_up")).toBe("/dashboard");
    expect(postAuthDestination("/sign_in?redirect=https%3A%2F%2Fevil.example")).toBe("/dashboard");
  });
});
