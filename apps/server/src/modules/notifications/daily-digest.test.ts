import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, conversations, jobs, outboundMails } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { createMember } from "#server/test/fixtures.ts";
import { type CompanyWorld, createCompanyWorld } from "#server/test/tasks-setup.ts";
import { insertTicket } from "#server/test/tickets-setup.ts";
import { dailyDigestHandler, enqueueDueDigests } from "./daily-digest.ts";
import { digestDateOf, digestSubject, localClock } from "./digest-subject.ts";
import { savePreferences } from "./preferences.repository.ts";

// The daily digest: due from 08:00 on the clock of the user's company, one job per user and day
// whichever instance checks, a mail listing what waits in each of their companies, none when nothing
// waits or the digest is off. The checks run with a fixed clock.

let t: TestApp;
let w: CompanyWorld;
let ownerEmail: string;
let memberEmail: string;

const digestOn = {
  emailActionItems: true,
  emailTicketsAssigned: true,
  emailHandoffs: true,
  emailDailyDigest: true,
  toasts: true,
};

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: "https://foreman.example" } });
  // Tokyo keeps no daylight saving time: 08:00 there is 23:00 UTC the day before, all year.
  w = await createCompanyWorld(t.db, "Tokyo Trading");
  await t.db.update(companies).set({ timeZone: "Asia/Tokyo" }).where(eq(companies.id, w.companyId));
  await savePreferences(t.db, w.userId, digestOn);
  await savePreferences(t.db, w.member.id, digestOn);
  await t.db
    .update(conversations)
    .set({ handledBy: "staff", status: "open" })
    .where(eq(conversations.id, w.conversation.id));
  await insertTicket(t.db, w, { subject: "Pallets arrived wet", responsible: { kind: "user", id: w.userId } });
  const emails = await t.db.execute(sql`select id, email from users where id in (${w.userId}, ${w.member.id})`);
  const byId = new Map(
    (emails as unknown as { rows: { id: string; email: string }[] }).rows.map((r) => [r.id, r.email]),
  );
  ownerEmail = byId.get(w.userId)!;
  memberEmail = byId.get(w.member.id)!;
});
afterAll(async () => {
  await t?.close();
});

const deps = () => ({ db: t.db, queue: t.app.jobs, config: t.config });
const digestJobs = () => t.db.select().from(jobs).where(eq(jobs.kind, "daily_digest"));
const digestsTo = (email: string) =>
  t.db
    .select()
    .from(outboundMails)
    .where(and(eq(outboundMails.toAddress, email), sql`${outboundMails.subject} like 'Your Foreman digest%'`));

describe("the digest's subject", () => {
  it("is the same for the same user and day, different otherwise, and tells its day", () => {
    const subject = digestSubject(w.userId, "2026-03-03");
    expect(subject).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(digestSubject(w.userId, "2026-03-03")).toBe(subject);
    expect(digestSubject(w.userId, "2026-03-04")).not.toBe(subject);
    expect(digestSubject(w.member.id, "2026-03-03")).not.toBe(subject);
    expect(digestDateOf(subject)).toBe("2026-03-03");
    expect(digestDateOf(digestSubject(w.userId, "1999-12-31"))).toBe("1999-12-31");
  });

  it("reads the wall clock of a time zone, and UTC's for one this runtime does not know", () => {
    const at = new Date("2026-03-02T23:05:00Z");
    expect(localClock("Asia/Tokyo", at)).toEqual({ date: "2026-03-03", hour: 8 });
    expect(localClock("America/Santiago", at)).toEqual({ date: "2026-03-02", hour: 20 });
    expect(localClock("Not/AZone", at)).toEqual({ date: "2026-03-02", hour: 23 });
  });
});

