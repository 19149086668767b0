import { describe, expect, it } from "vitest";
import { assistBodySchema, assistPathParamsSchema, resolutionBodySchema, tasksQuerySchema } from "./schemas.ts";

describe("the resolution body", () => {
  it("takes a decision and a trimmed answer of 1 to 2000 characters", () => {
    expect(resolutionBodySchema.parse({ decision: "authorized", answer: "  Go ahead " })).toEqual({
      decision: "authorized",
      answer: "Go ahead",
    });
    expect(resolutionBodySchema.parse({})).toEqual({});
    expect(resolutionBodySchema.safeParse({ answer: "   " }).error?.issues[0]?.message).toBe("Required");
    expect(resolutionBodySchema.safeParse({ answer: "x".repeat(2001) }).error?.issues[0]?.message).toBe(
      "Must be at most 2000 characters",
    );
    expect(resolutionBodySchema.safeParse({ decision: "approved" }).error?.issues[0]?.message).toBe(
      "Must be one of authorized, left_pending",
    );
  });
});

describe("the assist body and path", () => {
  it("needs the input and the task's UUID", () => {
    const taskId = "0b6f3c1e-2a4d-4e8f-9a1b-3c5d7e9f1a2b";
    expect(assistBodySchema.parse({ input: " Yes ", taskId })).toEqual({ input: "Yes", taskId });
    expect(assistBodySchema.safeParse({ input: "", taskId }).success).toBe(false);
    expect(assistBodySchema.safeParse({ input: "Yes", taskId: "12" }).error?.issues[0]?.message).toBe("Must be a UUID");
    expect(assistBodySchema.safeParse({ input: "Yes" }).success).toBe(false);
  });

  it("refuses malformed ids in the path", () => {
    expect(assistPathParamsSchema.safeParse({ accountId: "12", conversationDisplayId: "345" }).success).toBe(true);
    for (const bad of ["0", "-1", "abc", "1.5", "99999999999", ""]) {
      expect(assistPathParamsSchema.safeParse({ accountId: bad, conversationDisplayId: "1" }).success).toBe(false);
      expect(assistPathParamsSchema.safeParse({ accountId: "1", conversationDisplayId: bad }).success).toBe(false);
    }
  });
});

describe("the tasks query", () => {
  it("takes a state and a period, first page of 50 by default", () => {
    expect(tasksQuerySchema.parse({})).toEqual({ page: 1, perPage: 50 });
    expect(
      tasksQuerySchema.parse({ state: "to_do", "q[createdAtGteq]": "2026-11-01", "q[createdAtLteq]": "2026-11-21" }),
    ).toMatchObject({ state: "to_do", "q[createdAtGteq]": "2026-11-01" });
    expect(tasksQuerySchema.safeParse({ state: "open" }).error?.issues[0]?.message).toBe("Must be one of to_do, done");
    expect(tasksQuerySchema.safeParse({ relativeDate: "yearly" }).success).toBe(false);
  });
});
