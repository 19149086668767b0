import { z } from "zod";
import { OUTBOUND_MAIL_STATES } from "../mail/outbound-mail.ts";
import { emailField } from "../validation.ts";

// The email channel: a company forwards its support or sales address to an inbound address Foreman
// gives it (`<local>@EMAIL_INBOUND_DOMAIN`); mail arriving there is answered by the channel's AI
// employee (or department), and replies go out through the outbox from the channel's own address.

export const EMAIL_CHANNEL_LIMITS = {
  nameLength: 80,
  /** Channels per company. */
  perCompany: 20,
} as const;

/** What one inbound mail may be, and how much of it the AI and the thread get. */
export const INBOUND_MAIL_LIMITS = {
  /** The whole raw message (RFC 822), attachments included: larger mail is refused (552 / 413). */
  maxBytes: 25 * 1024 * 1024,
  /** Mails a minute from one sender to one channel before the next are held for staff. */
  perSenderPerMinute: 10,
  /** Attachments kept per mail (the rest are listed as skipped). */
  attachments: 10,
  /** Characters of a mail's text kept as the message. */
  textLength: 150_000,
} as const;

const emailChannelFields = {
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, { error: "Name is required" })
    .max(EMAIL_CHANNEL_LIMITS.nameLength, { error: `At most ${EMAIL_CHANNEL_LIMITS.nameLength} characters` }),
  /** The address replies come from (the company's own, e.g. support@shop.example); null: the inbound address. */
  fromAddress: emailField.nullable(),
  /** Who answers: an AI employee, or a department (its first active AI employee answers). One of the two. */
  aiEmployeeId: z.uuid({ error: "Choose an AI employee" }).nullable(),
  departmentId: z.uuid({ error: "Choose a department" }).nullable(),
};

/** `POST /app/email_channels.json`. */
export const emailChannelCreateSchema = z
  .object({
    ...emailChannelFields,
    fromAddress: emailChannelFields.fromAddress.optional().default(null),
    aiEmployeeId: emailChannelFields.aiEmployeeId.optional().default(null),
    departmentId: emailChannelFields.departmentId.optional().default(null),
  })
  .refine((channel) => Boolean(channel.aiEmployeeId) !== Boolean(channel.departmentId), {
    error: "Choose an AI employee or a department to answer",
    path: ["aiEmployeeId"],
  });
export type EmailChannelCreate = z.infer<typeof emailChannelCreateSchema>;

/** `PATCH /app/email_channels/{id}.json`: any of the fields (answering: both ids given, one of them null). */
export const emailChannelPatchSchema = z
  .object(emailChannelFields)
  .partial()
  .extend({ enabled: z.boolean({ error: "Must be true or false" }).optional() })
  .refine((patch) => Object.keys(patch).length > 0, { error: "Nothing to change" });
export type EmailChannelPatch = z.infer<typeof emailChannelPatchSchema>;

/** One email channel as staff see it. */
export const emailChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Where the company forwards its address to: `<local>@EMAIL_INBOUND_DOMAIN`. */
  inboundAddress: z.string(),
  /** The address replies come from: the one staff set, else the inbound address. */
  fromAddress: z.string(),
  /** True when staff set their own sending address (false: replies come from the inbound address). */
  customFromAddress: z.boolean(),
  aiEmployee: z.object({ id: z.string(), name: z.string() }).nullable(),
  department: z.object({ id: z.string(), name: z.string() }).nullable(),
  enabled: z.boolean(),
  conversationsCount: z.number().int(),
  createdAt: z.string(),
});
export type EmailChannel = z.infer<typeof emailChannelSchema>;

export const emailChannelListSchema = z.object({ emailChannels: z.array(emailChannelSchema) });
export type EmailChannelList = z.infer<typeof emailChannelListSchema>;

/** One mail of the outbox (`GET /app/outbound_mails.json`), as owners see it. */
export const outboundMailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  state: z.enum(OUTBOUND_MAIL_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboundMail = z.infer<typeof outboundMailSchema>;

export const outboundMailListSchema = z.object({
  outboundMails: z.array(outboundMailSchema),
  /** Whether the server has an SMTP server (SMTP_URL): without one, mail is kept here unsent. */
  smtpConfigured: z.boolean(),
  /** Every mail of the company, not the page's length. */
  total: z.number().int(),
});
export type OutboundMailList = z.infer<typeof outboundMailListSchema>;

/** `POST /app/outbound_mails/test.json`: a short mail to this address, through the outbox. */
export const testMailSchema = z.object({ to: emailField });
export type TestMail = z.infer<typeof testMailSchema>;

/** Why a mail was stored but not answered (loop protection), in staff's words. */
export const AUTOMATED_MAIL_REASONS = {
  auto_submitted: "An automatic reply (Auto-Submitted)",
  auto_reply: "An automatic reply (out of office or autoresponder)",
  bulk: "A bulk or mailing-list mail",
  bounce: "A bounce: a mail we sent could not be delivered",
  system_sender: "Sent by a mail system (MAILER-DAEMON, postmaster, no-reply)",
  own_address: "Sent from one of our own addresses",
  too_many: "This sender wrote too many mails a minute: held for staff",
} as const;
export type AutomatedMailReason = keyof typeof AUTOMATED_MAIL_REASONS;

/** A message that came in or went out as email: what the thread shows besides its new text. */
export const messageEmailSchema = z.object({
  subject: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  /** The quoted history and signature cut from the text the AI read; staff may expand it. */
  quotedText: z.string().nullable(),
  /** The mail's HTML, sanitized (no scripts, handlers or remote loads): shown in a sandboxed frame. */
  html: z.string().nullable(),
  /** Why it was stored but not answered, or null. */
  automated: z.enum(Object.keys(AUTOMATED_MAIL_REASONS) as [AutomatedMailReason, ...AutomatedMailReason[]]).nullable(),
  /** Attachments left out (too many, too large, or not what they claim to be), in words. */
  skippedAttachments: z.array(z.string()),
  /** The full original (.eml) for staff: `/app/email_messages/{id}/original.eml`; null for sent mail. */
  originalUrl: z.string().nullable(),
});
export type MessageEmail = z.infer<typeof messageEmailSchema>;
