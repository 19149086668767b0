import { describe, expect, it } from "vitest";
import {
  GETTING_STARTED_STEPS,
  gettingStartedOf,
  gettingStartedSchema,
  showsGettingStarted,
} from "./getting-started.ts";

describe("gettingStartedOf", () => {
  it("lists every step in order, done or not, and counts the done ones", () => {
    const checklist = gettingStartedOf(new Set(["add_knowledge", "hire_employee"]), false);
    expect(checklist.steps.map((s) => s.key)).toEqual([...GETTING_STARTED_STEPS]);
    expect(checklist.steps.filter((s) => s.done).map((s) => s.key)).toEqual(["hire_employee", "add_knowledge"]);
    expect(checklist).toMatchObject({ completedCount: 2, total: 6, dismissed: false });
    expect(gettingStartedSchema.safeParse(checklist).success).toBe(true);
  });
});

describe("showsGettingStarted", () => {
  it("shows an unfinished checklist until it is dismissed", () => {
    expect(showsGettingStarted(gettingStartedOf(new Set(), false))).toBe(true);
    expect(showsGettingStarted(gettingStartedOf(new Set(["hire_employee"]), true))).toBe(false);
  });

  it("hides a finished checklist", () => {
    expect(showsGettingStarted(gettingStartedOf(new Set(GETTING_STARTED_STEPS), false))).toBe(false);
  });
});
