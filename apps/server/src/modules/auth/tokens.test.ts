import { describe, expect, it } from "vitest";
import { generateToken, hashToken } from "./tokens.ts";

describe("tokens", () => {
  it("are 256-bit base64url strings, different every time", () => {
    const a = generateToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateToken()).not.toBe(a);
  });

  it("hash to a stable SHA-256 hex digest that differs from the token", () => {
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hashToken("abc")).not.toBe(hashToken("abd"));
  });
});
