import type { Message, MessagesPage } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { apiRequest } from "#web/lib/api-client.ts";
import { useLiveEvents } from "#web/lib/live-events.ts";
import {
  conversationsKeys,
  laterCopy,
  type MessagesData,
  withChangedMessage,
  withNewMessage,
  withUpdatedMessage,
} from "./api.ts";

// Keeps an open conversation current without a reload: a new message is appended to the cached
// thread, a changed one (WhatsApp delivered, read or failed it) takes its old copy's place, a change
// refreshes the conversation (handled by, status) and the AI runtime's runs (traces, pending replies),
// and after the stream was away the newest messages are fetched again to fill the gap.

/** What a later copy of a message may change: its WhatsApp delivery, the media attached to it. */
const changed = (before: Message, after: Message) =>
  before.delivery?.status !== after.delivery?.status ||
  before.attachments.length !== after.attachments.length ||
  before.content !== after.content;

/**
 * The cache with the newest page's messages merged in (the ones it does not have yet), and the ones it
 * has replaced where they changed meanwhile (a delivery status). Null when the new ones do not meet the
 * cached ones (more was missed than a page holds): then the whole thread is reloaded.
 */
export function withNewestPage(data: MessagesData | undefined, newest: MessagesPage): MessagesData | undefined | null {
  if (!data || data.pages.length === 0) return data;
  const known = new Map(data.pages.flatMap((page) => page.messages.map((message) => [message.id, message] as const)));
  let result: MessagesData | undefined = data;
  for (const message of newest.messages) {
    const cached = known.get(message.id);
    if (cached && changed(cached, laterCopy(cached, message))) result = withUpdatedMessage(result, message);
  }
  const fresh = newest.messages.filter((message) => !known.has(message.id));
  if (fresh.length === 0) return result;
  // Every message new: the gap may be longer than the page, so nothing says what lies between.
  if (fresh.length === newest.messages.length) return null;
  return fresh.reduce<MessagesData | undefined>((merged, message) => withNewMessage(merged, message), result);
}

export function useLiveConversation(companyId: string, conversationId: string) {
  const queryClient = useQueryClient();
  const messagesKey = conversationsKeys.messages(companyId, conversationId);
  const detailKey = conversationsKeys.detail(companyId, conversationId);
  const runsKey = conversationsKeys.agentRuns(companyId, conversationId);
  const refreshing = useRef(false);

  const refreshNewest = useCallback(async () => {
    if (refreshing.current) return;
    refreshing.current = true;
    try {
      const newest = await apiRequest<MessagesPage>(
        `/app/conversations/${encodeURIComponent(conversationId)}/messages.json`,
        { companyScoped: true, companyId },
      );
      const next = withNewestPage(queryClient.getQueryData<MessagesData>(messagesKey), newest);
      if (next === null) await queryClient.invalidateQueries({ queryKey: messagesKey });
      else queryClient.setQueryData<MessagesData>(messagesKey, next);
    } catch {
      // The next event or reconnect tries again; the thread keeps what it has.
    } finally {
      refreshing.current = false;
    }
  }, [companyId, conversationId, queryClient, messagesKey]);

  const append = useCallback(
    (message: Message) => queryClient.setQueryData<MessagesData>(messagesKey, (data) => withNewMessage(data, message)),
    [queryClient, messagesKey],
  );

  useLiveEvents(
    (event) => {
      if (event.type === "message.created" && event.conversationId === conversationId) {
        append(event.message);
        void queryClient.invalidateQueries({ queryKey: detailKey });
        void queryClient.invalidateQueries({ queryKey: runsKey });
      } else if (event.type === "message.updated" && event.conversationId === conversationId) {
        queryClient.setQueryData<MessagesData>(messagesKey, (data) => withChangedMessage(data, event.message));
      } else if (event.type === "conversation.updated" && event.conversationId === conversationId) {
        void queryClient.invalidateQueries({ queryKey: detailKey });
        void queryClient.invalidateQueries({ queryKey: runsKey });
        void refreshNewest();
      }
    },
    {
      onReconnect: () => {
        void queryClient.invalidateQueries({ queryKey: detailKey });
        void queryClient.invalidateQueries({ queryKey: runsKey });
        void refreshNewest();
      },
    },
  );

  return { append };
}

/** The lists re-read at most this often while events stream in. */
const LIST_REFRESH_MS = 1500;

/** Lists (inbox, conversations index) follow new messages and changes: their order is by last activity. */
export function useLiveConversationLists(companyId: string) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refresh = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: conversationsKeys.lists(companyId) });
    }, LIST_REFRESH_MS);
  }, [companyId, queryClient]);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvents(
    (event) => {
      if (event.type === "message.created" || event.type === "conversation.updated") refresh();
    },
    { onReconnect: refresh },
  );
}
