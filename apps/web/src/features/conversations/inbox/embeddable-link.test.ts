import { describe, expect, it } from "vitest";
import { embeddableLink } from "./embeddable-link.ts";

describe("embeddableLink", () => {
  it("takes our own paths and http(s) addresses", () => {
    expect(embeddableLink("/conversations/c1?embed=1")).toBe("/conversations/c1?embed=1");
    expect(embeddableLink("https://chat.example.com/app/login?sso_auth_token=x")).toBe(
      "https://chat.example.com/app/login?sso_auth_token=x",
    );
  });

  it("refuses empty links, other schemes and protocol-relative addresses", () => {
    for (const link of ["", "  ", null, undefined, 42, "javascript:alert(1)", "data:text/html,x", "//evil.example/x"]) {
      expect(embeddableLink(link), String(link)).toBeNull();
    }
  });
});
