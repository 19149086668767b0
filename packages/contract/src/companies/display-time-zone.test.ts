import { afterEach, describe, expect, it } from "vitest";
import { messageDateTime } from "../conversations/message-time.ts";
import { formatLongDate } from "../sales/format.ts";
import { displayTimeZone, setDisplayTimeZone } from "./display-time-zone.ts";

// The screens' one time zone: the date formatters read it when a call names none.

describe("the display time zone", () => {
  afterEach(() => setDisplayTimeZone(undefined));

  const lateEvening = "2026-07-15T02:30:00Z"; // 22:30 on the 14th in Santiago (UTC−4), 04:30 on the 15th in Madrid

  it("moves the formatters' times and dates once set", () => {
    expect(displayTimeZone()).toBeUndefined();
    expect(formatLongDate(lateEvening)).toBe("July 15, 2026"); // UTC without one
    setDisplayTimeZone("America/Santiago");
    expect(formatLongDate(lateEvening)).toBe("July 14, 2026");
    expect(messageDateTime(lateEvening)).toEqual({ date: "July 14, 2026", time: "10:30 PM" });
    setDisplayTimeZone("Europe/Madrid");
    expect(messageDateTime(lateEvening)).toEqual({ date: "July 15, 2026", time: "4:30 AM" });
  });

  it("gives way to a zone the call names, and never moves a calendar day", () => {
    setDisplayTimeZone("America/Santiago");
    expect(formatLongDate(lateEvening, "UTC")).toBe("July 15, 2026");
    expect(messageDateTime(lateEvening, "Asia/Tokyo")?.time).toBe("11:30 AM");
    expect(formatLongDate("2026-07-15")).toBe("July 15, 2026");
  });
});
