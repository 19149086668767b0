import { describe, expect, it } from "vitest";
import { resolutionConflict, resolutionIssue } from "./resolution.ts";

describe("resolutionIssue", () => {
  it("asks a question for an answer and no decision", () => {
    expect(resolutionIssue("question", { answer: "Yes, Saturday works" })).toBeNull();
    expect(resolutionIssue("question", {})).toEqual({ field: "answer", message: "Required" });
    expect(resolutionIssue("question", { answer: "Yes", decision: "authorized" })).toEqual({
      field: "decision",
      message: "Only authorize items take a decision",
    });
  });

  it("asks an authorize item for a decision, the answer being optional", () => {
    expect(resolutionIssue("authorize", { decision: "authorized" })).toBeNull();
    expect(resolutionIssue("authorize", { decision: "left_pending", answer: "Wait for the manager" })).toBeNull();
    expect(resolutionIssue("authorize", { answer: "ok" })).toEqual({ field: "decision", message: "Required" });
    expect(resolutionIssue("authorize", {})).toEqual({ field: "decision", message: "Required" });
  });
});

describe("resolutionConflict", () => {
  const now = new Date("2026-11-21T10:00:00Z");

  it("lets a to-do task due later be resolved", () => {
    expect(resolutionConflict({ state: "to_do", dueAt: "2026-11-21T10:00:01Z" }, now)).toBeNull();
    expect(resolutionConflict({ state: "to_do", dueAt: new Date("2026-11-22T00:00:00Z") }, now)).toBeNull();
  });

  it("refuses a done task, and a task at or past its due time", () => {
    expect(resolutionConflict({ state: "done", dueAt: "2026-11-22T00:00:00Z" }, now)).toBe("already_resolved");
    expect(resolutionConflict({ state: "to_do", dueAt: "2026-11-21T10:00:00Z" }, now)).toBe("past_due");
    expect(resolutionConflict({ state: "to_do", dueAt: "not a date" }, now)).toBe("past_due");
  });
});
