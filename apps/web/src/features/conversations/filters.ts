import type { ConversationFilters } from "@foreman/contract";

/** Any filter set (the list is narrowed: its empty state says so and offers to clear them). */
export function hasConversationFilters(filters: ConversationFilters): boolean {
  return Boolean(filters.stage || filters.channel || filters.status || filters.q || filters.aiEmployeeId);
}
