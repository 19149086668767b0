import { formatCallDuration } from "@foreman/contract";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "#server/test/app.ts";
import { apiHeaders, createDepartment, createMember, issueTokenFor } from "#server/test/fixtures.ts";
import { seedCalls } from "./seed-calls.ts";
import { seedPhones } from "./seed-phones.ts";

// The demo's past calls, seeded on the demo numbers of a company with a support and a sales team (the
// whole demo seed is checked in seed-demo.test.ts).

const t = await createTestApp();
afterAll(() => t.close());

type WireCall = {
  id: string;
  number: number;
  direction: string;
  status: string;
  outcome: string | null;
  duration_seconds: number | null;
  started_at: string;
  customer: { id: string } | null;
  ai_employee: { name: string } | null;
};

describe("the demo's calls", () => {
  it("gives a dozen past calls with transcripts and durations, answered, transferred, a message taken and one missed", async () => {
    const { user, company } = await createMember(t.db, "Demo Calls");
    await createDepartment(t.db, company.id, { name: "Sales", employees: 1 });
    await createDepartment(t.db, company.id, { name: "Support", employees: 1 });
    const now = new Date("2026-11-28T10:00:00Z");
    await seedPhones(t.db, { id: company.id, language: "en", createdByUserId: user.id, now });
    await seedCalls(t.db, { id: company.id, language: "en", now });

    const headers = apiHeaders((await issueTokenFor(t.db, user.id)).accessToken, company.id);
    const list = await t.app.inject({ method: "GET", url: "/app/calls.json?per_page=100", headers });
    expect(list.statusCode, list.body).toBe(200);
    const calls = list.json().calls as WireCall[];
    expect(list.json().total).toBe(12);
    // Newest first, numbered in time order.
    expect(calls.map((call) => call.number)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(calls.every((call) => Date.parse(call.started_at) < now.getTime())).toBe(true);
    expect(calls.filter((call) => call.direction === "outbound")).toHaveLength(3);
    const outcomes = calls.map((call) => call.outcome);
    expect(outcomes.filter((o) => o === "answered")).toHaveLength(9);
    expect(outcomes.filter((o) => o === "transferred")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "message_taken")).toHaveLength(1);
    const missed = calls.find((call) => call.outcome === "missed")!;
    expect(missed).toMatchObject({ status: "no_answer", duration_seconds: 0 });
    for (const call of calls.filter((c) => c.status === "completed")) {
      expect(call.duration_seconds).toBeGreaterThan(0);
      expect(call.ai_employee).not.toBeNull();
      const detail = (await t.app.inject({ method: "GET", url: `/app/calls/${call.id}.json`, headers })).json() as {
        turns: { speaker: string; text: string }[];
      };
      expect(detail.turns[0]!.speaker).toBe("ai");
      expect(detail.turns[0]!.text).toMatch(/^Hi, this is .+ from Demo Calls\. How can I help\?$/);
      const spoken = detail.turns.filter((turn) => turn.speaker !== "system").length;
      expect(spoken).toBeGreaterThanOrEqual(3);
    }
    expect(calls.some((call) => call.customer === null)).toBe(true);
    expect(formatCallDuration(calls[0]!.duration_seconds!)).toMatch(/^\d+:\d{2}$/);

    // The same clock gives the same calls.
    const again = await createMember(t.db, "Demo Calls");
    await createDepartment(t.db, again.company.id, { name: "Sales", employees: 1 });
    await createDepartment(t.db, again.company.id, { name: "Support", employees: 1 });
    await seedPhones(t.db, { id: again.company.id, language: "es", createdByUserId: again.user.id, now });
    await seedCalls(t.db, { id: again.company.id, language: "es", now });
    const spanish = await t.app.inject({
      method: "GET",
      url: "/app/calls.json",
      headers: apiHeaders((await issueTokenFor(t.db, again.user.id)).accessToken, again.company.id),
    });
    expect(spanish.json().total).toBe(12);
  });
});
