import {
  CHAT_UNAVAILABLE_ERROR,
  CHATWOOT_USER_NOT_OURS_ERROR,
  chatwootSsoLink,
  ownSsoLink,
  type SsoLink,
} from "@foreman/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { ChatUnavailableError, type ChatwootPlatform } from "./chatwoot-platform.ts";
import { findChatwootUser, storeChatwootUserId } from "./chatwoot-users.repository.ts";
import { findConversation } from "./conversations.repository.ts";
import { conversationNotFound } from "./conversations.service.ts";

const chatUnavailable = () =>
  httpError(502, CHAT_UNAVAILABLE_ERROR, "The chat service could not give a sign-in link. Please try again.");

const chatwootUserNotOurs = () =>
  httpError(
    409,
    CHATWOOT_USER_NOT_OURS_ERROR,
    "A Chatwoot account with this email already exists and was not created by Foreman. Ask your Chatwoot administrator to link it.",
  );

/**
 * The signed-in user's Chatwoot id: the stored one (only ever a user Foreman made for them), or a new
 * Chatwoot user made for them (then stored). Our emails are not verified, so a Chatwoot user that
 * already had this email and does not carry this user's mark is refused: a link to it would sign the
 * caller in as whoever owns it.
 */
async function chatwootUserIdOf(db: Executor, chatwoot: ChatwootPlatform, userId: string): Promise<number> {
  const user = await findChatwootUser(db, userId);
  if (!user) throw new ChatUnavailableError("the signed-in user is gone");
  if (user.chatwootUserId !== null) return user.chatwootUserId;
  const created = await chatwoot.createUser({
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    foremanUserId: userId,
  });
  // Another request of this same user may have made it first: Chatwoot answers that one, with our mark.
  if (created.madeForForemanUser !== userId) throw chatwootUserNotOurs();
  return (await storeChatwootUserId(db, userId, created.id)) ?? created.id;
}

/**
 * The link the inbox embeds. Without Chatwoot: our own conversation view (`/conversations/{id}?embed=1`),
 * or the conversations list. With Chatwoot: the user's SSO login link, opening the conversation
 * (`sso_account_id` = the company's chat account, `sso_conversation_id` = its display id). A conversation
 * that is not the company's is a 404 either way; a Chatwoot failure a 502 `chat_unavailable`.
 */
export async function createSsoLink(
  db: Executor,
  options: {
    companyId: string;
    userId: string;
    conversationId?: string | undefined;
    chatwoot: ChatwootPlatform | null;
    log: FastifyBaseLogger;
  },
): Promise<SsoLink> {
  const conversation = options.conversationId
    ? await findConversation(db, options.companyId, options.conversationId)
    : null;
  if (options.conversationId && !conversation) throw conversationNotFound();
  if (!options.chatwoot) return { ssoLink: ownSsoLink(conversation?.conversation.id) };

  try {
    const chatwootUserId = await chatwootUserIdOf(db, options.chatwoot, options.userId);
    const loginUrl = await options.chatwoot.loginUrl(chatwootUserId);
    const link = chatwootSsoLink(
      loginUrl,
      conversation ? { accountId: conversation.chatAccountId!, displayId: conversation.conversation.displayId } : null,
    );
    if (!link) throw new ChatUnavailableError("the login link is not an http(s) URL");
    return { ssoLink: link };
  } catch (error) {
    if (!(error instanceof ChatUnavailableError)) throw error;
    options.log.warn({ reason: error.message }, "Chatwoot SSO link failed");
    throw chatUnavailable();
  }
}
