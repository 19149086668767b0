import { describe, expect, it } from "vitest";
import { CUSTOMER_IDENTITY_KINDS, whatsappIdentity } from "./identity.ts";

describe("whatsappIdentity", () => {
  it("is the number with a plus, whether Meta's id has one or not", () => {
    expect(whatsappIdentity("5491100000002")).toBe("+5491100000002");
    expect(whatsappIdentity("+5491100000002")).toBe("+5491100000002");
  });

  it.each([
    ["empty", ""],
    ["spaces and dashes (typed, not Meta's)", "+54 9 11 0000-0002"],
    ["letters", "54911abc"],
    ["a leading zero", "05491100000002"],
    ["too short", "12345"],
    ["longer than E.164 allows", "1234567890123456"],
  ])("refuses %s", (_, waId) => {
    expect(whatsappIdentity(waId)).toBeNull();
  });
});

describe("CUSTOMER_IDENTITY_KINDS", () => {
  it("lists only identifiers a channel verifies (nothing a visitor types)", () => {
    // WhatsApp: Meta verified the number. Phone: the caller's number as the phone company connected it.
    expect(CUSTOMER_IDENTITY_KINDS).toEqual(["whatsapp", "phone"]);
  });
});
