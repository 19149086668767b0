import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, jobs, memberships, notifications, outboundMails } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { addMember, createCompany, createMember, createUser } from "#server/test/fixtures.ts";
import { type SmtpSink, smtpSink } from "#server/test/smtp-sink.ts";
import { notificationMailHandler } from "./notification-mail.ts";
import { type NewNotification, notify } from "./notify.ts";
import { savePreferences } from "./preferences.repository.ts";

// Notification mail through the outbox to a real SMTP server on loopback: a user's notifications wait
// out the window and go as ONE mail (a burst of 100 action items too), grouped by company and kind with
// their links; only to members whose switch is on; a job run twice mails once; a notification after
// the batch left starts the next one.

const WINDOW_MS = 120_000;

let t: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await smtpSink();
  t = await createTestApp({
    env: {
      SMTP_URL: sink.url,
      MAIL_FROM: "Foreman <no-reply@foreman.example>",
      PUBLIC_URL: "https://foreman.example",
      NOTIFICATION_MAIL_DELAY_MS: String(WINDOW_MS),
      // On PostgreSQL the sweeper hands graphile-worker the jobs made due here twice a second.
      AGENT_JOB_LEASE_MS: "1000",
    },
  });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const deps = () => ({ queue: t.app.jobs, config: t.config });

/** Notifies in a transaction of its own, as each event's writer does. */
async function tell(notification: NewNotification) {
  await t.app.jobs.prepare();
  const told = await t.db.transaction((tx) => notify(tx, deps(), notification));
  t.app.jobs.wake();
  return told;
}

const actionItem = (companyId: string, title: string): NewNotification => ({
  companyId,
  to: "approvers",
  kind: "action_item",
  subjectId: randomUUID(),
  summary: title,
  link: "/action_items",
});

/** The user's batch jobs (a job's subject is the notification that started its batch). */
async function batchJobs(userId: string) {
  return t.db
    .select({ id: jobs.id, state: jobs.state, runAfter: jobs.runAfter, subjectId: jobs.subjectId })
    .from(jobs)
    .innerJoin(notifications, eq(notifications.id, jobs.subjectId))
    .where(and(eq(jobs.kind, "notification_mail"), eq(notifications.userId, userId)));
}

/** The window has passed: the waiting batch jobs are due now; answers once every job has run. */
async function windowPasses() {
  await t.db.execute(sql`update jobs set run_after = now() where kind = 'notification_mail' and state = 'queued'`);
  t.app.jobs.wake();
  await t.app.jobs.idle();
}

const mailsTo = (email: string) => t.db.select().from(outboundMails).where(eq(outboundMails.toAddress, email));
const sunkTo = (email: string) => sink.mails.filter((mail) => mail.to.includes(email));

