import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS_HOURS } from "./business-hours.ts";
import { companySettingsPatchSchema } from "./company.ts";

const issues = (patch: unknown) =>
  companySettingsPatchSchema.safeParse(patch).error?.issues.map((issue) => [issue.path.join("."), issue.message]);

describe("the general settings' patch", () => {
  it("takes each general setting alone, the name trimmed", () => {
    expect(companySettingsPatchSchema.parse({ name: "  Andes Co  " })).toEqual({ name: "Andes Co" });
    expect(companySettingsPatchSchema.parse({ timeZone: "America/Santiago" })).toEqual({
      timeZone: "America/Santiago",
    });
    expect(companySettingsPatchSchema.parse({ currency: "CLP" })).toEqual({ currency: "CLP" });
    expect(companySettingsPatchSchema.parse({ answerLanguages: ["es", "en"] })).toEqual({
      answerLanguages: ["es", "en"],
    });
    expect(companySettingsPatchSchema.parse({ businessHours: DEFAULT_BUSINESS_HOURS })).toEqual({
      businessHours: DEFAULT_BUSINESS_HOURS,
    });
    expect(companySettingsPatchSchema.parse({ businessHours: null })).toEqual({ businessHours: null });
  });

  it("names the field and the reason of each refusal", () => {
    expect(issues({ name: "   " })).toEqual([["name", "Enter the company's name"]]);
    expect(issues({ name: "x".repeat(101) })).toEqual([["name", "Keep the name to 100 characters or fewer"]]);
    expect(issues({ timeZone: "Mars/Base" })).toEqual([
      ["timeZone", "Must be an IANA time zone such as America/Santiago or UTC"],
    ]);
    expect(issues({ currency: "XYZ" })?.[0]?.[0]).toBe("currency");
    expect(issues({ answerLanguages: [] })).toEqual([["answerLanguages", "Choose at least one language"]]);
    expect(issues({ answerLanguages: ["en", "en"] })).toEqual([["answerLanguages", "Each language may appear once"]]);
    expect(issues({ answerLanguages: ["en", "xx"] })?.[0]?.[0]).toBe("answerLanguages.1");
    expect(issues({ answerLanguages: ["en", "es", "pt", "fr", "de", "it", "nl", "pl", "ca", "ja", "zh"] })).toEqual([
      ["answerLanguages", "Choose at most 10 languages"],
    ]);
  });

  it("refuses hours that close before they open, impossible times and missing days", () => {
    const hours = (mon: unknown) => ({ businessHours: { ...DEFAULT_BUSINESS_HOURS, mon } });
    expect(issues(hours({ open: "18:00", close: "09:00" }))).toEqual([
      ["businessHours.mon.close", "The closing time must be after the opening time"],
    ]);
    expect(issues(hours({ open: "09:00", close: "09:00" }))?.[0]?.[0]).toBe("businessHours.mon.close");
    expect(issues(hours({ open: "09:00", close: "25:00" }))).toEqual([
      ["businessHours.mon.close", "Must be a 24-hour time such as 09:00"],
    ]);
    expect(issues(hours({ open: "9:00", close: "18:00" }))?.[0]?.[0]).toBe("businessHours.mon.open");
    const { sun: _sun, ...sixDays } = DEFAULT_BUSINESS_HOURS;
    expect(issues({ businessHours: sixDays })?.[0]?.[0]).toBe("businessHours.sun");
  });
});
