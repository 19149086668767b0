import {
  DELETION_ALREADY_SCHEDULED,
  DELETION_CONFIRM_MISMATCH,
  DELETION_GRACE_DAYS,
  DELETION_GRACE_OVER,
  DELETION_NOT_SCHEDULED,
  DELETION_OWNER_ONLY,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { snapshotChanges, snapshotTables } from "#server/test/database-snapshot.ts";
import { apiHeaders } from "#server/test/fixtures.ts";
import { callAs, companyRowCounts, type PrivacyWorld, privacyWorld } from "#server/test/privacy-setup.ts";
import { rows } from "#server/test/tasks-setup.ts";
import { purgeIfDue } from "./company-purge.ts";
import { companyPurgeSubject } from "./job-subject.ts";
import { runPrivacySchedule } from "./privacy-schedule.ts";

// Deleting a company: owners only, typed confirmation, 7 days' grace in which it works and can be
// restored, then every row of it gone (files are rows) and its users kept.

const w: PrivacyWorld = await privacyWorld();
const { app, db } = w.t;
afterAll(() => w.t.close());

const DAY = 86_400_000;
const owner = callAs(w, w.owner.headers);
const alphaName = async () =>
  String((await rows(db, sql`select name from companies where id = ${w.a.companyId}`))[0]!.name);
const deletionPath = (companyId = w.a.companyId) => `/app/companies/${companyId}/deletion.json`;
const watched = ["companies", "activities", "outbound_mails", "jobs"];
const meOf = async (headers: Record<string, string>) =>
  (await w.t.app.inject({ method: "GET", url: "/app/me.json", headers })).json();
const deletionMails = (subjectPart: string) =>
  rows(
    db,
    sql`select to_address, subject, text from outbound_mails
        where company_id = ${w.a.companyId} and subject like ${`%${subjectPart}%`} order by to_address`,
  );

describe("scheduling a deletion", () => {
  it("is for owners: admins and members get 403 before the body is read, and nothing is written", async () => {
    const before = await snapshotTables(db, watched);
    for (const caller of [w.admin, w.memberCaller])
      for (const payload of [{ confirm: await alphaName() }, {}]) {
        const response = await callAs(w, caller.headers)("POST", deletionPath(), payload);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ error: "forbidden", error_description: DELETION_OWNER_ONLY });
      }
    expect(snapshotChanges(before, await snapshotTables(db, watched))).toEqual([]);
  });

  it.each([
    ["no confirmation", {}, "Required"],
    ["a confirmation that is not text", { confirm: 1 }, "Required"],
    ["another name", { confirm: "Bravo" }, DELETION_CONFIRM_MISMATCH],
    ["the name in other letters", { confirm: "ALPHA" }, DELETION_CONFIRM_MISMATCH],
    ["nothing typed", { confirm: "  " }, DELETION_CONFIRM_MISMATCH],
  ])("refuses %s with a 400 naming confirm, and writes nothing", async (_, payload, message) => {
    const before = await snapshotTables(db, watched);
    const response = await owner("POST", deletionPath(), payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "invalid_request", details: [{ field: "confirm", message }] });
    expect(snapshotChanges(before, await snapshotTables(db, watched))).toEqual([]);
  });

  it("answers a path naming another company with 404", async () => {
    const response = await owner("POST", deletionPath(w.b.companyId), { confirm: "Bravo" });
    expect(response.statusCode).toBe(404);
    expect(
      (await rows(db, sql`select deletion_requested_at from companies where id = ${w.b.companyId}`))[0]!
        .deletion_requested_at,
    ).toBeNull();
  });

  it("schedules it 7 days ahead, logs it, mails every owner and shows every member the date", async () => {
    // Cached before, so the change must reach the cache.
    expect((await meOf(w.memberCaller.headers)).company.deletion_scheduled_for).toBeUndefined();
    const startedAt = Date.now();
    const response = await owner("POST", deletionPath(), { confirm: ` ${await alphaName()} ` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const due = new Date(body.deletion_scheduled_for).getTime();
    expect(due).toBeGreaterThanOrEqual(startedAt + DELETION_GRACE_DAYS * DAY - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + DELETION_GRACE_DAYS * DAY);
    expect(body.deletion_requested_by).toBe(`${w.a.userName}`);

    for (const caller of [w.owner, w.admin, w.memberCaller])
      expect((await meOf(caller.headers)).company.deletion_scheduled_for).toBe(body.deletion_scheduled_for);
    // Bravo's people see nothing.
    expect((await meOf(w.b.headers)).company.deletion_scheduled_for).toBeUndefined();

    const [activity] = await rows(
      db,
      sql`select actor_user_id, summary from activities where company_id = ${w.a.companyId} and kind = 'company.deletion_scheduled'`,
    );
    expect(activity).toEqual({
      actor_user_id: w.owner.id,
      summary: `Scheduled the company's deletion for ${body.deletion_scheduled_for.slice(0, 10)}`,
    });
    const mails = await deletionMails("will be deleted on");
    const owners = await rows(
      db,
      sql`select u.email from users u join memberships m on m.user_id = u.id
          where m.company_id = ${w.a.companyId} and m.role = 'owner' order by u.email`,
    );
    expect(mails.map((mail) => mail.to_address)).toEqual(owners.map((row) => row.email));
    expect(mails).toHaveLength(2);
    expect(String(mails[0]!.text)).toContain("/settings?tab=privacy");
  });

  it("lets the company work as usual meanwhile", async () => {
    for (const url of ["/app/privacy.json", "/app/conversations.json", "/app/quotes.json"])
      expect((await callAs(w, w.memberCaller.headers)("GET", url)).statusCode, url).toBe(200);
  });

  it("answers 409 when a deletion is already scheduled", async () => {
    const before = await snapshotTables(db, watched);
    const response = await owner("POST", deletionPath(), { confirm: await alphaName() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "conflict", error_description: DELETION_ALREADY_SCHEDULED });
    expect(snapshotChanges(before, await snapshotTables(db, watched))).toEqual([]);
  });
});

