// The link the inbox embeds (`POST /app/chat/sso_links.json`): our own conversation view, or Chatwoot's
// single sign-on link opened on the conversation.

/** Our conversation view in its embeddable form (no shell), or the conversations list without an id. */
export function ownSsoLink(conversationId?: string | null): string {
  return conversationId ? `/conversations/${encodeURIComponent(conversationId)}?embed=1` : "/conversations?embed=1";
}

/**
 * A Chatwoot SSO login URL that opens one conversation: Chatwoot's login page takes `sso_account_id`
 * and `sso_conversation_id` and, once signed in, goes to
 * `/app/accounts/{account}/conversations/{conversation}`. Without a conversation the URL is unchanged.
 * Null when the URL is not an absolute http(s) URL.
 */
export function chatwootSsoLink(
  loginUrl: string,
  conversation?: { accountId: number; displayId: number } | null,
): string | null {
  let url: URL;
  try {
    url = new URL(loginUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (conversation) {
    url.searchParams.set("sso_account_id", String(conversation.accountId));
    url.searchParams.set("sso_conversation_id", String(conversation.displayId));
  }
  return url.toString();
}
