import { describe, expect, it } from "vitest";
import { actionItemElementId, taskIdFromHash } from "./element-ids.ts";

describe("taskIdFromHash", () => {
  it("reads the task id of an item link", () => {
    expect(taskIdFromHash(`#${actionItemElementId("0b6f6c9e-2a41")}`)).toBe("0b6f6c9e-2a41");
    expect(taskIdFromHash("action-item-abc")).toBe("abc");
  });

  it("ignores other hashes and heading ids", () => {
    expect(taskIdFromHash("")).toBeNull();
    expect(taskIdFromHash("#main")).toBeNull();
    expect(taskIdFromHash("#action-item-abc-title")).toBeNull();
  });
});
