import { describe, expect, it } from "vitest";
import {
  MAGIC_INVALID,
  MAGIC_UNAVAILABLE,
  MAGIC_VALID,
  simulatedCandidates,
  simulatedOffer,
  simulatedSearch,
} from "./simulated-inventory.ts";

const none = new Set<string>();

describe("the simulated provider's numbers", () => {
  it("offers the same 20 numbers of the fictional 555-01xx range every time", () => {
    const first = simulatedSearch({ countryCode: "US", areaCode: "415" }, none);
    expect(first).toHaveLength(20);
    expect(first).toEqual(simulatedSearch({ countryCode: "US", areaCode: "415" }, none));
    expect(first[0]).toEqual({
      phoneNumber: "+14155550100",
      friendlyName: "(415) 555-0100",
      locality: "San Francisco",
      region: "CA",
      countryCode: "US",
      capabilities: { voice: true, sms: true, mms: true },
      monthlyCostCents: 300,
      currency: "USD",
      addressRequired: false,
    });
    expect(first.map((number) => number.phoneNumber)).toEqual(
      Array.from({ length: 20 }, (_, i) => `+1415555${String(100 + i).padStart(4, "0")}`),
    );
  });

  it("uses area code 555 when none is asked, and leaves out the numbers some company holds", () => {
    const held = new Set(["+15555550100", "+15555550102"]);
    const numbers = simulatedSearch({ countryCode: "US" }, held).map((number) => number.phoneNumber);
    expect(numbers.slice(0, 3)).toEqual(["+15555550101", "+15555550103", "+15555550104"]);
    expect(numbers).toHaveLength(20);
  });

  it("filters by the digits asked for, * standing for any digit", () => {
    expect(
      simulatedSearch({ countryCode: "US", areaCode: "212", contains: "0177" }, none).map((n) => n.phoneNumber),
    ).toEqual(["+12125550177"]);
    expect(simulatedCandidates({ countryCode: "US", areaCode: "212", contains: "01*7" })).toHaveLength(10);
    expect(simulatedCandidates({ countryCode: "US", areaCode: "212", contains: "999" })).toEqual([]);
  });

  it("has no numbers in Twilio's empty area code 533 or in impossible North American area codes", () => {
    expect(simulatedSearch({ countryCode: "US", areaCode: "533" }, none)).toEqual([]);
    expect(simulatedSearch({ countryCode: "US", areaCode: "055" }, none)).toEqual([]);
    expect(simulatedSearch({ countryCode: "CA", areaCode: "41" }, none)).toEqual([]);
  });

  it("lays numbers out in each country's shape, with 555 01xx in them", () => {
    for (const countryCode of ["GB", "AU", "ES", "MX", "CL", "BR", "DE", "FR", "CA"] as const) {
      const [first] = simulatedSearch({ countryCode }, none);
      expect(first, countryCode).toBeDefined();
      expect(first!.phoneNumber, countryCode).toMatch(/^\+[1-9]\d{6,14}$/);
      expect(first!.phoneNumber.replace(/\D/g, ""), countryCode).toContain("5550100");
      expect(first!.countryCode).toBe(countryCode);
      expect(first!.capabilities).toEqual({ voice: true, sms: true, mms: countryCode === "CA" });
      // Every number offered can be bought.
      expect(simulatedOffer(first!.phoneNumber)).toEqual(first);
    }
    expect(simulatedSearch({ countryCode: "GB" }, none)[0]).toMatchObject({
      phoneNumber: "+442075550100",
      locality: "London",
    });
    expect(simulatedSearch({ countryCode: "ES", areaCode: "93" }, none)[0]).toMatchObject({
      phoneNumber: "+34935550100",
      locality: "Barcelona",
    });
  });

  it("refuses Twilio's magic numbers with Twilio's codes, and numbers outside the range as invalid", () => {
    expect(simulatedOffer(MAGIC_UNAVAILABLE)).toEqual({ code: 21422 });
    expect(simulatedOffer(MAGIC_INVALID)).toEqual({ code: 21421 });
    expect(simulatedOffer("+15335550100")).toEqual({ code: 21452 });
    expect(simulatedOffer("+14155550200")).toEqual({ code: 21421 });
    expect(simulatedOffer("+141555501000")).toEqual({ code: 21421 });
    expect(simulatedOffer("+81355550100")).toEqual({ code: 21421 });
    expect(simulatedOffer(MAGIC_VALID)).toMatchObject({ phoneNumber: MAGIC_VALID, countryCode: "US" });
    expect(simulatedOffer("+14155550199")).toMatchObject({ phoneNumber: "+14155550199", locality: "San Francisco" });
  });
});
