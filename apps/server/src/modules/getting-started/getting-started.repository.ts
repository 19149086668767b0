import type { GettingStartedStepKey } from "@foreman/contract";
import { and, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "#server/db/client.ts";
import {
  aiEmployees,
  apiChannels,
  companies,
  conversations,
  emailChannels,
  knowledgeEntries,
  products,
  tasks,
  websiteChats,
  whatsappConnections,
} from "#server/db/schema/index.ts";

// The checklist reads other modules' tables (read-only) to see what the company really has. Each step
// is an EXISTS on an index that starts with company_id, all in one round trip.

const anyRow = (table: PgTable, where: SQL | undefined) => sql<boolean>`exists (select 1 from ${table} where ${where})`;

/** Which steps the company has done, and whether the checklist was hidden; null for an unknown company. */
export async function findGettingStarted(
  db: Executor,
  companyId: string,
): Promise<{ done: Set<GettingStartedStepKey>; dismissed: boolean } | null> {
  const [row] = await db
    .select({
      dismissedAt: companies.gettingStartedDismissedAt,
      hire_employee: anyRow(aiEmployees, eq(aiEmployees.companyId, companyId)),
      add_products: anyRow(products, eq(products.companyId, companyId)),
      add_knowledge: anyRow(knowledgeEntries, eq(knowledgeEntries.companyId, companyId)),
      try_playground: anyRow(
        conversations,
        and(eq(conversations.companyId, companyId), eq(conversations.isTest, true)),
      ),
      // A way in for customers: a website chat, a live API channel, a connected WhatsApp number or an
      // email channel switched on.
      connect_channel: sql<boolean>`(${anyRow(websiteChats, eq(websiteChats.companyId, companyId))}
        or ${anyRow(emailChannels, and(eq(emailChannels.companyId, companyId), eq(emailChannels.enabled, true)))}
        or ${anyRow(apiChannels, and(eq(apiChannels.companyId, companyId), isNull(apiChannels.revokedAt)))}
        or ${anyRow(
          whatsappConnections,
          and(eq(whatsappConnections.companyId, companyId), eq(whatsappConnections.state, "connected")),
        )})`,
      // Someone on the staff answered or authorized an action item.
      answer_action_item: anyRow(
        tasks,
        and(eq(tasks.companyId, companyId), eq(tasks.state, "done"), isNotNull(tasks.resolvedByUserId)),
      ),
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row) return null;
  const { dismissedAt, ...steps } = row;
  const done = new Set(
    (Object.entries(steps) as [GettingStartedStepKey, boolean][]).filter(([, yes]) => yes).map(([key]) => key),
  );
  return { done, dismissed: dismissedAt !== null };
}

/** Hides the checklist for the whole company; once hidden, nothing is written again (the first time stays). */
export async function dismissGettingStarted(db: Executor, companyId: string): Promise<void> {
  await db
    .update(companies)
    .set({ gettingStartedDismissedAt: sql`now()` })
    .where(and(eq(companies.id, companyId), isNull(companies.gettingStartedDismissedAt)));
}
