import { describe, expect, it } from "vitest";
import { humanResponseThreads } from "./threads.ts";

describe("humanResponseThreads", () => {
  it("keeps Tasks::HumanResponse only, newest update first", () => {
    const tasks = [
      { id: "a", type: "Tasks::HumanResponse", updatedAt: "2026-11-20T10:00:00Z" },
      { id: "b", type: "Tasks::Other", updatedAt: "2026-11-21T10:00:00Z" },
      { id: "c", type: "Tasks::HumanResponse", updatedAt: "2026-11-21T09:00:00Z" },
      { id: "d", type: "Tasks::HumanResponse", updatedAt: null },
      { id: "e", type: "Tasks::HumanResponse", updatedAt: "2026-11-21T09:00:00Z" },
      { id: "f", type: "Tasks::HumanResponse", updatedAt: "garbage" },
    ];
    expect(humanResponseThreads(tasks).map((t) => t.id)).toEqual(["e", "c", "a", "f", "d"]);
    // The input is left as it was.
    expect(tasks.map((t) => t.id)).toEqual(["a", "b", "c", "d", "e", "f"]);
  });
});
