// The open conversation of `/inbox`, as the chat tool names it: the inbox passes
// `sso_account_id` and `sso_conversation_id` through. Kept apart from the route's search parsing: only
// the inbox screen reads it, so it stays out of the shell's download.

import type { InboxSearch } from "./search.ts";

/** The chat tool's pair from `/inbox`: both positive whole numbers, else null (nothing to open). */
export function inboxChatAddress(search: InboxSearch): { accountId: number; displayId: number } | null {
  const accountId = Number(search.sso_account_id);
  const displayId = Number(search.sso_conversation_id);
  if (!Number.isSafeInteger(accountId) || accountId < 1) return null;
  if (!Number.isSafeInteger(displayId) || displayId < 1) return null;
  if (!/^\d+$/.test(search.sso_account_id ?? "") || !/^\d+$/.test(search.sso_conversation_id ?? "")) return null;
  return { accountId, displayId };
}
