import { currencyOrDefault, type LeadsBreakdown, normalizeLeadStage } from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { type BreakdownFilter, countBreakdownLeads, listBreakdownLeads } from "./leads-breakdown.repository.ts";

/** A page of the period's leads (newest first, at most 100 a page) and how many match in all. */
export async function getLeadsBreakdown(
  db: Executor,
  filter: BreakdownFilter,
  page: { page: number; perPage: number },
): Promise<LeadsBreakdown> {
  const [rows, total] = await Promise.all([
    listBreakdownLeads(db, filter, page.perPage, (page.page - 1) * page.perPage),
    countBreakdownLeads(db, filter),
  ]);
  return {
    total,
    leads: rows.map((row) => ({
      id: row.id,
      conversationId: row.conversationId,
      source: row.source,
      channel: row.channel,
      personName: row.personName,
      companyName: row.companyName,
      need: row.need,
      dealSize: { amountCents: row.dealSizeCents, currency: currencyOrDefault(row.currency) },
      date: row.createdAt.toISOString(),
      currentStage: normalizeLeadStage(row.stage),
      conversation:
        row.displayId === null || row.inboxId === null
          ? null
          : { chatConversationDisplayId: row.displayId, chatInboxId: row.inboxId },
    })),
  };
}
