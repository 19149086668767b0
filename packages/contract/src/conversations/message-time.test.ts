import { describe, expect, it } from "vitest";
import { messageDateTime } from "./message-time.ts";

describe("messageDateTime", () => {
  it("gives the en-US long date and the time", () => {
    expect(messageDateTime("2026-11-21T15:05:00Z", "UTC")).toEqual({ date: "November 21, 2026", time: "3:05 PM" });
    expect(messageDateTime(new Date("2026-11-21T00:30:00Z"), "UTC")).toEqual({
      date: "November 21, 2026",
      time: "12:30 AM",
    });
  });

  it("reads the time in the given zone", () => {
    expect(messageDateTime("2026-11-21T02:00:00Z", "America/Santiago")).toEqual({
      date: "November 20, 2026",
      time: "11:00 PM",
    });
  });

  it("is null for a missing or invalid time", () => {
    for (const value of [null, undefined, "", "not a date", Number.NaN]) expect(messageDateTime(value)).toBeNull();
  });
});
