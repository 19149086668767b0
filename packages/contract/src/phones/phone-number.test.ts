import { describe, expect, it } from "vitest";
import {
  availableNumbersQuerySchema,
  countryOfPhoneNumber,
  friendlyPhoneNumber,
  updateCallSettingsSchema,
  updatePhoneNumberSchema,
} from "./phone-number.ts";

describe("countryOfPhoneNumber", () => {
  it.each([
    ["+14155550123", "US"],
    ["+15550100123", "US"],
    ["+14165550101", "CA"],
    ["+16045550101", "CA"],
    ["+442075550123", "GB"],
    ["+34915550123", "ES"],
    ["+56225550123", "CL"],
    ["+551135550123", "BR"],
    ["+525555550123", "MX"],
  ])("reads %s as %s", (e164, country) => {
    expect(countryOfPhoneNumber(e164)).toBe(country);
  });

  it("knows no country for other dialling codes or for what is not a number", () => {
    expect(countryOfPhoneNumber("+81312345678")).toBeNull();
    expect(countryOfPhoneNumber("4155550123")).toBeNull();
    expect(countryOfPhoneNumber("+1 415")).toBeNull();
  });
});

describe("friendlyPhoneNumber", () => {
  it("writes North American numbers as Twilio does", () => {
    expect(friendlyPhoneNumber("+14155550123")).toBe("(415) 555-0123");
  });
  it("groups other numbers in threes after the dialling code", () => {
    expect(friendlyPhoneNumber("+442075550123")).toBe("+44 207 555 0123");
    expect(friendlyPhoneNumber("+34915550123")).toBe("+34 915 550 123");
    expect(friendlyPhoneNumber("+4930555011")).toBe("+49 305 550 11");
  });
  it("leaves anything else as it is", () => {
    expect(friendlyPhoneNumber("+81312345678")).toBe("+81312345678");
    expect(friendlyPhoneNumber("not a number")).toBe("not a number");
  });
});

describe("the phone numbers' requests", () => {
  it("searches the US when no country is given, and names a bad field", () => {
    expect(availableNumbersQuerySchema.parse({})).toEqual({ countryCode: "US" });
    expect(availableNumbersQuerySchema.parse({ countryCode: " gb " })).toEqual({ countryCode: "GB" });
    const bad = availableNumbersQuerySchema.safeParse({ countryCode: "ZZ", areaCode: "4", contains: "1" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.path.join("."))).toEqual(["countryCode", "areaCode", "contains"]);
  });

  it("refuses a change to nothing", () => {
    expect(updatePhoneNumberSchema.safeParse({}).success).toBe(false);
    expect(updatePhoneNumberSchema.parse({ aiEmployeeId: null })).toEqual({ aiEmployeeId: null });
    expect(updateCallSettingsSchema.safeParse({}).success).toBe(false);
    expect(updateCallSettingsSchema.parse({ fallbackNumber: null })).toEqual({ fallbackNumber: null });
    expect(updateCallSettingsSchema.safeParse({ fallbackNumber: "555" }).success).toBe(false);
  });
});
