import { describe, expect, it } from "vitest";
import { drawnWithoutRouter, startsWithoutRouter } from "./signed-out-pages.ts";

describe("the pages a cold load draws without the router", () => {
  it("are sign-in, sign-up and the mailed links' pages", () => {
    for (const path of ["/sign_in", "/sign_up", "/reset_password", "/confirm_email", "/accept_invitation"])
      expect(startsWithoutRouter(path), path).toBe(true);
    for (const path of ["/", "/dashboard", "/profile", "/sign_in/x"])
      expect(startsWithoutRouter(path), path).toBe(false);
  });

  it("with a session, leave the sign-in pages and an invitation to the app", () => {
    expect(drawnWithoutRouter("/sign_in", true)).toBe(false);
    expect(drawnWithoutRouter("/sign_up", true)).toBe(false);
    expect(drawnWithoutRouter("/accept_invitation", true)).toBe(false);
    expect(drawnWithoutRouter("/reset_password", true)).toBe(true);
    expect(drawnWithoutRouter("/confirm_email", true)).toBe(true);
    expect(drawnWithoutRouter("/accept_invitation", false)).toBe(true);
  });
});
