import type { MessageSearchPage, MessageSearchQuery } from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { searchMessages } from "./message-search.repository.ts";
import { messageSnippet, positiveTerms } from "./message-snippet.ts";

/** A page of the company's messages matching the query, newest first, each with its snippet. */
export async function getMessageSearchPage(
  db: Executor,
  companyId: string,
  query: MessageSearchQuery,
): Promise<MessageSearchPage> {
  // One row more than the page says whether another page exists, without counting every match.
  const rows = await searchMessages(db, companyId, query.q, query.perPage + 1, (query.page - 1) * query.perPage);
  const page = rows.slice(0, query.perPage);
  const terms = page.length > 0 ? positiveTerms(page[0]!.tsquery) : [];
  return {
    page: query.page,
    perPage: query.perPage,
    hasMore: rows.length > query.perPage,
    messages: page.map((row) => ({
      id: row.id,
      conversationId: row.conversationId,
      displayId: row.displayId,
      channel: row.channel,
      customer: row.customer,
      senderType: row.senderType,
      senderName: row.senderName,
      createdAt: row.createdAt.toISOString(),
      snippet: messageSnippet(row.content, terms),
    })),
  };
}
