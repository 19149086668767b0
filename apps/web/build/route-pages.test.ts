import { describe, expect, it } from "vitest";
import { routePattern } from "./route-pages.ts";

describe("routePattern", () => {
  it.each([
    ["_app/inbox", "/inbox"],
    ["_app/conversations/index", "/conversations"],
    ["_app/conversations/$conversationId", "/conversations/:"],
    ["_app/phones/calls/$callId", "/phones/calls/:"],
    ["(auth)/sign_in", "/sign_in"],
    ["reset_password", "/reset_password"],
    ["index", "/"],
  ])("reads the route file %s as the address %s", (file, pattern) => {
    expect(routePattern(file)).toBe(pattern);
  });
});
