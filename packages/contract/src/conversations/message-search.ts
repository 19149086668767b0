// Full-text search over a company's messages (`GET /app/messages/search.json`): the query, a hit and a
// page of hits. Keys are camelCase; the wire is snake_case.
import { z } from "zod";
import { paginationQuerySchema } from "../http/errors.ts";
import { CHANNELS } from "../sales/channel.ts";
import { requiredText } from "../validation.ts";
import { SENDER_TYPES } from "./conversation.ts";

/** The search text's length, once trimmed. */
export const MESSAGE_SEARCH_MAX_LENGTH = 100;
/** Hits per page: default and maximum. */
export const MESSAGE_SEARCH_PER_PAGE = 20;
export const MESSAGE_SEARCH_PER_PAGE_MAX = 50;

/**
 * `q` is read as a web search box reads it: words (all must appear, in any order), "a quoted phrase",
 * `or` between alternatives, `-word` to leave out. Words match whole, case-insensitively, as written.
 */
export const messageSearchQuerySchema = z.object({
  q: requiredText(1, MESSAGE_SEARCH_MAX_LENGTH),
  page: paginationQuerySchema.shape.page,
  perPage: z.coerce.number().int().min(1).max(MESSAGE_SEARCH_PER_PAGE_MAX).default(MESSAGE_SEARCH_PER_PAGE),
});
export type MessageSearchQuery = z.infer<typeof messageSearchQuerySchema>;

/** A stretch of the snippet's text that matched, as offsets into `text` (UTF-16 code units, end excluded). */
export const snippetHighlightSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
});
export type SnippetHighlight = z.infer<typeof snippetHighlightSchema>;

/**
 * A short piece of the message around its first match, as plain text (never HTML: screens show it as
 * text and mark the highlights themselves). `…` stands for what was cut at either end.
 */
export const messageSnippetSchema = z.object({
  text: z.string(),
  highlights: z.array(snippetHighlightSchema),
});
export type MessageSnippet = z.infer<typeof messageSnippetSchema>;

/** One matching message with its conversation. */
export const messageSearchHitSchema = z.object({
  id: z.string().describe("The message's id"),
  conversationId: z.string(),
  displayId: z.number().int().positive().describe("The conversation's number in the company (#42)"),
  channel: z.enum(CHANNELS),
  customer: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  senderType: z.enum(SENDER_TYPES),
  senderName: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  snippet: messageSnippetSchema,
});
export type MessageSearchHit = z.infer<typeof messageSearchHitSchema>;

/**
 * A page of hits, newest message first. No total: counting every match of a common word over millions
 * of messages is what a search must not do; `hasMore` says whether a next page exists.
 */
export const messageSearchPageSchema = z.object({
  messages: z.array(messageSearchHitSchema),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
  hasMore: z.boolean(),
});
export type MessageSearchPage = z.infer<typeof messageSearchPageSchema>;
