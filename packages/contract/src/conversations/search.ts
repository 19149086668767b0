// Search parameters of the conversation screens (/inbox, /conversations, /conversations/{id}). Plain
// functions: route files load with the shell, so no zod here.

import { type Channel, isChannel } from "../sales/channel.ts";
import { isLeadStage, type LeadStage } from "../sales/leads.ts";
import { FIRST_PAGE, type RawSearch, searchPage, searchText, searchUuid, withText } from "../search/search-params.ts";
import { CONVERSATION_SEARCH_MAX_LENGTH, type ConversationStatus, isConversationStatus } from "./conversation.ts";

/** The chat tool's pair naming the open conversation of `/inbox`. */
export type InboxSearch = { sso_conversation_id?: string; sso_account_id?: string };

/** `/inbox` passes these two values through to the chat tool. */
export function parseInboxSearch(search: InboxSearch | RawSearch): InboxSearch {
  const raw = search as RawSearch;
  return withText(
    withText<InboxSearch>({}, "sso_conversation_id", raw.sso_conversation_id),
    "sso_account_id",
    raw.sso_account_id,
  );
}

/** The list filters both screens share: the lead's stage, the channel, the status and a text search. */
export type ConversationFilters = {
  stage?: LeadStage;
  channel?: Channel;
  status?: ConversationStatus;
  q?: string;
  /** One AI employee's conversations (the link from its profile). */
  aiEmployeeId?: string;
};

/** `/inbox`: the filters, plus the chat tool's pair naming the open conversation. */
export type InboxPageSearch = ConversationFilters & InboxSearch;
/** What `/conversations`' search box looks through: conversations (absent), or every message's text. */
export type ConversationsSearchIn = "messages";
/**
 * `/conversations`: the filters and the page (absent on the first); `embed=1` drops the shell;
 * `searchIn=messages` turns the search box into a full-text search of messages (`q` is its text).
 */
export type ConversationsSearch = ConversationFilters & { page?: number; embed?: 1; searchIn?: ConversationsSearchIn };
/** `/conversations/{id}`: `embed=1` shows only the thread and the reply box (inside the inbox). */
export type ConversationSearch = { embed?: 1 };

/** Known values only (an unknown stage, channel or status is dropped: all of them); the search text trimmed and capped. */
export function parseConversationFilters(search: ConversationFilters | RawSearch): ConversationFilters {
  const raw = search as RawSearch;
  const stage = searchText(raw.stage)?.toLowerCase();
  const channel = searchText(raw.channel)?.toLowerCase();
  const status = searchText(raw.status)?.toLowerCase();
  const q = searchText(raw.q)?.slice(0, CONVERSATION_SEARCH_MAX_LENGTH).trim();
  return {
    stage: isLeadStage(stage) ? stage : undefined,
    channel: isChannel(channel) ? channel : undefined,
    status: isConversationStatus(status) ? status : undefined,
    q: q || undefined,
    aiEmployeeId: searchUuid(raw.aiEmployeeId),
  };
}

/** `embed=1` (or `true`) turns the embedded view on; anything else leaves it off. */
export function searchEmbed(value: unknown): 1 | undefined {
  const text = searchText(value)?.toLowerCase();
  return text === "1" || text === "true" ? 1 : undefined;
}

export function parseInboxPageSearch(search: InboxPageSearch | RawSearch): InboxPageSearch {
  return { ...parseConversationFilters(search), ...parseInboxSearch(search) };
}

export function parseConversationsSearch(search: ConversationsSearch | RawSearch): ConversationsSearch {
  const raw = search as RawSearch;
  const page = searchPage(raw.page);
  return {
    ...parseConversationFilters(search),
    page: page === FIRST_PAGE ? undefined : page,
    embed: searchEmbed(raw.embed),
    searchIn: searchText(raw.searchIn)?.toLowerCase() === "messages" ? "messages" : undefined,
  };
}

export function parseConversationSearch(search: ConversationSearch | RawSearch): ConversationSearch {
  return { embed: searchEmbed((search as RawSearch).embed) };
}
