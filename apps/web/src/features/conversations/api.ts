import {
  type AgentRunTrace,
  advanceDeliveryStatus,
  CONVERSATIONS_PER_PAGE,
  type ConversationDetail,
  type ConversationFilters,
  type ConversationsPage,
  FIRST_PAGE,
  MESSAGE_SEARCH_PER_PAGE,
  MESSAGES_PER_PAGE_MAX,
  type Message,
  type MessageSearchPage,
  type MessagesPage,
  type NewAttachment,
  type PendingReply,
  type SsoLink,
} from "@foreman/contract";
import { type InfiniteData, infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { isApiError } from "#web/lib/api-error.ts";

// Conversations: the list with its filters, one conversation, its messages page by
// page (newest first), staff replies, the AI runtime's traces and pending replies, the
// single-sign-on link the inbox embeds, and the full-text search over messages.

export const conversationsKeys = {
  all: (companyId: string) => ["conversations", companyId] as const,
  lists: (companyId: string) => ["conversations", companyId, "list"] as const,
  list: (companyId: string, filters: ConversationFilters, page: number) =>
    ["conversations", companyId, "list", { ...filters, page }] as const,
  detail: (companyId: string, id: string) => ["conversations", companyId, "detail", id] as const,
  messages: (companyId: string, id: string) => ["conversations", companyId, "messages", id] as const,
  agentRuns: (companyId: string, id: string) => ["conversations", companyId, "agent-runs", id] as const,
  ssoLink: (companyId: string, id: string) => ["conversations", companyId, "sso-link", id] as const,
  lookup: (companyId: string, accountId: number, displayId: number) =>
    ["conversations", companyId, "lookup", accountId, displayId] as const,
  messageSearch: (companyId: string, q: string) => ["conversations", companyId, "message-search", q] as const,
};

const path = (id: string, suffix = ".json") => `/app/conversations/${encodeURIComponent(id)}${suffix}`;

/** One page of the list, newest activity first (`GET /app/conversations.json`). */
export function fetchConversations(
  companyId: string,
  filters: ConversationFilters,
  page: number,
  signal?: AbortSignal,
  perPage = CONVERSATIONS_PER_PAGE,
) {
  return apiRequest<ConversationsPage>("/app/conversations.json", {
    companyScoped: true,
    companyId,
    signal,
    query: {
      stage: filters.stage,
      channel: filters.channel,
      status: filters.status,
      aiEmployeeId: filters.aiEmployeeId,
      q: filters.q,
      page,
      perPage,
    },
  });
}

/** The list as the address describes it; errors go to the screen (it shows them with a retry). */
export function conversationsQueryOptions(companyId: string, filters: ConversationFilters, page = FIRST_PAGE) {
  return queryOptions({
    queryKey: conversationsKeys.list(companyId, filters, page),
    queryFn: ({ signal }) => fetchConversations(companyId, filters, page, signal),
  });
}

/** Missing, another company's or not an id: the server answers the same 404. */
export const isConversationNotFound = (error: unknown) => isApiError(error) && error.status === 404;

export function conversationQueryOptions(companyId: string, id: string) {
  return queryOptions({
    queryKey: conversationsKeys.detail(companyId, id),
    queryFn: ({ signal }) => apiRequest<ConversationDetail>(path(id), { companyScoped: true, companyId, signal }),
  });
}

export type MessagesData = InfiniteData<MessagesPage, string | null>;

/**
 * The thread, newest page first: each further page holds older messages (`before` = the previous
 * page's `nextBefore`). The largest page size keeps a long thread to a few calls.
 */
export function messagesQueryOptions(companyId: string, id: string) {
  return infiniteQueryOptions({
    queryKey: conversationsKeys.messages(companyId, id),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MessagesPage>(path(id, "/messages.json"), {
        companyScoped: true,
        companyId,
        signal,
        query: { before: pageParam ?? undefined, limit: MESSAGES_PER_PAGE_MAX },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** The loaded messages oldest → newest (pages come newest first, each oldest → newest). */
export function threadMessages(data: { pages: readonly MessagesPage[] } | undefined): Message[] {
  if (!data) return [];
  const messages: Message[] = [];
  for (let index = data.pages.length - 1; index >= 0; index--) messages.push(...data.pages[index]!.messages);
  return messages;
}

/**
 * The cache with a new message at the end of the newest page, unless it is already there (the live
 * event of a message this tab sent arrives after the POST answered). Unchanged before the first load.
 */
export function withNewMessage(data: MessagesData | undefined, message: Message): MessagesData | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.messages.some((item) => item.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ ...newest!, messages: [...newest!.messages, message] }, ...older] };
}

/**
 * The cache with a message replaced by its newer version (same id), wherever it is loaded: WhatsApp
 * reported it delivered, read or failed. Unchanged when the message is not loaded.
 */
export function withUpdatedMessage(data: MessagesData | undefined, message: Message): MessagesData | undefined {
  if (!data) return data;
  let found = false;
  const pages = data.pages.map((page) => {
    const index = page.messages.findIndex((item) => item.id === message.id);
    if (index < 0) return page;
    found = true;
    const messages = page.messages.slice();
    messages[index] = laterCopy(page.messages[index]!, message);
    return { ...page, messages };
  });
  return found ? { ...data, pages } : data;
}

/**
 * A newer copy of a message, whose delivery never moves back: copies arrive out of order (a page fetched
 * just before a job sent the message can land after that job's message.updated), and WhatsApp's
 * statuses only move forward (advanceDeliveryStatus).
 */
export function laterCopy(cached: Message, incoming: Message): Message {
  if (!cached.delivery || !incoming.delivery) return incoming;
  const status = advanceDeliveryStatus(cached.delivery.status, incoming.delivery.status);
  return status === incoming.delivery.status ? incoming : { ...incoming, delivery: cached.delivery };
}

/**
 * The cache after a message changed (message.updated): the change takes its old copy's place, or, when
 * the message is not loaded yet and is not older than the thread's newest, it is added at the end. A
 * change can arrive before the message itself (a job delivered it before message.created or the
 * sender's own answer came in); those later, older copies then find it there and change nothing.
 */
export function withChangedMessage(data: MessagesData | undefined, message: Message): MessagesData | undefined {
  if (!data || data.pages.length === 0) return data;
  const updated = withUpdatedMessage(data, message);
  if (updated !== data) return updated;
  const newestAt = data.pages[0]!.messages.at(-1)?.createdAt;
  if (newestAt && message.createdAt && Date.parse(newestAt) > Date.parse(message.createdAt)) return data;
  return withNewMessage(data, message);
}

export type SendMessageInput = { content: string; attachments?: NewAttachment[] };

/** `POST /app/conversations/{id}/messages.json`: a staff reply, which takes the conversation over from the AI. */
export function sendMessage(companyId: string, id: string, input: SendMessageInput) {
  return apiRequest<Message>(path(id, "/messages.json"), {
    method: "POST",
    companyScoped: true,
    companyId,
    body: input,
  });
}

/** The `error` of the 409 a free-text reply gets once WhatsApp's 24-hour window has closed. */
export const WHATSAPP_WINDOW_CLOSED_ERROR = "whatsapp_window_closed";

/** The server refused a free-text reply: more than 24 hours since the customer wrote (only a template now). */
export const isWindowClosedError = (error: unknown) =>
  isApiError(error) && error.status === 409 && error.body.error === WHATSAPP_WINDOW_CLOSED_ERROR;

export type SendTemplateInput = {
  templateId: string;
  /** By position, the text for {{1}}, {{2}}…; null: filled by the server from the customer, order and company. */
  values: (string | null)[];
};

/**
 * `POST /app/conversations/{id}/whatsapp_template.json`: an approved template into a WhatsApp
 * conversation (the only way to write once the 24-hour window has closed). Takes the conversation over.
 */
export async function sendWhatsappTemplate(companyId: string, id: string, input: SendTemplateInput) {
  const answer = await apiRequest<{ message: Message }>(path(id, "/whatsapp_template.json"), {
    method: "POST",
    companyScoped: true,
    companyId,
    body: input,
  });
  return answer.message;
}

/** How the AI employee answered: each run's trace (oldest first), and customer messages still waiting for a reply. */
export type AgentRuns = { runs: AgentRunTrace[]; pending: PendingReply[] };

/** While a reply is pending, how often to look again (no live event says that a retry failed). */
export const PENDING_REFRESH_MS = 15_000;

/** `GET /app/conversations/{id}/agent_runs.json`. */
export function agentRunsQueryOptions(companyId: string, id: string) {
  return queryOptions({
    queryKey: conversationsKeys.agentRuns(companyId, id),
    queryFn: ({ signal }) =>
      apiRequest<AgentRuns>(path(id, "/agent_runs.json"), { companyScoped: true, companyId, signal }),
    refetchInterval: (query) => ((query.state.data?.pending.length ?? 0) > 0 ? PENDING_REFRESH_MS : false),
  });
}

/** `POST /app/chat/sso_links.json`: the link the inbox embeds for a conversation. */
export function ssoLinkQueryOptions(companyId: string, conversationId: string) {
  return queryOptions({
    queryKey: conversationsKeys.ssoLink(companyId, conversationId),
    queryFn: ({ signal }) =>
      apiRequest<SsoLink>("/app/chat/sso_links.json", {
        method: "POST",
        companyScoped: true,
        companyId,
        signal,
        body: { conversationId },
      }),
    // A Chatwoot login link is single-use: a new one each time the conversation opens.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/**
 * The conversation a chat tool address names (`?sso_account_id=…&sso_conversation_id=…`): the list's
 * text search matches display ids, and the account must be this company's. Null when none matches.
 */
export function conversationLookupQueryOptions(companyId: string, accountId: number, displayId: number) {
  return queryOptions({
    queryKey: conversationsKeys.lookup(companyId, accountId, displayId),
    queryFn: async ({ signal }) => {
      const page = await fetchConversations(companyId, { q: String(displayId) }, FIRST_PAGE, signal, 100);
      return page.conversations.find((item) => item.displayId === displayId && item.accountId === accountId) ?? null;
    },
  });
}

/**
 * `GET /app/messages/search.json`: the company's messages matching `q`, newest first, a page at a time
 * (each further page is older hits; there is no total, `hasMore` says whether another page exists).
 */
export function messageSearchQueryOptions(companyId: string, q: string) {
  return infiniteQueryOptions({
    queryKey: conversationsKeys.messageSearch(companyId, q),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MessageSearchPage>("/app/messages/search.json", {
        companyScoped: true,
        companyId,
        signal,
        query: { q, page: pageParam, perPage: MESSAGE_SEARCH_PER_PAGE },
      }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}
