import { describe, expect, it } from "vitest";
import { isLatestPath } from "./latest-path.ts";

describe("isLatestPath", () => {
  const at = (pathname: string) => ({ latestLocation: { pathname } });
  it("is true on the path, with or without a trailing slash", () => {
    expect(isLatestPath(at("/ai_employees"), "/ai_employees")).toBe(true);
    expect(isLatestPath(at("/ai_employees/"), "/ai_employees")).toBe(true);
    expect(isLatestPath(at("/conversations"), "/conversations/")).toBe(true);
  });
  it("is false once a navigation elsewhere is under way", () => {
    expect(isLatestPath(at("/ai_employees/7d1b3a54"), "/ai_employees")).toBe(false);
    expect(isLatestPath(at("/conversations/42"), "/conversations")).toBe(false);
  });
});
