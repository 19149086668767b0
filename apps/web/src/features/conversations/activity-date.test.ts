import { describe, expect, it } from "vitest";
import { activityLabel } from "./activity-date.ts";

const now = new Date("2026-11-21T15:00:00.000Z");

describe("activityLabel", () => {
  it("shows the time today, Yesterday, then the long date", () => {
    expect(activityLabel("2026-11-21T10:30:00.000Z", now, "UTC")).toBe("10:30 AM");
    expect(activityLabel("2026-11-20T23:59:00.000Z", now, "UTC")).toBe("Yesterday");
    expect(activityLabel("2026-11-19T08:00:00.000Z", now, "UTC")).toBe("November 19, 2026");
  });

  it("reads today in the viewer's time zone", () => {
    // 02:00 UTC on the 21st is still the 20th in Santiago, where it is now the 21st.
    expect(activityLabel("2026-11-21T02:00:00.000Z", now, "America/Santiago")).toBe("Yesterday");
  });

  it("is empty without a usable time", () => {
    expect(activityLabel(null, now)).toBe("");
    expect(activityLabel("soon", now)).toBe("");
  });
});
