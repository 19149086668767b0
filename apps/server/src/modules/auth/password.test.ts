import { parseOptions } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./password.ts";

describe("password hashing", () => {
  it("hashes with argon2id at 19 MiB, t=2, p=1 and verifies", async () => {
    const digest = await hashPassword("correct horse");
    expect(digest.startsWith("$argon2id$")).toBe(true);
    expect(parseOptions(digest)).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await verifyPassword(digest, "correct horse")).toBe(true);
    expect(await verifyPassword(digest, "wrong horse")).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("answers false for a digest it cannot parse and for the dummy check", async () => {
    expect(await verifyPassword("not-a-digest", "x")).toBe(false);
    expect(await verifyAgainstDummy("anything")).toBe(false);
  });
});
