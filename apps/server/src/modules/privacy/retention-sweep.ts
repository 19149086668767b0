import { retentionCutoff, retentionLabel } from "@foreman/contract";
import type { Db } from "#server/db/client.ts";
import { recordActivity } from "../activities/index.ts";
import { findCompanyPrivacy } from "../companies/index.ts";
import { companyJobHandler, type JobHandler } from "../jobs/index.ts";
import {
  deleteConversations,
  deleteUnthreadedInboundMail,
  findExpiredConversationIds,
} from "./retention.repository.ts";

// The nightly retention sweep (`retention_sweep`, one job per company and day): deletes the company's
// conversations whose last activity is older than its retention period, a batch per transaction, then
// says how many in the activity log. Run twice, the second run finds nothing to delete and logs nothing.

/** Conversations deleted per transaction: short transactions, however many there are. */
export const RETENTION_BATCH = 200;

export type SweepResult = { conversations: number; inboundMails: number };

/** Sweeps one company at `now` with its current setting (kept forever: nothing happens). */
export async function sweepCompany(db: Db, companyId: string, now: Date): Promise<SweepResult> {
  const company = await findCompanyPrivacy(db, companyId);
  const days = company?.retentionDays ?? null;
  const cutoff = retentionCutoff(days, now);
  if (!company || days === null || !cutoff) return { conversations: 0, inboundMails: 0 };
  let total = 0;
  for (;;) {
    const ids = await findExpiredConversationIds(db, companyId, cutoff, RETENTION_BATCH);
    if (ids.length === 0) break;
    total += await db.transaction((tx) => deleteConversations(tx, companyId, ids));
  }
  const inboundMails = await db.transaction(async (tx) => {
    const deleted = await deleteUnthreadedInboundMail(tx, companyId, cutoff);
    if (total > 0)
      await recordActivity(tx, {
        companyId,
        kind: "conversations.retention_deleted",
        actor: { type: "system" },
        subject: { type: "company", id: companyId },
        summary: `Deleted ${total} ${total === 1 ? "conversation" : "conversations"} older than ${retentionLabel(days).toLowerCase()}`,
        details: { count: total, retentionDays: days, cutoff: cutoff.toISOString(), inboundMails: deleted },
      });
    return deleted;
  });
  return { conversations: total, inboundMails };
}

export function retentionSweepHandler(deps: { db: Db; now?: () => Date }): JobHandler {
  return companyJobHandler(async (job) => {
    await sweepCompany(deps.db, job.companyId, deps.now?.() ?? new Date());
    return { status: "done" };
  });
}
