import { z } from "zod";
import { messages } from "../validation.ts";
import { HELP_QUERY_MAX, HELP_SLUG_MAX, HELP_SLUG_PATTERN } from "./help-search.ts";

// The help centre (`/help`): articles that ship with the product, searched as you type, and a contact
// form that mails the server's support address. Articles are the product's, not a company's.

export const HELP_CONTACT_LIMITS = { subject: 150, message: 5000 } as const;

/** An article as the lists name it. */
export const helpArticleLinkSchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
});
export type HelpArticleLink = z.infer<typeof helpArticleLinkSchema>;

export const helpSectionSchema = z.object({
  name: z.string(),
  articles: z.array(helpArticleLinkSchema),
});
export type HelpSection = z.infer<typeof helpSectionSchema>;

/** `GET /app/help.json`: the sections in order, whether the contact form is on, the product's version. */
export const helpCentreSchema = z.object({
  version: z.string(),
  contactAvailable: z.boolean(),
  sections: z.array(helpSectionSchema),
});
export type HelpCentre = z.infer<typeof helpCentreSchema>;

/** `GET /app/help/articles.json?q=`: what was typed, at most 200 characters, something besides spaces. */
export const helpSearchQuerySchema = z.object({
  q: z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: "Type something to search for" })
    .max(HELP_QUERY_MAX, { error: messages.maxLength(HELP_QUERY_MAX) }),
});
export type HelpSearchQuery = z.infer<typeof helpSearchQuerySchema>;

/** A matched stretch of a snippet: [start, end) in UTF-16 code units, as JavaScript's string indexes. */
export const helpHighlightSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
});
export type HelpHighlight = z.infer<typeof helpHighlightSchema>;

/** A match: plain text around the words found, and where they are (never markup to trust). */
export const helpSearchResultSchema = helpArticleLinkSchema.extend({
  section: z.string(),
  snippet: z.string(),
  highlights: z.array(helpHighlightSchema),
});
export type HelpSearchResult = z.infer<typeof helpSearchResultSchema>;

export const helpSearchSchema = z.object({
  query: z.string(),
  results: z.array(helpSearchResultSchema),
});
export type HelpSearch = z.infer<typeof helpSearchSchema>;

export const helpArticleParamsSchema = z.object({
  slug: z
    .string()
    .max(HELP_SLUG_MAX, { error: messages.maxLength(HELP_SLUG_MAX) })
    .regex(HELP_SLUG_PATTERN, { error: "Must be an article's name: lowercase letters, digits and dashes" }),
});

/** `GET /app/help/articles/{slug}.json`: the article as sanitized HTML, and the day it was last revised. */
export const helpArticleSchema = helpArticleLinkSchema.extend({
  section: z.string(),
  html: z.string(),
  /** YYYY-MM-DD. */
  updated: z.string(),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

const singleLine = (value: string) => !/[\r\n]/.test(value);

/** `POST /app/help/contact.json`: a subject on one line and the message. */
export const helpContactSchema = z.object({
  subject: z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(HELP_CONTACT_LIMITS.subject, { error: messages.maxLength(HELP_CONTACT_LIMITS.subject) })
    .refine(singleLine, { error: "Must be one line" }),
  message: z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .min(10, { error: "Tell us a little more: at least 10 characters" })
    .max(HELP_CONTACT_LIMITS.message, { error: messages.maxLength(HELP_CONTACT_LIMITS.message) }),
});
export type HelpContact = z.infer<typeof helpContactSchema>;

export const helpContactAcceptedSchema = z.object({
  /** The address the message went to is not shown: support answers from their own. */
  status: z.literal("queued"),
});
export type HelpContactAccepted = z.infer<typeof helpContactAcceptedSchema>;
