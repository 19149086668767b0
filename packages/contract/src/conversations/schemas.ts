// Zod schemas of the conversations API (camelCase; the server renames to snake_case on the wire). The
// server validates its answers with these and the OpenAPI document is generated from them.
import { z } from "zod";
import { messageEmailSchema } from "../email/email-channel.ts";
import { paginationQuerySchema } from "../http/errors.ts";
import { ORDER_STATES } from "../orders/order.ts";
import { periodQuerySchema } from "../period/period-query.ts";
import { CHANNELS } from "../sales/channel.ts";
import { ACCEPTED_CURRENCIES } from "../sales/currency.ts";
import { LEAD_STAGES } from "../sales/leads.ts";
import { requiredText, messages as validationMessages } from "../validation.ts";
import { DELIVERY_STATUSES } from "../whatsapp/delivery.ts";
import {
  ATTACHMENT_TYPES_DESCRIPTION,
  base64DecodedLength,
  CONTENT_TYPE_PATTERN,
  isAllowedAttachmentType,
  isSafeFileName,
} from "./attachment.ts";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_PER_MESSAGE_MAX,
  CONVERSATION_HANDLERS,
  CONVERSATION_SEARCH_MAX_LENGTH,
  CONVERSATION_STATUSES,
  CONVERSATIONS_PER_PAGE,
  CONVERSATIONS_PER_PAGE_MAX,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PER_PAGE,
  MESSAGES_PER_PAGE_MAX,
  SENDER_TYPES,
} from "./conversation.ts";
import { parseMessageCursor } from "./message-cursor.ts";

// Timestamps travel as ISO 8601 text (`date.toISOString()` on the server).
const timestamp = z.iso.datetime({ offset: true });
const id = z.string();
const cents = z.number().int();
const oneOf = (values: readonly string[]) => `Must be one of ${values.join(", ")}`;

export const senderTypeSchema = z.enum(SENDER_TYPES);
export const conversationStatusSchema = z.enum(CONVERSATION_STATUSES);
export const conversationHandlerSchema = z.enum(CONVERSATION_HANDLERS);

// ---------------------------------------------------------------------------------------------------
// Responses

