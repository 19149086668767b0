import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./secret-box.ts";

describe("secret box", () => {
  const key = randomBytes(32);

  it("opens what it sealed, and never shows the plaintext in the sealed form", () => {
    const sealed = sealSecret(key, "EAAG-business-token");
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain("EAAG");
    expect(openSecret(key, sealed)).toBe("EAAG-business-token");
    // A fresh IV each time: the same secret never seals to the same text.
    expect(sealSecret(key, "EAAG-business-token")).not.toBe(sealed);
  });

  it("answers null under another key or for a damaged value", () => {
    const sealed = sealSecret(key, "token");
    expect(openSecret(randomBytes(32), sealed)).toBeNull();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(openSecret(key, parts.join("."))).toBeNull();
    expect(openSecret(key, "plain-token")).toBeNull();
  });
});