describe("the daily digest", () => {
  it("is due from 08:00 in the company's time zone, once a day, whichever instance checks", async () => {
    expect(await enqueueDueDigests(deps(), new Date("2026-03-02T22:59:00Z"))).toBe(0);
    expect(await digestJobs()).toHaveLength(0);

    // Two instances check at once: one job for each reader.
    const [one, two] = await Promise.all([
      enqueueDueDigests(deps(), new Date("2026-03-02T23:05:00Z")),
      enqueueDueDigests(deps(), new Date("2026-03-02T23:05:00Z")),
    ]);
    expect(one + two).toBe(2);
    expect((await digestJobs()).map((job) => job.subjectId).sort()).toEqual(
      [digestSubject(w.userId, "2026-03-03"), digestSubject(w.member.id, "2026-03-03")].sort(),
    );
    expect(await enqueueDueDigests(deps(), new Date("2026-03-03T14:59:00Z"))).toBe(0);
    await t.app.jobs.idle();

    const [digest] = await digestsTo(ownerEmail);
    expect(digest).toMatchObject({ subject: "Your Foreman digest for Tuesday, March 3", companyId: null });
    const text = digest!.text;
    expect(text).toContain("TOKYO TRADING");
    expect(text).toContain("Action items waiting on you (2)");
    expect(text).toContain("- 15% discount on Q-1001\n  https://foreman.example/action_items");
    expect(text).toContain("- Saturday delivery?");
    expect(text).toContain("Open tickets assigned to you (1)");
    expect(text).toMatch(/- T-\d+ Pallets arrived wet\n {2}https:\/\/foreman\.example\/support\?ticket=/);
    expect(text).toContain("Conversations waiting on staff (1)");
    expect(text).toContain(`https://foreman.example/conversations/${w.conversation.id}`);
    expect(text).toContain("https://foreman.example/settings?tab=notifications");

    // A member decides on no authorization and was given no ticket.
    const [memberDigest] = await digestsTo(memberEmail);
    expect(memberDigest!.text).toContain("Action items waiting on you (1)");
    expect(memberDigest!.text).not.toContain("15% discount");
    expect(memberDigest!.text).not.toContain("tickets assigned");

    // The next morning is a new day.
    expect(await enqueueDueDigests(deps(), new Date("2026-03-03T23:10:00Z"))).toBe(2);
  });

  it("mails nothing when nothing waits, and nothing to a user with the digest off", async () => {
    const quiet = await createMember(t.db, "Quiet Co");
    await savePreferences(t.db, quiet.user.id, digestOn);
    const off = await createMember(t.db, "Off Co");
    await savePreferences(t.db, off.user.id, { ...digestOn, emailDailyDigest: false });
    await enqueueDueDigests(deps(), new Date("2026-03-10T09:00:00Z"));
    const subjects = new Set((await digestJobs()).map((job) => job.subjectId));
    expect(subjects.has(digestSubject(quiet.user.id, "2026-03-10"))).toBe(true);
    expect(subjects.has(digestSubject(off.user.id, "2026-03-10"))).toBe(false);
    await t.app.jobs.idle();
    expect(await digestsTo(quiet.user.email)).toHaveLength(0);
    expect(await digestsTo(off.user.email)).toHaveLength(0);
  });

  it("mails once when its job runs twice, and not at all once the digest was turned off", async () => {
    const subjectId = digestSubject(w.userId, "2026-04-01");
    const job = {
      id: "00000000-0000-4000-8000-000000000001",
      companyId: w.companyId,
      kind: "daily_digest" as const,
      subjectId,
      state: "running" as const,
      attempts: 1,
      runAfter: new Date(),
      lockedUntil: null,
      lockedBy: null,
      lastError: null,
      createdAt: new Date(),
      finishedAt: null,
    };
    const handler = dailyDigestHandler(deps());
    const signal = new AbortController().signal;
    expect(await handler(job, signal)).toEqual({ status: "done" });
    expect(await handler(job, signal)).toEqual({ status: "done" });
    const april = (await digestsTo(ownerEmail)).filter((mail) => mail.subject.endsWith("April 1"));
    expect(april).toHaveLength(1);

    await savePreferences(t.db, w.userId, { ...digestOn, emailDailyDigest: false });
    expect(await handler({ ...job, subjectId: digestSubject(w.userId, "2026-04-02") }, signal)).toEqual({
      status: "done",
    });
    expect((await digestsTo(ownerEmail)).filter((mail) => mail.subject.endsWith("April 2"))).toHaveLength(0);
    await savePreferences(t.db, w.userId, digestOn);
  });
});
