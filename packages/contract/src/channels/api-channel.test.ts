import { describe, expect, it } from "vitest";
import { webhookUrlSchema } from "./api-channel.ts";

describe("webhookUrlSchema", () => {
  it("takes an absolute http or https URL", () => {
    expect(webhookUrlSchema.parse(" https://hooks.example.com/foreman ")).toBe("https://hooks.example.com/foreman");
    expect(webhookUrlSchema.parse("http://hooks.example.com:8080/x?y=1")).toBe("http://hooks.example.com:8080/x?y=1");
  });

  it.each([
    ["ftp://example.com/", "Must be an http or https URL"],
    ["not a url", "Must be an http or https URL"],
    ["https://user:secret@example.com/", "Must not contain a user name or password"],
    ["https://token@example.com/", "Must not contain a user name or password"],
  ])("refuses %s", (value, message) => {
    const result = webhookUrlSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
