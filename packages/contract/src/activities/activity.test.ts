import { describe, expect, it } from "vitest";
import { ACTIVITIES_RANGE_MESSAGE, activitiesQuerySchema, activitySchema } from "./activity.ts";

const issuesOf = (query: Record<string, unknown>) =>
  activitiesQuerySchema.safeParse(query).error?.issues.map((issue) => ({ path: issue.path, message: issue.message }));

describe("the activities query", () => {
  it("defaults the page and takes every filter", () => {
    expect(activitiesQuerySchema.parse({})).toEqual({ page: 1, perPage: 25 });
    const query = {
      actorType: "user",
      actorId: "0b6f3c1e-2a4d-4e8f-9a1b-3c5d7e9f1a2b",
      subjectType: "quote",
      subjectId: "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d",
      kind: "quote.cancelled",
      createdAtGteq: "2026-01-01T00:00:00Z",
      createdAtLteq: "2026-01-31T23:59:59.999+02:00",
    };
    expect(activitiesQuerySchema.parse({ ...query, page: "2", perPage: "10" })).toEqual({
      ...query,
      page: 2,
      perPage: 10,
    });
  });

  it("refuses unknown kinds and types, malformed ids and dates, with the field named", () => {
    expect(issuesOf({ kind: "quote.deleted" })).toEqual([
      { path: ["kind"], message: expect.stringMatching(/^Must be one of ai_employee\.hired, /) },
    ]);
    expect(issuesOf({ actorType: "robot" })).toEqual([
      { path: ["actorType"], message: "Must be one of user, ai_employee, system" },
    ]);
    expect(issuesOf({ subjectId: "12" })).toEqual([{ path: ["subjectId"], message: "Must be a UUID" }]);
    expect(issuesOf({ createdAtGteq: "yesterday" })?.[0]?.path).toEqual(["createdAtGteq"]);
    expect(issuesOf({ perPage: "101" })?.[0]?.path).toEqual(["perPage"]);
  });

  it("refuses a range that ends before it starts, and takes a one-instant range or an open one", () => {
    expect(issuesOf({ createdAtGteq: "2026-02-01T00:00:00Z", createdAtLteq: "2026-01-31T23:59:59Z" })).toEqual([
      { path: ["createdAtLteq"], message: ACTIVITIES_RANGE_MESSAGE },
    ]);
    // Offsets count: 01:00+02:00 is 23:00Z the day before, so this range is empty the wrong way round.
    expect(
      issuesOf({ createdAtGteq: "2026-01-31T23:30:00Z", createdAtLteq: "2026-02-01T01:00:00+02:00" })?.[0]?.path,
    ).toEqual(["createdAtLteq"]);
    const instant = "2026-01-31T12:00:00Z";
    expect(activitiesQuerySchema.safeParse({ createdAtGteq: instant, createdAtLteq: instant }).success).toBe(true);
    expect(activitiesQuerySchema.safeParse({ createdAtGteq: instant }).success).toBe(true);
    expect(activitiesQuerySchema.safeParse({ createdAtLteq: instant }).success).toBe(true);
  });
});

describe("an activity", () => {
  it("names its actor, with a null id for the system", () => {
    const activity = {
      id: "a1",
      kind: "quote.cancelled",
      actor: { type: "system", id: null, name: "Foreman" },
      subject: { type: "quote", id: "q1" },
      summary: "Cancelled quote Q-1042",
      details: {},
      createdAt: "2026-01-31T12:00:00.000Z",
    };
    expect(activitySchema.parse(activity)).toEqual(activity);
    expect(activitySchema.safeParse({ ...activity, kind: "quote.deleted" }).success).toBe(false);
  });
});
