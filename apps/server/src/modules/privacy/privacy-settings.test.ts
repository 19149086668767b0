import { MANAGER_ROLE_REQUIRED, RETENTION_DAYS_MESSAGE } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { snapshotChanges, snapshotTables } from "#server/test/database-snapshot.ts";
import { callAs, type PrivacyWorld, privacyWorld } from "#server/test/privacy-setup.ts";
import { rows } from "#server/test/tasks-setup.ts";

// GET/PATCH /app/privacy.json: every member reads, owners and admins set the retention period, and
// every bad value is refused with a field-level 400 and nothing written.

const w: PrivacyWorld = await privacyWorld();
const { db } = w.t;
afterAll(() => w.t.close());

const retentionOf = async (companyId: string) =>
  (await rows(db, sql`select retention_days from companies where id = ${companyId}`))[0]!.retention_days;
const retentionActivities = (companyId: string) =>
  rows(
    db,
    sql`select summary, actor_user_id, details from activities
        where company_id = ${companyId} and kind = 'company.retention_changed' order by created_at, id`,
  );
const watched = ["companies", "activities"];

describe("GET /app/privacy.json", () => {
  it("answers every member with the retention, the scheduled deletion and the exports", async () => {
    for (const caller of [w.owner, w.admin, w.memberCaller]) {
      const response = await callAs(w, caller.headers)("GET", "/app/privacy.json");
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        retention_days: null,
        deletion_scheduled_for: null,
        deletion_requested_by: null,
        exports: [],
      });
    }
  });

  it("answers another company's id with the same 404 as an unknown one", async () => {
    const response = await callAs(w, { ...w.owner.headers, "x-company-id": w.b.companyId })("GET", "/app/privacy.json");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "not_found", error_description: "Company not found" });
  });
});

describe("PATCH /app/privacy.json", () => {
  it("lets an owner and an admin set the period, each change in the activity log", async () => {
    const byOwner = await callAs(w, w.owner.headers)("PATCH", "/app/privacy.json", { retention_days: 90 });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json().retention_days).toBe(90);
    expect(await retentionOf(w.a.companyId)).toBe(90);

    const byAdmin = await callAs(w, w.admin.headers)("PATCH", "/app/privacy.json", { retention_days: 365 });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().retention_days).toBe(365);

    const forever = await callAs(w, w.owner.headers)("PATCH", "/app/privacy.json", { retention_days: null });
    expect(forever.json().retention_days).toBeNull();
    expect(await retentionOf(w.a.companyId)).toBeNull();

    expect(await retentionActivities(w.a.companyId)).toEqual([
      { summary: "Kept conversations for 90 days", actor_user_id: w.owner.id, details: { from: null, to: 90 } },
      { summary: "Kept conversations for 1 year", actor_user_id: w.admin.id, details: { from: 90, to: 365 } },
      { summary: "Kept conversations forever", actor_user_id: w.owner.id, details: { from: 365, to: null } },
    ]);
    // Bravo is another company: untouched.
    expect(await retentionOf(w.b.companyId)).toBeNull();
  });

  it("writes and logs nothing when the period is already what is asked", async () => {
    const before = await snapshotTables(db, watched);
    const response = await callAs(w, w.owner.headers)("PATCH", "/app/privacy.json", { retention_days: null });
    expect(response.statusCode).toBe(200);
    expect(snapshotChanges(before, await snapshotTables(db, watched))).toEqual([]);
  });

  it("refuses a member with 403 before reading the body, and changes nothing", async () => {
    const before = await snapshotTables(db, watched);
    for (const payload of [{ retention_days: 30 }, { retention_days: "soon" }]) {
      const response = await callAs(w, w.memberCaller.headers)("PATCH", "/app/privacy.json", payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: "forbidden", error_description: MANAGER_ROLE_REQUIRED });
    }
    expect(snapshotChanges(before, await snapshotTables(db, watched))).toEqual([]);
  });

  it.each([
    ["no field", {}],
    ["zero days", { retention_days: 0 }],
    ["a negative period", { retention_days: -30 }],
    ["more than ten years", { retention_days: 3651 }],
    ["part of a day", { retention_days: 30.5 }],
    ["a number as text", { retention_days: "30" }],
    ["a boolean", { retention_days: true }],
  ])("refuses %s with a 400 naming retention_days, and writes nothing", async (_, payload) => {
    const before = await snapshotTables(db, watched);
    const response = await callAs(w, w.owner.headers)("PATCH", "/app/privacy.json", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: "invalid_request",
      details: [{ field: "retention_days", message: RETENTION_DAYS_MESSAGE }],
    });
    expect(snapshotChanges(before, await snapshotTables(db, watched))).toEqual([]);
  });
});
