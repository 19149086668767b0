import {
  ACTIVITIES_RANGE_MESSAGE,
  type ActivitiesPage,
  type ActivityKind,
  type ActivitySubjectType,
  activitiesPageSchema,
  camelizeKeys,
} from "@foreman/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activities } from "#server/db/schema/index.ts";
import { addMember, apiHeaders, createUser, issueTokenFor } from "#server/test/fixtures.ts";
import { type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";

// GET /app/activities.json on rows written straight into the table (independently of the code under
// test): each filter, paging with the total, newest first, and nothing of another company.

const MINUTE = 60_000;
const base = Date.parse("2026-01-15T12:00:00.000Z");
const at = (minutes: number) => new Date(base + minutes * MINUTE);

type Seeded = { id: string; kind: ActivityKind; createdAt: Date; subjectId: string; actorId: string | null };

describe("GET /app/activities.json", () => {
  let w: TasksWorld;
  let memberHeaders: Record<string, string>;
  /** Alpha's rows, newest first (as the API must answer them). */
  let alpha: Seeded[];
  let bravo: Seeded[];

  beforeAll(async () => {
    w = await tasksWorld();
    const member = await createUser(w.t.db, { firstName: "Mo", lastName: "Member" });
    await addMember(w.t.db, member.id, w.a.companyId, "member");
    memberHeaders = apiHeaders((await issueTokenFor(w.t.db, member.id)).accessToken, w.a.companyId);

    const { a, b } = w;
    const user = { actorType: "user" as const, actorUserId: a.userId, actorName: a.userName };
    const ai = { actorType: "ai_employee" as const, actorAiEmployeeId: a.aiEmployee.id, actorName: a.aiEmployee.name };
    const system = { actorType: "system" as const, actorName: "Foreman" };
    const row = (
      minutes: number,
      kind: ActivityKind,
      actor: typeof user | typeof ai | typeof system,
      subject: [ActivitySubjectType, string],
      summary: string,
    ) => ({
      companyId: a.companyId,
      kind,
      ...actor,
      subjectType: subject[0],
      subjectId: subject[1],
      summary,
      createdAt: at(minutes),
    });
    const inserted = await w.t.db
      .insert(activities)
      .values([
        row(0, "quote.cancelled", user, ["quote", a.quote.id], "Cancelled quote Q-1001"),
        row(10, "action_item.resolved", user, ["action_item", a.question], "Answered action item: Saturday delivery?"),
        row(20, "conversation.staff_reply", user, ["conversation", a.conversation.id], "Replied in conversation #101"),
        row(30, "ai_employee.edited", ai, ["ai_employee", a.aiEmployee.id], "Edited Alpha AI"),
        row(40, "ai_employee.hired", system, ["ai_employee", a.aiEmployee.id], "Hired Alpha AI in Sales"),
        // Two at one instant: the id orders them.
        row(50, "conversation.staff_reply", user, ["conversation", a.conversation.id], "Replied in conversation #101"),
        row(50, "action_item.resolved", user, ["action_item", a.authorize], "Authorized action item: 15% discount"),
      ])
      .returning();
    alpha = inserted
      .map((r) => ({
        id: r.id,
        kind: r.kind,
        createdAt: r.createdAt,
        subjectId: r.subjectId,
        actorId: r.actorUserId ?? r.actorAiEmployeeId,
      }))
      .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (x.id < y.id ? 1 : -1));
    const bravoRows = await w.t.db
      .insert(activities)
      .values([
        {
          companyId: b.companyId,
          kind: "quote.cancelled",
          actorType: "user",
          actorUserId: b.userId,
          actorName: b.userName,
          subjectType: "quote",
          subjectId: b.quote.id,
          summary: "Bravo cancelled Q-1001",
          createdAt: at(5),
        },
        {
          companyId: b.companyId,
          kind: "conversation.staff_reply",
          actorType: "user",
          actorUserId: b.userId,
          actorName: b.userName,
          subjectType: "conversation",
          subjectId: b.conversation.id,
          summary: "Bravo replied",
          createdAt: at(60),
        },
      ])
      .returning();
    bravo = bravoRows.map((r) => ({
      id: r.id,
      kind: r.kind,
      createdAt: r.createdAt,
      subjectId: r.subjectId,
      actorId: r.actorUserId,
    }));
  });
  afterAll(async () => {
    await w.t.close();
  });

  const get = (query = "", headers = w.a.headers) =>
    w.t.app.inject({ method: "GET", url: `/app/activities.json${query ? `?${query}` : ""}`, headers });
  const page = async (query = "", headers = w.a.headers) => {
    const response = await get(query, headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain("Bravo");
    const body = camelizeKeys<ActivitiesPage>(response.json());
    expect(activitiesPageSchema.safeParse(body).success).toBe(true);
    return body;
  };
  const idsOf = (body: ActivitiesPage) => body.activities.map((activity) => activity.id);
  const expected = (keep: (row: Seeded) => boolean) => alpha.filter(keep).map((row) => row.id);

  it("answers the company's activities newest first (id breaks ties), with the total and the actor", async () => {
    const body = await page();
    expect(body).toMatchObject({ total: alpha.length, page: 1, perPage: 25 });
    expect(idsOf(body)).toEqual(alpha.map((row) => row.id));
    const [newest] = body.activities;
    expect(body.activities.find((activity) => activity.kind === "quote.cancelled")).toEqual({
      id: expect.any(String),
      kind: "quote.cancelled",
      actor: { type: "user", id: w.a.userId, name: w.a.userName },
      subject: { type: "quote", id: w.a.quote.id },
      summary: "Cancelled quote Q-1001",
      details: {},
      createdAt: at(0).toISOString(),
    });
    expect(newest!.createdAt).toBe(at(50).toISOString());
    expect(body.activities.find((activity) => activity.kind === "ai_employee.edited")!.actor).toEqual({
      type: "ai_employee",
      id: w.a.aiEmployee.id,
      name: w.a.aiEmployee.name,
    });
    expect(body.activities.find((activity) => activity.kind === "ai_employee.hired")!.actor).toEqual({
      type: "system",
      id: null,
      name: "Foreman",
    });
  });

  it("is readable by every member, not only the owner", async () => {
    expect(idsOf(await page("", memberHeaders))).toEqual(alpha.map((row) => row.id));
  });

  it.each([
    ["actor_type=user", () => (row: Seeded) => row.actorId === w.a.userId],
    ["actor_type=system", () => (row: Seeded) => row.actorId === null],
    [`actor_id (a user)`, () => (row: Seeded) => row.actorId === w.a.userId, () => `actor_id=${w.a.userId}`],
    [
      `actor_id (an AI employee)`,
      () => (row: Seeded) => row.actorId === w.a.aiEmployee.id,
      () => `actor_id=${w.a.aiEmployee.id}`,
    ],
    ["subject_type=action_item", () => (row: Seeded) => row.kind === "action_item.resolved"],
    [
      "subject_id",
      () => (row: Seeded) => row.subjectId === w.a.conversation.id,
      () => `subject_id=${w.a.conversation.id}`,
    ],
    ["kind=conversation.staff_reply", () => (row: Seeded) => row.kind === "conversation.staff_reply"],
    [
      "created_at_gteq",
      () => (row: Seeded) => row.createdAt >= at(20),
      () => `created_at_gteq=${encodeURIComponent(at(20).toISOString())}`,
    ],
    [
      "created_at_lteq",
      () => (row: Seeded) => row.createdAt <= at(20),
      () => `created_at_lteq=${encodeURIComponent(at(20).toISOString())}`,
    ],
    [
      "both bounds, with an offset",
      () => (row: Seeded) => row.createdAt >= at(10) && row.createdAt <= at(40),
      // 14:10+02:00 is 12:10Z.
      () =>
        `created_at_gteq=${encodeURIComponent("2026-01-15T14:10:00+02:00")}&created_at_lteq=${at(40).toISOString()}`,
    ],
    [
      "several filters together",
      () => (row: Seeded) => row.kind === "action_item.resolved" && row.subjectId === w.a.question,
      () => `kind=action_item.resolved&subject_type=action_item&subject_id=${w.a.question}&actor_type=user`,
    ],
  ])("narrows by %s", async (label, keep, query = () => label) => {
    const want = expected(keep());
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(alpha.length);
    const body = await page(query());
    expect(idsOf(body)).toEqual(want);
    expect(body.total).toBe(want.length);
  });

  it("finds nothing for another company's records or people", async () => {
    for (const query of [
      `subject_id=${w.b.quote.id}`,
      `actor_id=${w.b.userId}`,
      `subject_id=${bravo[0]!.subjectId}&subject_type=quote`,
    ]) {
      const body = await page(query);
      expect(body).toMatchObject({ activities: [], total: 0 });
    }
    // Bravo sees only its own, newest first.
    const body = camelizeKeys<ActivitiesPage>((await get("", w.b.headers)).json());
    expect(idsOf(body)).toEqual([bravo[1]!.id, bravo[0]!.id]);
    expect(body.total).toBe(2);
  });

  it("pages through everything once, the total on every page", async () => {
    const seen: string[] = [];
    for (let n = 1; n <= 4; n++) {
      const body = await page(`per_page=2&page=${n}`);
      expect(body).toMatchObject({ total: alpha.length, page: n, perPage: 2 });
      expect(body.activities.length).toBe(n <= 3 ? 2 : 1);
      seen.push(...idsOf(body));
    }
    expect(seen).toEqual(alpha.map((row) => row.id));
    expect(await page("per_page=2&page=5")).toMatchObject({ activities: [], total: alpha.length });
  });

  it.each([
    ["actor_id=12", "actor_id", "Must be a UUID"],
    ["subject_id=not-a-uuid", "subject_id", "Must be a UUID"],
    ["kind=quote.deleted", "kind", null],
    ["actor_type=robot", "actor_type", "Must be one of user, ai_employee, system"],
    ["subject_type=order", "subject_type", null],
    ["created_at_gteq=yesterday", "created_at_gteq", null],
    ["created_at_lteq=2026-01-15", "created_at_lteq", null],
    [
      "created_at_gteq=2026-02-01T00:00:00Z&created_at_lteq=2026-01-31T00:00:00Z",
      "created_at_lteq",
      ACTIVITIES_RANGE_MESSAGE,
    ],
    ["per_page=101", "per_page", null],
    ["page=0", "page", null],
  ])("answers 400 for %s, naming %s", async (query, field, message) => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body.error).toBe("invalid_request");
    expect(body.details).toEqual([expect.objectContaining({ field })]);
    if (message) expect(body.details[0].message).toBe(message);
  });
});
