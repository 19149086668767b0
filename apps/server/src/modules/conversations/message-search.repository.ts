import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { conversations, customers, MESSAGE_SEARCH_PREFIX_CHARS, messages } from "#server/db/schema/index.ts";

// Full-text search over one company's messages, newest first. `messages.search_vector` is the message's
// words ('simple': as written, lower case); websearch_to_tsquery reads the text as a search box does
// and never fails on odd input. Two plans serve it, and the planner picks by the words' statistics: a
// rare word through messages_company_id_search_vector_idx (the company's matches only, then the newest
// of them), a common one by reading messages_company_id_created_at_idx backwards until the page is full.
// The page is chosen from messages alone; its conversations and customers are joined for its rows only.

export type MessageSearchRow = Awaited<ReturnType<typeof searchMessages>>[number];

/** Up to `limit` of the company's messages matching `q`, newest first, skipping `offset`. */
export function searchMessages(db: Executor, companyId: string, q: string, limit: number, offset: number) {
  const query = sql`websearch_to_tsquery('simple', ${q})`;
  const page = db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderType: messages.senderType,
      senderName: messages.senderName,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, companyId),
        sql`${messages.searchVector} @@ ${query}`,
        // Playground sessions are staff's tests, not customers: the company's few, from a partial index,
        // hashed once (a join per match would cost as much as the matches).
        notInArray(
          messages.conversationId,
          db
            .select({ id: conversations.id })
            .from(conversations)
            .where(and(eq(conversations.companyId, companyId), eq(conversations.isTest, true))),
        ),
      ),
    )
    // A plain DESC: messages_company_id_created_at_idx is ascending, read backwards.
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit)
    .offset(offset)
    .as("hit");
  return db
    .select({
      id: page.id,
      conversationId: page.conversationId,
      senderType: page.senderType,
      senderName: page.senderName,
      // What the search read of it (a long email's head): the snippet is cut from it.
      content: sql<string>`left(${messages.content}, ${sql.raw(String(MESSAGE_SEARCH_PREFIX_CHARS))})`,
      createdAt: page.createdAt,
      displayId: conversations.displayId,
      channel: conversations.channel,
      customer: { id: customers.id, fullName: customers.fullName },
      // The words asked for, as PostgreSQL read them: the snippet marks them.
      tsquery: sql<string>`${query}::text`,
    })
    .from(page)
    .innerJoin(messages, eq(messages.id, page.id))
    .innerJoin(conversations, and(eq(conversations.id, page.conversationId), eq(conversations.companyId, companyId)))
    .leftJoin(customers, eq(customers.id, conversations.customerId))
    .orderBy(desc(page.createdAt), desc(page.id));
}
