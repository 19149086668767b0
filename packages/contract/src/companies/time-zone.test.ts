import { describe, expect, it } from "vitest";
import { isTimeZone, timeZoneOffsetLabel, timeZoneOffsetMinutes, timeZoneSchema } from "./time-zone.ts";

describe("isTimeZone", () => {
  it("takes IANA zones the runtime knows, and UTC", () => {
    for (const zone of ["UTC", "America/Santiago", "Europe/Madrid", "America/Argentina/Buenos_Aires", "Etc/GMT+3"])
      expect(isTimeZone(zone), zone).toBe(true);
  });

  it("refuses made-up zones, abbreviations, other spellings and non-strings", () => {
    for (const zone of ["Mars/Base", "EST", "utc", "america/santiago", "", " UTC", "Europe/", 42, null, "A".repeat(65)])
      expect(isTimeZone(zone), String(zone)).toBe(false);
    expect(timeZoneSchema.safeParse("Mars/Base").error?.issues[0]?.message).toBe(
      "Must be an IANA time zone such as America/Santiago or UTC",
    );
  });
});

describe("time zone offsets", () => {
  it("reads the offset at an instant, daylight saving included", () => {
    expect(timeZoneOffsetMinutes("America/Santiago", new Date("2026-01-15T12:00:00Z"))).toBe(-180);
    expect(timeZoneOffsetMinutes("America/Santiago", new Date("2026-07-15T12:00:00Z"))).toBe(-240);
    expect(timeZoneOffsetMinutes("Asia/Kathmandu", new Date("2026-07-15T12:00:00.999Z"))).toBe(345);
  });

  it("writes it as people do", () => {
    expect(timeZoneOffsetLabel("America/Santiago", new Date("2026-07-15T12:00:00Z"))).toBe("UTC−04:00");
    expect(timeZoneOffsetLabel("Asia/Kolkata", new Date("2026-07-15T12:00:00Z"))).toBe("UTC+05:30");
    expect(timeZoneOffsetLabel("UTC", new Date("2026-07-15T12:00:00Z"))).toBe("UTC");
  });
});
