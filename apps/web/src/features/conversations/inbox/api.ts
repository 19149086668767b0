import { CONVERSATIONS_PER_PAGE, type ConversationFilters, FIRST_PAGE } from "@foreman/contract";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { conversationsKeys, fetchConversations } from "../api.ts";

// The inbox's list: recent conversations, newest activity first, 50 at a time ("Show more").

export function inboxQueryOptions(companyId: string, filters: ConversationFilters) {
  return infiniteQueryOptions({
    // Under the lists' key, so new messages and sends refresh it with the other lists.
    queryKey: [...conversationsKeys.lists(companyId), "inbox", filters] as const,
    queryFn: ({ pageParam, signal }) =>
      fetchConversations(companyId, filters, pageParam, signal, CONVERSATIONS_PER_PAGE),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => (last.page * last.perPage < last.total ? last.page + 1 : undefined),
  });
}