/** A file on a message. `byteSize` is null only for attachments read leniently from raw items. */
export const messageAttachmentSchema = z.object({
  id,
  /** `/files/{id}/{accessKey}/{fileName}` for stored files (see `attachmentUrl`). */
  url: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  byteSize: z.number().int().nonnegative().nullable(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

/** One message. `createdAt` is null only for raw items without a usable time (no time shown). */
export const messageSchema = z.object({
  id,
  conversationId: id,
  senderType: senderTypeSchema,
  senderName: z.string(),
  avatarUrl: z.string().nullable(),
  content: z.string(),
  attachments: z.array(messageAttachmentSchema),
  createdAt: timestamp.nullable(),
  /** The agent runtime's run that wrote this AI reply (its trace: `GET /app/conversations/{id}/agent_runs.json`). */
  agentRunId: id.nullable().optional(),
  /** A message sent out through WhatsApp: how far it got, as WhatsApp reports it. Absent for others. */
  delivery: z
    .object({
      status: z.enum(DELIVERY_STATUSES),
      errorCode: z.number().int().nullable(),
      error: z.string().nullable().describe("WhatsApp's reason when it failed; 131047: outside the 24-hour window"),
    })
    .nullable()
    .optional(),
  /** Sent as a WhatsApp template (its name), not as free text. */
  templateName: z.string().nullable().optional(),
  /** A message that came in or went out as email: its subject, addresses, quoted part and HTML. */
  email: messageEmailSchema.nullable().optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** The chat tool's ids: the 'account-conversation' pair (`accountId` is the company's chat account). */
export const chatAddressSchema = z.object({
  displayId: z.number().int().positive(),
  inboxId: z.number().int(),
  accountId: z.number().int().positive(),
});

export const conversationCustomerSchema = z.object({
  id,
  fullName: z.string(),
  organization: z.string().nullable(),
});

/** The lead of a conversation (`leads.conversation_id`), for the inbox's stage badge, need and deal size. */
export const conversationLeadSchema = z.object({
  id,
  stage: z.enum(LEAD_STAGES),
  need: z.string().nullable(),
  dealSizeCents: cents,
  currency: z.enum(ACCEPTED_CURRENCIES),
});

export const namedRefSchema = z.object({ id, name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

/** A row of the inbox / conversations list. */
export const conversationListItemSchema = z
  .object({
    id,
    channel: z.enum(CHANNELS),
    status: conversationStatusSchema,
    handledBy: conversationHandlerSchema,
    customer: conversationCustomerSchema.nullable(),
    lead: conversationLeadSchema.nullable(),
    aiEmployee: namedRefSchema.nullable(),
    lastMessage: z.object({ content: z.string(), senderType: senderTypeSchema, createdAt: timestamp }).nullable(),
    /** What it is about, when its channel says: an email thread's subject. */
    subject: z.string().nullable(),
    lastActivityAt: timestamp,
    createdAt: timestamp,
  })
  .extend(chatAddressSchema.shape);
export type ConversationListItem = z.infer<typeof conversationListItemSchema>;

export const conversationsPageSchema = z.object({
  conversations: z.array(conversationListItemSchema),
  /** Every conversation the filters match, not the page's length. */
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});
export type ConversationsPage = z.infer<typeof conversationsPageSchema>;

export const conversationQuoteSchema = z.object({
  id,
  number: z.number().int().positive(),
  state: z.enum(ORDER_STATES),
  totalCents: cents,
  currency: z.enum(ACCEPTED_CURRENCIES),
});
export type ConversationQuote = z.infer<typeof conversationQuoteSchema>;

/** One conversation with what the page shows beside the thread: the customer, lead and quotes. */
export const conversationDetailSchema = conversationListItemSchema.extend({
  customer: conversationCustomerSchema
    .extend({ email: z.string().nullable(), phone: z.string().nullable() })
    .nullable(),
  quotes: z.array(conversationQuoteSchema),
  /** The staff member who took the conversation over from the AI employee, and when. */
  takenOverBy: namedRefSchema.nullable(),
  takenOverAt: timestamp.nullable(),
  /** A WhatsApp conversation's 24-hour reply window; null for other channels. */
  whatsapp: z
    .object({
      windowOpen: z.boolean().describe("Free-text replies are allowed; otherwise only a template"),
      windowClosesAt: timestamp.nullable().describe("24 h after the customer's last message; null if none"),
      phoneNumber: z.string().nullable().describe("The customer's WhatsApp number"),
    })
    .nullable()
    .optional(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

/**
 * A page of a conversation's messages, oldest → newest. Pages go back in time: the first is the newest
 * messages; `nextBefore` asks for the ones before this page (null when this page reaches the start).
 */
export const messagesPageSchema = z.object({
  messages: z.array(messageSchema),
  nextBefore: z.string().nullable(),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

/** `POST /app/chat/sso_links.json`: the link the inbox embeds. */
export const ssoLinkSchema = z.object({ ssoLink: z.string() });
/** The `error` of a 502 from `sso_links.json` when the configured Chatwoot cannot give a link. */
export const CHAT_UNAVAILABLE_ERROR = "chat_unavailable";
/** The `error` of a 409 from `sso_links.json`: Chatwoot already has a user with this email that Foreman did not make. */
export const CHATWOOT_USER_NOT_OURS_ERROR = "chatwoot_user_not_ours";
export type SsoLink = z.infer<typeof ssoLinkSchema>;

// ---------------------------------------------------------------------------------------------------
// Request bodies

/** A file sent with a staff message, as base64 in the JSON body. */
export const newAttachmentSchema = z.object({
  fileName: requiredText(1, 255).refine(isSafeFileName, {
    error: "Must be a file name without slashes or control characters",
  }),
  contentType: z
    .string({ error: validationMessages.required })
    .trim()
    .regex(CONTENT_TYPE_PATTERN, { error: "Must be a content type like image/png" })
    .refine(isAllowedAttachmentType, { error: `Must be one of ${ATTACHMENT_TYPES_DESCRIPTION}` }),
  data: z
    .base64({ error: "Must be base64" })
    .refine((data) => base64DecodedLength(data) > 0, { error: "Must not be empty" })
    .refine((data) => base64DecodedLength(data) <= ATTACHMENT_MAX_BYTES, {
      error: `Must be at most ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`,
    }),
});
export type NewAttachment = z.infer<typeof newAttachmentSchema>;

/** `POST /app/conversations/{id}/messages.json`: a staff message (taking the conversation over). */
export const sendMessageBodySchema = z.object({
  content: requiredText(1, MESSAGE_MAX_LENGTH),
  attachments: z
    .array(newAttachmentSchema)
    .max(ATTACHMENTS_PER_MESSAGE_MAX, { error: `At most ${ATTACHMENTS_PER_MESSAGE_MAX} attachments` })
    .optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

/** `POST /app/chat/sso_links.json`: which conversation to open (none: the inbox). */
export const ssoLinkBodySchema = z.object({
  conversationId: z.guid({ error: "Must be a UUID" }).optional(),
});
export type SsoLinkBody = z.infer<typeof ssoLinkBodySchema>;

// ---------------------------------------------------------------------------------------------------
// Queries (keys as routes see them after the snake→camel renaming, see period/period-query.ts)

/**
 * `GET /app/conversations.json`, newest activity first. Without `relative_date` or a full created_at
 * range the list covers all time (the inbox shows recent conversations by activity, not by a period);
 * with one, it keeps the conversations whose last activity falls in the period (the range keeps the
 * `q[created_at_*]` names the other lists use).
 */
export const conversationsQuerySchema = periodQuerySchema.extend({
  stage: z.enum(LEAD_STAGES, { error: oneOf(LEAD_STAGES) }).optional(),
  channel: z.enum(CHANNELS, { error: oneOf(CHANNELS) }).optional(),
  status: z.enum(CONVERSATION_STATUSES, { error: oneOf(CONVERSATION_STATUSES) }).optional(),
  /** The AI employee handling it. */
  aiEmployeeId: z.guid({ error: "Must be a UUID" }).optional(),
  /**
   * Matches the customer's name or organization or the lead's need (case-insensitive substring), or the
   * conversation's display id ("42" or "#42").
   */
  q: z
    .string()
    .trim()
    .max(CONVERSATION_SEARCH_MAX_LENGTH, { error: validationMessages.maxLength(CONVERSATION_SEARCH_MAX_LENGTH) })
    .optional(),
  page: paginationQuerySchema.shape.page,
  perPage: z.coerce.number().int().min(1).max(CONVERSATIONS_PER_PAGE_MAX).default(CONVERSATIONS_PER_PAGE),
});
export type ConversationsQuery = z.infer<typeof conversationsQuerySchema>;

/** `GET /app/conversations/{id}/messages.json`. */
export const messagesQuerySchema = z.object({
  before: z
    .string()
    .refine((text) => parseMessageCursor(text) !== null, { error: 'Must be a cursor "<ISO time>|<message id>"' })
    .optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PER_PAGE_MAX).default(MESSAGES_PER_PAGE),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;