describe("a user's batch", () => {
  it("mails a burst of 100 action items as one mail, after the window, through the SMTP server", async () => {
    const { user, company } = await createMember(t.db, "Burst Supply");
    const before = Date.now();
    for (let i = 1; i <= 100; i++) await tell(actionItem(company.id, `Confirm order Q-${1000 + i}`));

    const waiting = await batchJobs(user.id);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.state).toBe("queued");
    // The window runs from the batch's first notification.
    expect(waiting[0]!.runAfter.getTime()).toBeGreaterThanOrEqual(before + WINDOW_MS - 1000);
    expect(await mailsTo(user.email)).toHaveLength(0);

    await windowPasses();
    await expect.poll(() => sunkTo(user.email).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await mailsTo(user.email);
    expect(mail).toMatchObject({ state: "sent", companyId: null, subject: "100 things wait for you in Foreman" });
    expect(mail!.text).toContain("BURST SUPPLY");
    expect(mail!.text).toContain("Action items waiting on you (100)");
    // The oldest first, ten of them, then the rest counted with the list's own link.
    expect(mail!.text).toContain("- Confirm order Q-1001\n  https://foreman.example/action_items");
    expect(mail!.text).toContain("- Confirm order Q-1010");
    expect(mail!.text).not.toContain("Q-1011");
    expect(mail!.text).toContain("…and 90 more: https://foreman.example/action_items");
    expect(mail!.text).toContain("https://foreman.example/settings?tab=notifications");
    expect(sunkTo(user.email)[0]!.raw).toContain("Subject: 100 things wait for you in Foreman");

    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(rows).toHaveLength(100);
    expect(new Set(rows.map((row) => row.outboundMailId))).toEqual(new Set([mail!.id]));
    expect(rows.every((row) => row.mailedAt !== null)).toBe(true);
    await t.app.jobs.idle();
    expect(sunkTo(user.email)).toHaveLength(1);
  });

  it("groups one mail by company and kind, and a notification after it left starts the next batch", async () => {
    const { user, company: north } = await createMember(t.db, "Northwind");
    const south = await createCompany(t.db, "Southwind");
    await addMember(t.db, user.id, south.id, "admin");
    const ticketId = randomUUID();
    const conversationId = randomUUID();
    await tell(actionItem(north.id, "Approve 15% off Q-7"));
    await tell({
      companyId: south.id,
      to: [user.id],
      kind: "ticket_assigned",
      subjectId: ticketId,
      summary: "T-1001 Broken pallets",
      link: `/support?ticket=${ticketId}`,
    });
    await tell({
      companyId: north.id,
      to: "managers",
      kind: "handoff",
      subjectId: conversationId,
      summary: "Conversation #12 with Grace: wants a person",
      link: `/conversations/${conversationId}`,
    });
    expect(await batchJobs(user.id)).toHaveLength(1);
    await windowPasses();

    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe("3 things wait for you in Foreman");
    const text = mail!.text;
    expect(text.indexOf("NORTHWIND")).toBeLessThan(text.indexOf("Action items waiting on you (1)"));
    expect(text.indexOf("Action items waiting on you (1)")).toBeLessThan(
      text.indexOf("Conversations handed to staff (1)"),
    );
    expect(text.indexOf("Conversations handed to staff (1)")).toBeLessThan(text.indexOf("SOUTHWIND"));
    expect(text.indexOf("SOUTHWIND")).toBeLessThan(text.indexOf("Tickets assigned to you (1)"));
    expect(text).toContain(`- T-1001 Broken pallets\n  https://foreman.example/support?ticket=${ticketId}`);
    expect(text).toContain(`https://foreman.example/conversations/${conversationId}`);

    // The next one waits for a window of its own and goes alone, named in the subject.
    await tell(actionItem(north.id, "Confirm order Q-8"));
    const jobsNow = await batchJobs(user.id);
    expect(jobsNow.map((job) => job.state).sort()).toEqual(["done", "queued"]);
    await windowPasses();
    const mails = await mailsTo(user.email);
    expect(mails.map((row) => row.subject).sort()).toEqual([
      "3 things wait for you in Foreman",
      "Action item: Confirm order Q-8",
    ]);
    await expect.poll(() => sunkTo(user.email).length, { timeout: 15_000 }).toBe(2);
  });

  it("mails once when its job runs twice", async () => {
    const { user, company } = await createMember(t.db);
    await tell(actionItem(company.id, "Answer Grace about delivery"));
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, (await batchJobs(user.id))[0]!.id));
    const handler = notificationMailHandler({ db: t.db, queue: t.app.jobs, config: t.config });
    const signal = new AbortController().signal;
    expect(await handler(job!, signal)).toEqual({ status: "done" });
    expect(await handler(job!, signal)).toEqual({ status: "done" });
    await windowPasses();
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it("leaves out what the user may no longer hear of: a company they left, a kind they turned off", async () => {
    const { user, company: kept } = await createMember(t.db, "Kept Co");
    const left = await createCompany(t.db, "Left Co");
    await addMember(t.db, user.id, left.id, "owner");
    await tell(actionItem(kept.id, "Still wanted"));
    await tell(actionItem(left.id, "From a company since left"));
    await tell({ ...actionItem(kept.id, "Handed over"), kind: "handoff", to: "managers" });
    await t.db.delete(memberships).where(and(eq(memberships.userId, user.id), eq(memberships.companyId, left.id)));
    await savePreferences(t.db, user.id, {
      emailActionItems: true,
      emailTicketsAssigned: true,
      emailHandoffs: false,
      emailDailyDigest: false,
      toasts: true,
    });
    await windowPasses();
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe("Action item: Still wanted");
    expect(mail!.text).not.toContain("Left Co".toUpperCase());
    expect(mail!.text).not.toContain("Handed over");
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(rows).toEqual([expect.objectContaining({ summary: "Still wanted", outboundMailId: mail!.id })]);
  });
});

describe("notify", () => {
  it("tells the company's approvers of an action item: owners and admins, members when the company lets them", async () => {
    const { user: owner, company } = await createMember(t.db);
    const admin = await createUser(t.db);
    const member = await createUser(t.db);
    await addMember(t.db, admin.id, company.id, "admin");
    await addMember(t.db, member.id, company.id, "member");
    expect(await tell(actionItem(company.id, "Approve"))).toEqual([owner.id, admin.id].sort());
    await t.db.update(companies).set({ membersMayApprove: true }).where(eq(companies.id, company.id));
    expect(await tell(actionItem(company.id, "Approve again"))).toEqual([owner.id, admin.id, member.id].sort());
    expect(await tell({ ...actionItem(company.id, "Handed"), kind: "handoff", to: "managers" })).toEqual(
      [owner.id, admin.id].sort(),
    );
  });

  it("tells only members of the company whose switch for the kind is on, and writes nothing for the others", async () => {
    const { user: owner, company } = await createMember(t.db);
    const outsider = await createMember(t.db);
    const quiet = await createUser(t.db);
    await addMember(t.db, quiet.id, company.id, "admin");
    await savePreferences(t.db, quiet.id, {
      emailActionItems: true,
      emailTicketsAssigned: false,
      emailHandoffs: true,
      emailDailyDigest: false,
      toasts: true,
    });
    const ticket = {
      companyId: company.id,
      kind: "ticket_assigned" as const,
      subjectId: randomUUID(),
      summary: "T-1002\nBroken\tpallets  ",
      link: "/support",
    };
    expect(await tell({ ...ticket, to: [owner.id, outsider.user.id, quiet.id] })).toEqual([owner.id]);
    expect(await tell({ ...ticket, to: [] })).toEqual([]);
    const rows = await t.db.select().from(notifications).where(eq(notifications.companyId, company.id));
    expect(rows).toEqual([expect.objectContaining({ userId: owner.id, summary: "T-1002 Broken pallets" })]);
    expect(await batchJobs(outsider.user.id)).toEqual([]);
    expect(await batchJobs(quiet.id)).toEqual([]);
  });
});
