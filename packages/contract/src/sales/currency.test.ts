import { describe, expect, it } from "vitest";
import { ACCEPTED_CURRENCIES, currencyOrDefault, DEFAULT_CURRENCY, isAcceptedCurrency } from "./currency.ts";

describe("ACCEPTED_CURRENCIES", () => {
  it("is the spec's twenty codes in the spec's order", () => {
    expect(ACCEPTED_CURRENCIES.join(" ")).toBe(
      "USD EUR GBP CAD AUD NZD CHF JPY CNY INR BRL ARS CLP COP MXN PEN PYG UYU VND ZAR",
    );
    expect(DEFAULT_CURRENCY).toBe("USD");
  });

  it("are all codes Intl knows", () => {
    for (const code of ACCEPTED_CURRENCIES) {
      expect(() => new Intl.NumberFormat("en-US", { style: "currency", currency: code })).not.toThrow();
    }
  });
});

describe("isAcceptedCurrency", () => {
  it("accepts exactly the listed upper-case codes", () => {
    expect(isAcceptedCurrency("EUR")).toBe(true);
    expect(isAcceptedCurrency("ZAR")).toBe(true);
    expect(isAcceptedCurrency("eur")).toBe(false);
    expect(isAcceptedCurrency("SEK")).toBe(false);
    expect(isAcceptedCurrency(undefined)).toBe(false);
    expect(isAcceptedCurrency(840)).toBe(false);
  });
});

describe("currencyOrDefault", () => {
  it("keeps an accepted code, forgiving case and spaces", () => {
    expect(currencyOrDefault("CLP")).toBe("CLP");
    expect(currencyOrDefault(" pen ")).toBe("PEN");
  });

  it.each([undefined, null, "", "  ", "E", "EU", 42])(
    "falls back to USD when absent or shorter than 3 (%s)",
    (value) => {
      expect(currencyOrDefault(value)).toBe("USD");
    },
  );

  it("falls back to USD for an unknown code of 3 letters or more (our decision; the spec is silent)", () => {
    expect(currencyOrDefault("SEK")).toBe("USD");
    expect(currencyOrDefault("XYZ")).toBe("USD");
    expect(currencyOrDefault("EURO")).toBe("USD");
  });
});
