import { describe, expect, it } from "vitest";
import { isTwilioSignatureValid, twilioSignature } from "./twilio-signature.ts";

// Twilio's documented example (docs: "Validating signatures from Twilio").
const TOKEN = "12345";
const URL_ = "https://mycompany.com/myapp.php?foo=1&bar=2";
const PARAMS = {
  CallSid: "CA1234567890ABCDE",
  Caller: "+12349013030",
  Digits: "1234",
  From: "+12349013030",
  To: "+18005551212",
};

describe("X-Twilio-Signature", () => {
  it("matches Twilio's documented example", () => {
    expect(twilioSignature(TOKEN, URL_, PARAMS)).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
  });
  it("accepts the right signature, with or without the default port", () => {
    expect(isTwilioSignatureValid(TOKEN, "0/KCTR6DLpKmkAf8muzZqo1nDgQ=", URL_, PARAMS)).toBe(true);
    const withPort = "https://mycompany.com:443/myapp.php?foo=1&bar=2";
    expect(isTwilioSignatureValid(TOKEN, "0/KCTR6DLpKmkAf8muzZqo1nDgQ=", withPort, PARAMS)).toBe(true);
  });
  it("refuses a missing, wrong or tampered signature", () => {
    expect(isTwilioSignatureValid(TOKEN, undefined, URL_, PARAMS)).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, "nope", URL_, PARAMS)).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, "0/KCTR6DLpKmkAf8muzZqo1nDgQ=", URL_, { ...PARAMS, Digits: "9" })).toBe(false);
    expect(isTwilioSignatureValid("other", "0/KCTR6DLpKmkAf8muzZqo1nDgQ=", URL_, PARAMS)).toBe(false);
  });
});
