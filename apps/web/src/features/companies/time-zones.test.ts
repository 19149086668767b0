import { describe, expect, it } from "vitest";
import { filterTimeZones, timeThere, timeZoneOptions } from "./time-zones.ts";

const JULY = new Date("2026-07-15T12:00:00Z");

describe("the time zone list", () => {
  const options = timeZoneOptions(JULY);

  it("starts with UTC and offers the browser's zones with their offset now", () => {
    expect(options[0]).toMatchObject({ zone: "UTC", offset: "UTC" });
    expect(options.find((option) => option.zone === "America/Santiago")).toMatchObject({
      label: "America/Santiago",
      offset: "UTC−04:00",
    });
    expect(new Set(options.map((option) => option.zone)).size).toBe(options.length);
  });

  it("keeps a stored zone the list lacks", () => {
    expect(timeZoneOptions(JULY, "Etc/GMT+3").some((option) => option.zone === "Etc/GMT+3")).toBe(true);
  });

  it("finds zones by city words, with spaces for underscores, and by offset as typed", () => {
    // Browsers name it America/Argentina/Buenos_Aires, older zone data America/Buenos_Aires.
    const buenosAires = filterTimeZones(options, "buenos aires").map((option) => option.zone);
    expect(buenosAires.length).toBeGreaterThan(0);
    for (const zone of buenosAires) expect(zone).toMatch(/\/Buenos_Aires$/);
    expect(filterTimeZones(options, "Santiago").map((option) => option.zone)).toEqual(["America/Santiago"]);
    const minusFour = filterTimeZones(options, "utc-4").map((option) => option.zone);
    expect(minusFour).toContain("America/Santiago");
    expect(minusFour).not.toContain("Europe/Madrid");
    expect(filterTimeZones(options, "  ")).toHaveLength(options.length);
    expect(filterTimeZones(options, "Mars")).toEqual([]);
  });

  it("tells the time there now", () => {
    expect(timeThere("America/Santiago", JULY)).toBe("8:00 AM");
  });
});
