import { describe, expect, it } from "vitest";
import { formatCallDuration } from "./call-duration.ts";
import { advanceCallStatus, callStatusFromTwilio } from "./call-status.ts";

describe("formatCallDuration", () => {
  it.each([
    [0, "0:00"],
    [59, "0:59"],
    [61, "1:01"],
    [3599, "59:59"],
    [3600, "1:00:00"],
    [3661, "1:01:01"],
    [-5, "0:00"],
    [12.9, "0:12"],
  ])("%s s is %s", (seconds, shown) => {
    expect(formatCallDuration(seconds)).toBe(shown);
  });
});

describe("advanceCallStatus", () => {
  it("moves forward only", () => {
    expect(advanceCallStatus("queued", "ringing")).toBe("ringing");
    expect(advanceCallStatus("ringing", "in_progress")).toBe("in_progress");
    expect(advanceCallStatus("in_progress", "ringing")).toBe("in_progress");
    expect(advanceCallStatus("in_progress", "completed")).toBe("completed");
  });
  it("never leaves an ended call", () => {
    expect(advanceCallStatus("completed", "in_progress")).toBe("completed");
    expect(advanceCallStatus("completed", "failed")).toBe("completed");
    expect(advanceCallStatus("no_answer", "ringing")).toBe("no_answer");
  });
  it("reads Twilio's spellings", () => {
    expect(callStatusFromTwilio("in-progress")).toBe("in_progress");
    expect(callStatusFromTwilio("no-answer")).toBe("no_answer");
    expect(callStatusFromTwilio("canceled")).toBe("canceled");
    expect(callStatusFromTwilio("answered")).toBeNull();
  });
});
