import { describe, expect, it } from "vitest";
import { CHANNEL_LABELS, CHANNELS, channelFromSource, isChannel } from "./channel.ts";

describe("channels", () => {
  it("has the spec's four codes and labels, then the website chat widget's", () => {
    expect(CHANNELS).toEqual(["whatsapp", "email", "phone", "sms", "web_chat"]);
    expect(CHANNELS.map((code) => CHANNEL_LABELS[code])).toEqual(["WhatsApp", "Email", "Phone", "SMS", "Web chat"]);
    expect(isChannel("sms")).toBe(true);
    expect(isChannel("SMS")).toBe(false);
  });
});

describe("channelFromSource", () => {
  it.each([
    ["whatsapp", "whatsapp"],
    ["WhatsApp Business", "whatsapp"],
    ["Inbound email", "email"],
    ["EMAIL campaign", "email"],
    ["phone", "phone"],
    ["Telephone call", "phone"],
    ["sms", "sms"],
    ["SMS reminder", "sms"],
    ["text message", "sms"],
    ["Text", "sms"],
    ["Website chat", "web_chat"],
    ["web chat", "web_chat"],
    ["Webchat widget", "web_chat"],
  ])("%s → %s", (source, channel) => {
    expect(channelFromSource(source)).toBe(channel);
  });

  it("applies the rules in the spec's order when several match", () => {
    expect(channelFromSource("whatsapp text")).toBe("whatsapp");
    expect(channelFromSource("email or phone")).toBe("email");
    expect(channelFromSource("phone sms")).toBe("phone");
    expect(channelFromSource("website contact by email")).toBe("email");
    expect(channelFromSource("website text chat")).toBe("sms");
  });

  it.each([undefined, null, "", "web form", "Website form", "referral", "Instagram"])(
    "falls back to email (%s)",
    (source) => {
      expect(channelFromSource(source)).toBe("email");
    },
  );
});
