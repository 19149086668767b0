import { describe, expect, it } from "vitest";
import { bareAddress, inboundAddress, namedAddress, recipientAt, replyAddress } from "./addresses.ts";

describe("the email channel's addresses", () => {
  const domain = "mail.foreman.example";

  it("tells a channel's inbound address from a conversation's reply address", () => {
    expect(recipientAt(inboundAddress("northwind-k2m9", domain), domain)).toEqual({
      kind: "inbound",
      local: "northwind-k2m9",
    });
    const token = "abcdefghij0123456789klmn";
    expect(recipientAt(replyAddress(token, domain), domain)).toEqual({ kind: "reply", token });
    expect(recipientAt(`Support <REPLY+${token.toUpperCase()}@Mail.Foreman.Example>`, domain)).toEqual({
      kind: "reply",
      token,
    });
  });

  it("is null for other domains, malformed tokens and local parts", () => {
    expect(recipientAt("northwind-k2m9@elsewhere.example", domain)).toBeNull();
    expect(recipientAt(`northwind@sub.${domain}`, domain)).toBeNull();
    expect(recipientAt(`reply+short@${domain}`, domain)).toBeNull();
    expect(recipientAt(`reply+${"a".repeat(20)}!@${domain}`, domain)).toBeNull();
    expect(recipientAt(`ab@${domain}`, domain)).toBeNull();
    expect(recipientAt("not an address", domain)).toBeNull();
  });

  it("reads the bare address of a named one", () => {
    expect(bareAddress('"Ana Rivera" <Ana@Shop.Example>')).toBe("ana@shop.example");
    expect(bareAddress("ana@shop.example")).toBe("ana@shop.example");
    expect(bareAddress("Ana Rivera")).toBeNull();
    expect(bareAddress(null)).toBeNull();
  });

  it("makes a display name safe for a header", () => {
    expect(namedAddress('Northwind "Support"\r\nBcc: x@y', "s@n.example")).toBe(
      '"Northwind Support Bcc: x@y" <s@n.example>',
    );
    expect(namedAddress("  ", "s@n.example")).toBe("s@n.example");
  });
});