describe("restoring the company", () => {
  it("is for owners", async () => {
    for (const caller of [w.admin, w.memberCaller]) {
      const response = await callAs(w, caller.headers)("DELETE", deletionPath());
      expect(response.statusCode).toBe(403);
    }
    expect((await meOf(w.memberCaller.headers)).company.deletion_scheduled_for).toBeDefined();
  });

  it("calls the deletion off within the grace period, for everyone, and tells the owners", async () => {
    const response = await callAs(w, w.secondOwner.headers)("DELETE", deletionPath());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ deletion_scheduled_for: null, deletion_requested_by: null });
    for (const caller of [w.owner, w.memberCaller])
      expect((await meOf(caller.headers)).company.deletion_scheduled_for).toBeUndefined();
    const [activity] = await rows(
      db,
      sql`select actor_user_id from activities where company_id = ${w.a.companyId} and kind = 'company.deletion_cancelled'`,
    );
    expect(activity).toEqual({ actor_user_id: w.secondOwner.id });
    expect(await deletionMails("will not be deleted")).toHaveLength(2);
  });

  it("answers 409 when nothing is scheduled", async () => {
    const response = await owner("DELETE", deletionPath());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "conflict", error_description: DELETION_NOT_SCHEDULED });
  });

  it("answers 409 once the grace period is over", async () => {
    expect((await owner("POST", deletionPath(), { confirm: await alphaName() })).statusCode).toBe(200);
    await db.execute(
      sql`update companies set deletion_requested_at = now() - interval '7 days 1 minute' where id = ${w.a.companyId}`,
    );
    const response = await owner("DELETE", deletionPath());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "conflict", error_description: DELETION_GRACE_OVER });
  });
});

describe("the purge", () => {
  it("waits for the grace period to be over", async () => {
    await db.execute(sql`update companies set deletion_requested_at = now() where id = ${w.a.companyId}`);
    const now = new Date();
    const outcome = await purgeIfDue({ db, events: app.events }, w.a.companyId, now);
    expect(outcome.status).toBe("not_due");
    expect((await companyRowCounts(db, w.a.companyId)).companies).toBe(1);
    // And a restored company is never purged.
    await db.execute(sql`update companies set deletion_requested_at = null where id = ${w.a.companyId}`);
    const later = new Date(now.getTime() + 30 * DAY);
    expect((await purgeIfDue({ db, events: app.events }, w.a.companyId, later)).status).toBe("not_scheduled");
    expect((await companyRowCounts(db, w.a.companyId)).companies).toBe(1);
  });

  it("deletes every row of the company after it, files included, and keeps its users and other companies", async () => {
    const alphaBefore = await companyRowCounts(db, w.a.companyId);
    const bravoBefore = await companyRowCounts(db, w.b.companyId);
    expect(alphaBefore.attachments).toBeGreaterThan(0);
    expect(alphaBefore.knowledge_entries).toBeGreaterThan(0);
    const children = async () =>
      (
        await rows(
          db,
          sql`select
            (select count(*)::int from line_items where quote_id = ${w.a.quote.id}) as lines,
            (select count(*)::int from delivery_addresses where customer_id = ${w.a.customer.id}) as addresses`,
        )
      )[0];
    expect(await children()).toEqual({ lines: 2, addresses: 1 });
    const users = [w.owner.id, w.admin.id, w.secondOwner.id, w.memberCaller.id];

    // Through the timer and the job, as in production: asked 7 days and a minute ago.
    await db.execute(
      sql`update companies set deletion_requested_at = now() - interval '7 days 1 minute' where id = ${w.a.companyId}`,
    );
    const result = await runPrivacySchedule({ db, jobs: app.jobs }, new Date());
    expect(result.purges).toBe(1);
    await app.jobs.idle();

    const alphaAfter = await companyRowCounts(db, w.a.companyId);
    expect(Object.entries(alphaAfter).filter(([, count]) => count > 0)).toEqual([]);
    expect(await children()).toEqual({ lines: 0, addresses: 0 });
    expect(await companyRowCounts(db, w.b.companyId)).toEqual(bravoBefore);
    const kept = await rows(
      db,
      sql`select id from users where id in (${sql.join(
        users.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(kept).toHaveLength(users.length);

    // Its people no longer see it; a request naming it is a 404.
    const me = await meOf(apiHeaders(w.owner.headers.authorization!.slice(7)));
    expect(me.managed_companies.map((company: { id: string }) => company.id)).not.toContain(w.a.companyId);
    expect((await owner("GET", "/app/privacy.json")).statusCode).toBe(404);
  });

  it("is queued once per deletion, whichever instance ticks", async () => {
    const requestedAt = new Date("2026-01-01T00:00:00Z");
    expect(companyPurgeSubject(w.b.companyId, requestedAt)).toBe(companyPurgeSubject(w.b.companyId, requestedAt));
    expect(companyPurgeSubject(w.b.companyId, requestedAt)).not.toBe(
      companyPurgeSubject(w.b.companyId, new Date(requestedAt.getTime() + 1)),
    );
    expect((await runPrivacySchedule({ db, jobs: app.jobs }, new Date())).purges).toBe(0);
  });
});
