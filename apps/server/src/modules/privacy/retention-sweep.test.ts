import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { callAs, conversationAged, type PrivacyWorld, privacyWorld } from "#server/test/privacy-setup.ts";
import { rows } from "#server/test/tasks-setup.ts";
import { retentionSweepSubject } from "./job-subject.ts";
import { runPrivacySchedule } from "./privacy-schedule.ts";
import { RETENTION_BATCH, sweepCompany } from "./retention-sweep.ts";

// The nightly retention sweep: exactly the conversations whose last activity is older than the company's
// period go, with their messages and files; newer ones, another company's and the records that pointed
// at them (leads, orders, tickets) stay; one activity says how many.

const w: PrivacyWorld = await privacyWorld();
const { app, db } = w.t;
afterAll(() => w.t.close());

const NOW = new Date();
const ids = async (query: ReturnType<typeof sql>) => (await rows(db, query)).map((row) => String(row.id)).sort();
const conversationIds = (companyId: string) => ids(sql`select id from conversations where company_id = ${companyId}`);
const sweepActivities = (companyId: string) =>
  rows(
    db,
    sql`select summary, actor_type, details->>'count' as count from activities
        where company_id = ${companyId} and kind = 'conversations.retention_deleted' order by created_at`,
  );
const setRetention = async (companyId: string, days: number | null) =>
  db.execute(sql`update companies set retention_days = ${days} where id = ${companyId}`);

describe("sweeping a company that keeps conversations 30 days", async () => {
  await setRetention(w.a.companyId, 30);
  const old = await conversationAged(db, w.a.companyId, 40, NOW, { withFile: true });
  const oldPlayground = await conversationAged(db, w.a.companyId, 31, NOW, { isTest: true });
  const recent = await conversationAged(db, w.a.companyId, 29, NOW);
  // Its activity time says old, but a message came 5 days ago: it is not.
  const revived = await conversationAged(db, w.a.companyId, 45, NOW, { recentMessageDaysAgo: 5 });
  const bravoOld = await conversationAged(db, w.b.companyId, 400, NOW, { withFile: true });
  // An order, a lead and a ticket that point at the old conversation.
  await db.execute(sql`update quotes set conversation_id = ${old.id} where id = ${w.a.quote.id}`);
  await db.execute(sql`update leads set conversation_id = ${old.id} where company_id = ${w.a.companyId}`);
  await db.execute(sql`update tickets set conversation_id = ${old.id} where company_id = ${w.a.companyId}`);
  const before = await conversationIds(w.a.companyId);
  const bravoBefore = await conversationIds(w.b.companyId);

  it("deletes exactly the older ones, playground ones too, and says how many in one activity", async () => {
    expect(await sweepCompany(db, w.a.companyId, NOW)).toEqual({ conversations: 2, inboundMails: 0 });
    expect(await conversationIds(w.a.companyId)).toEqual(
      before.filter((id) => id !== old.id && id !== oldPlayground.id),
    );
    expect(await conversationIds(w.a.companyId)).toEqual(expect.arrayContaining([recent.id, revived.id]));
    expect(await sweepActivities(w.a.companyId)).toEqual([
      { summary: "Deleted 2 conversations older than 30 days", actor_type: "system", count: "2" },
    ]);
  });

  it("takes their messages, files, raw mail and the outbox's copies with them", async () => {
    const left = await rows(
      db,
      sql`select
        (select count(*)::int from messages where conversation_id in (${old.id}, ${oldPlayground.id})) as messages,
        (select count(*)::int from attachments where message_id = ${old.messageIds[0]}) as attachments,
        (select count(*)::int from inbound_emails where message_id = ${old.messageIds[0]}) as inbound,
        (select count(*)::int from outbound_mails where company_id = ${w.a.companyId} and subject = 'Re: Hello') as outbound`,
    );
    expect(left[0]).toEqual({ messages: 0, attachments: 0, inbound: 0, outbound: 0 });
    expect(
      (await rows(db, sql`select count(*)::int as n from messages where conversation_id = ${revived.id}`))[0]!.n,
    ).toBe(3);
  });

  it("keeps the orders, leads and tickets that pointed at them", async () => {
    const kept = await rows(
      db,
      sql`select
        (select conversation_id from quotes where id = ${w.a.quote.id}) as quote,
        (select count(*)::int from leads where company_id = ${w.a.companyId}) as leads,
        (select count(*)::int from tickets where company_id = ${w.a.companyId} and conversation_id is null) as tickets`,
    );
    expect(kept[0]).toEqual({ quote: null, leads: 1, tickets: 1 });
  });

  it("leaves another company's conversations alone", async () => {
    expect(await conversationIds(w.b.companyId)).toEqual(bravoBefore);
    expect(bravoBefore).toContain(bravoOld.id);
    expect(await sweepActivities(w.b.companyId)).toEqual([]);
  });

  it("finds nothing the second time, and logs nothing", async () => {
    expect(await sweepCompany(db, w.a.companyId, NOW)).toEqual({ conversations: 0, inboundMails: 0 });
    expect(await sweepActivities(w.a.companyId)).toHaveLength(1);
  });
});

