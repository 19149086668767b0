import type { LeadStage, Period } from "@foreman/contract";
import { and, count, desc, eq, gte, lt } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { conversations, leads } from "#server/db/schema/index.ts";

export type BreakdownFilter = { companyId: string; period: Period; stage?: LeadStage | undefined };

function where({ companyId, period, stage }: BreakdownFilter) {
  return and(
    eq(leads.companyId, companyId),
    stage ? eq(leads.stage, stage) : undefined,
    gte(leads.createdAt, period.start),
    lt(leads.createdAt, period.end),
  );
}

/** The period's leads, newest first (id breaks ties so pages never overlap), with their conversation. */
export async function listBreakdownLeads(db: Executor, filter: BreakdownFilter, limit: number, offset: number) {
  return db
    .select({
      id: leads.id,
      conversationId: leads.conversationId,
      source: leads.source,
      channel: leads.channel,
      personName: leads.personName,
      companyName: leads.companyName,
      need: leads.need,
      dealSizeCents: leads.dealSizeCents,
      currency: leads.currency,
      createdAt: leads.createdAt,
      stage: leads.stage,
      displayId: conversations.displayId,
      inboxId: conversations.inboxId,
    })
    .from(leads)
    .leftJoin(conversations, eq(conversations.id, leads.conversationId))
    .where(where(filter))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit)
    .offset(offset);
}

export async function countBreakdownLeads(db: Executor, filter: BreakdownFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leads).where(where(filter));
  return row!.n;
}
