import { describe, expect, it } from "vitest";
import { callElapsedSeconds, callStartedLabel } from "./call-time.ts";

const answeredAt = "2026-11-21T10:00:00.000Z";
const at = (seconds: number) => Date.parse(answeredAt) + seconds * 1000;

describe("callElapsedSeconds", () => {
  it("is 0 until the call is answered", () => {
    expect(
      callElapsedSeconds({ status: "ringing", answeredAt: null, endedAt: null, durationSeconds: null }, at(30)),
    ).toBe(0);
  });

  it("counts whole seconds from the answer while the call goes on", () => {
    const call = { status: "in_progress" as const, answeredAt, endedAt: null, durationSeconds: null };
    expect(callElapsedSeconds(call, at(0))).toBe(0);
    expect(callElapsedSeconds(call, at(59.9))).toBe(59);
    expect(callElapsedSeconds(call, at(61))).toBe(61);
    // A clock a little behind the server's never shows a negative time.
    expect(callElapsedSeconds(call, at(-3))).toBe(0);
  });

  it("shows the provider's duration once the call has ended, else answer to end", () => {
    expect(
      callElapsedSeconds(
        { status: "completed", answeredAt, endedAt: new Date(at(90)).toISOString(), durationSeconds: 88 },
        at(500),
      ),
    ).toBe(88);
    expect(
      callElapsedSeconds(
        { status: "completed", answeredAt, endedAt: new Date(at(90)).toISOString(), durationSeconds: null },
        at(500),
      ),
    ).toBe(90);
  });
});

describe("callStartedLabel", () => {
  const now = new Date("2026-11-21T15:00:00.000Z");
  it("says today and yesterday, else the short date, in the zone given", () => {
    expect(callStartedLabel("2026-11-21T14:05:00.000Z", now, "UTC")).toBe("Today, 2:05 PM");
    expect(callStartedLabel("2026-11-20T09:30:00.000Z", now, "UTC")).toBe("Yesterday, 9:30 AM");
    expect(callStartedLabel("2026-11-02T09:30:00.000Z", now, "UTC")).toBe("Nov 2, 9:30 AM");
    expect(callStartedLabel("2025-12-31T09:30:00.000Z", now, "UTC")).toBe("Dec 31, 2025, 9:30 AM");
    // 01:00 UTC on the 21st is still the 20th in New York.
    expect(callStartedLabel("2026-11-21T01:00:00.000Z", now, "America/New_York")).toBe("Yesterday, 8:00 PM");
  });
});
