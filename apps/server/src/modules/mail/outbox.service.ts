import type { OutboundMail, OutboundMailList } from "@foreman/contract";
import type { Db } from "#server/db/client.ts";
import type { OutboundMailRow } from "#server/db/schema/index.ts";
import { httpError } from "#server/lib/http-error.ts";
import type { JobQueue } from "../jobs/index.ts";
import {
  countRecentTestMails,
  findOutboundMail,
  findSenderNames,
  listOutboundMails,
  lockCompanyTestMails,
} from "./outbox.repository.ts";
import { queueMail } from "./outbox.ts";

// The outbox as owners see it (every mail the company's AI employees and Foreman sent or kept), and the
// test mail that shows whether outgoing mail works.

export const TEST_MAIL_SUBJECT = "Foreman test mail";
/** Test mails a company may ask for within a minute: each is a real mail to any address staff type. */
export const TEST_MAILS_PER_MINUTE = 5;

export function toOutboundMail(row: OutboundMailRow): OutboundMail {
  return {
    id: row.id,
    from: row.fromAddress,
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    state: row.state,
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getOutbox(
  db: Db,
  companyId: string,
  page: { page: number; perPage: number },
  smtpConfigured: boolean,
): Promise<OutboundMailList> {
  const { rows, total } = await listOutboundMails(db, companyId, page);
  return { outboundMails: rows.map(toOutboundMail), smtpConfigured, total };
}

export type TestMailContext = { db: Db; queue: JobQueue; companyId: string; userId: string; from: string };

const tooMany = () =>
  httpError(
    429,
    "too_many_requests",
    `At most ${TEST_MAILS_PER_MINUTE} test mails a minute: wait a minute and try again`,
    undefined,
    { "retry-after": "60" },
  );

/** A short mail from MAIL_FROM to `to`, through the outbox like every other mail; the limit is counted in the database. */
export async function sendTestMail(ctx: TestMailContext, to: string): Promise<OutboundMail> {
  const { db, queue, companyId, userId, from } = ctx;
  const names = await findSenderNames(db, companyId, userId);
  await queue.prepare();
  // The row as it was queued: read before the job may run, so the answer is what was accepted.
  const row = await db.transaction(async (tx) => {
    await lockCompanyTestMails(tx, companyId);
    if ((await countRecentTestMails(tx, companyId, TEST_MAIL_SUBJECT, 60)) >= TEST_MAILS_PER_MINUTE) throw tooMany();
    const queued = await queueMail(tx, queue, {
      companyId,
      from,
      to,
      subject: TEST_MAIL_SUBJECT,
      text: testMailText(names),
    });
    return findOutboundMail(tx, companyId, queued.id);
  });
  queue.wake();
  if (!row) throw new Error("the test mail vanished while it was queued");
  return toOutboundMail(row);
}

function testMailText({ companyName, userName, userEmail }: Awaited<ReturnType<typeof findSenderNames>>): string {
  const asker = userEmail && userEmail !== userName ? `${userName} (${userEmail})` : userName;
  return [
    "This is a test mail from Foreman.",
    "",
    `${asker} asked for it for ${companyName}, to check that Foreman's outgoing mail reaches you.`,
    "If you are reading it, mail from your AI employees will arrive too.",
    "",
    "Nothing needs doing: you can delete it.",
  ].join("\n");
}
