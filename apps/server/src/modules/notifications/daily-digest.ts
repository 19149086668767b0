import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { companyJobHandler, type JobHandler, type JobQueue } from "../jobs/index.ts";
import { appLink, queueMail } from "../mail/index.ts";
import {
  type DigestSection,
  digestAlreadyQueued,
  findAssignedTickets,
  findCompanyDigestReaders,
  findConversationsWaitingOnStaff,
  findDigestJobs,
  findDigestReaders,
  findUserCompanies,
  findWaitingActionItems,
} from "./digest.repository.ts";
import { digestDateOf, digestSubject, localClock } from "./digest-subject.ts";

// The daily digest: one mail a day, from 08:00 on the clock of the user's (first) company, listing what
// still waits for them in each of their companies. A timer (notifications.plugin.ts) checks who is due
// every DIGEST_CHECK_MS and enqueues a `daily_digest` job named by (user, that local date): several
// instances checking at once add one job. Nothing waiting: no mail.

export const DIGEST_HOUR = 8;
export const DIGEST_CHECK_MS = 15 * 60_000;

export type DigestDeps = { db: Db; queue: JobQueue; config: Pick<Config, "appUrl" | "mail"> };

/** Adds the `daily_digest` job of every user whose digest is due at `now` and not yet queued; answers how many. */
export async function enqueueDueDigests(deps: Pick<DigestDeps, "db" | "queue">, now = new Date()): Promise<number> {
  const due = (await findDigestReaders(deps.db)).flatMap((reader) => {
    const clock = localClock(reader.timeZone, now);
    return clock.hour >= DIGEST_HOUR ? [{ ...reader, subjectId: digestSubject(reader.userId, clock.date) }] : [];
  });
  const queued = await findDigestJobs(
    deps.db,
    due.map((reader) => reader.subjectId),
  );
  const missing = due.filter((reader) => !queued.has(reader.subjectId));
  if (missing.length === 0) return 0;
  await deps.queue.prepare();
  let added = 0;
  await deps.db.transaction(async (tx) => {
    for (const reader of missing) {
      const id = await deps.queue.enqueue(tx, {
        companyId: reader.companyId,
        kind: "daily_digest",
        subjectId: reader.subjectId,
      });
      if (id) added++;
    }
  });
  deps.queue.wake();
  return added;
}

type CompanyDigest = { name: string; sections: { heading: string; section: DigestSection }[] };

/** What waits for the user, per company; companies where nothing waits are left out. */
async function whatWaits(db: Db, userId: string, now: Date): Promise<CompanyDigest[]> {
  const digests: CompanyDigest[] = [];
  for (const company of await findUserCompanies(db, userId)) {
    const sections = [
      { heading: "Action items waiting on you", section: await findWaitingActionItems(db, company, now) },
      { heading: "Open tickets assigned to you", section: await findAssignedTickets(db, company.id, userId) },
      { heading: "Conversations waiting on staff", section: await findConversationsWaitingOnStaff(db, company.id) },
    ].filter(({ section }) => section.total > 0);
    if (sections.length > 0) digests.push({ name: company.name, sections });
  }
  return digests;
}

function longDate(date: string): string {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));
}

export function digestMail(
  config: Pick<Config, "appUrl">,
  user: { firstName: string },
  date: string,
  companies: CompanyDigest[],
): { subject: string; text: string } {
  const lines = [`Hello ${user.firstName},`, "", "Here is what waits for you today."];
  for (const company of companies) {
    lines.push("", company.name.replace(/\s+/g, " ").toUpperCase());
    for (const { heading, section } of company.sections) {
      lines.push("", `${heading} (${section.total})`);
      for (const line of section.lines)
        lines.push(`- ${line.text.replace(/\s+/g, " ")}`, `  ${appLink(config, line.link)}`);
      if (section.total > section.lines.length) lines.push(`…and ${section.total - section.lines.length} more`);
    }
  }
  lines.push(
    "",
    "--",
    "You get this mail because the daily digest is on in your notification settings:",
    appLink(config, "/settings", { tab: "notifications" }),
  );
  return { subject: `Your Foreman digest for ${longDate(date)}`, text: lines.join("\n") };
}

/**
 * The `daily_digest` job: finds its user among the company's digest readers by the subject, and mails
 * what waits. Run twice (a crash after the mail was queued), it finds the day's digest in the outbox.
 */
export function dailyDigestHandler(deps: DigestDeps, clock: () => Date = () => new Date()): JobHandler {
  return companyJobHandler(async (job) => {
    const date = digestDateOf(job.subjectId);
    const readers = await findCompanyDigestReaders(deps.db, job.companyId);
    // Turned the digest off, or left the company, since the job was added: no mail.
    const user = readers.find((reader) => digestSubject(reader.id, date) === job.subjectId);
    if (!user) return { status: "done" };
    const companies = await whatWaits(deps.db, user.id, clock());
    if (companies.length === 0) return { status: "done" };
    const mail = digestMail(deps.config, user, date, companies);
    const queued = await deps.db.transaction(async (tx) => {
      if (await digestAlreadyQueued(tx, user.email, mail.subject)) return false;
      await queueMail(tx, deps.queue, {
        companyId: null,
        from: deps.config.mail.from,
        to: user.email,
        subject: mail.subject,
        text: mail.text,
      });
      return true;
    });
    if (queued) deps.queue.wake();
    return { status: "done" };
  });
}