describe("the sweep", () => {
  it("does nothing for a company that keeps conversations forever", async () => {
    await setRetention(w.b.companyId, null);
    const before = await conversationIds(w.b.companyId);
    expect(await sweepCompany(db, w.b.companyId, NOW)).toEqual({ conversations: 0, inboundMails: 0 });
    expect(await conversationIds(w.b.companyId)).toEqual(before);
  });

  it("deletes in batches, however many there are", async () => {
    await setRetention(w.b.companyId, 90);
    const many = RETENTION_BATCH + 7;
    for (let i = 0; i < many; i++) await conversationAged(db, w.b.companyId, 91 + (i % 5), NOW, { messages: 1 });
    const keep = await conversationAged(db, w.b.companyId, 89, NOW);
    const result = await sweepCompany(db, w.b.companyId, NOW);
    // tasks-setup's own conversations are recent; the 400-day-old one from above goes too.
    expect(result.conversations).toBe(many + 1);
    expect(await conversationIds(w.b.companyId)).toContain(keep.id);
    expect(await sweepActivities(w.b.companyId)).toEqual([
      {
        summary: `Deleted ${many + 1} conversations older than 90 days`,
        actor_type: "system",
        count: String(many + 1),
      },
    ]);
  });

  it("runs nightly as a job the privacy timer queues once a day per company", async () => {
    await setRetention(w.a.companyId, 30);
    await setRetention(w.b.companyId, null);
    const stale = await conversationAged(db, w.a.companyId, 60, new Date());
    const first = await runPrivacySchedule({ db, jobs: app.jobs }, NOW);
    expect(first.sweeps).toBe(1);
    // Another tick the same day (or another instance's) queues nothing more.
    expect((await runPrivacySchedule({ db, jobs: app.jobs }, NOW)).sweeps).toBe(0);
    await app.jobs.idle();
    const [job] = await rows(
      db,
      sql`select state, company_id from jobs where kind = 'retention_sweep' and subject_id = ${retentionSweepSubject(w.a.companyId, NOW)}`,
    );
    expect(job).toEqual({ state: "done", company_id: w.a.companyId });
    expect(await conversationIds(w.a.companyId)).not.toContain(stale.id);
    // The next day is a new run.
    const tomorrow = new Date(NOW.getTime() + 86_400_000);
    expect((await runPrivacySchedule({ db, jobs: app.jobs }, tomorrow)).sweeps).toBe(1);
    await app.jobs.idle();
  });

  it("shows in the activity log the privacy tab's members can read", async () => {
    const response = await callAs(w, w.memberCaller.headers)(
      "GET",
      "/app/activities.json?kind=conversations.retention_deleted",
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().activities.map((a: { summary: string }) => a.summary)).toContain(
      "Deleted 2 conversations older than 30 days",
    );
  });
});
