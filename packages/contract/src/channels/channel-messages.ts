// The channel API (`/api/v1`): how an outside system hands a customer's message to an AI employee,
// authenticated by the channel's token, and reads the replies.
import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "../conversations/conversation.ts";

export const CHANNEL_MESSAGE_LIMITS = {
  messageId: 200,
  externalId: 200,
  name: 200,
  email: 254,
  phone: 40,
  source: 100,
  /** Channels deliver long emails; the reply window is no place for a novel. */
  content: MESSAGE_MAX_LENGTH * 4,
} as const;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

export const inboundMessageSchema = z.object({
  messageId: requiredText("message_id", CHANNEL_MESSAGE_LIMITS.messageId).describe(
    "the sender's own id for this message: a message delivered twice is answered once",
  ),
  customer: z.object(
    {
      externalId: requiredText("customer.external_id", CHANNEL_MESSAGE_LIMITS.externalId),
      name: requiredText("customer.name", CHANNEL_MESSAGE_LIMITS.name),
      email: z
        .email({ error: "Must be an email address" })
        .max(CHANNEL_MESSAGE_LIMITS.email)
        .transform((value) => value.toLowerCase())
        .optional(),
      phone: z.string().trim().min(3).max(CHANNEL_MESSAGE_LIMITS.phone).optional(),
    },
    { error: "customer is required" },
  ),
  source: z
    .string()
    .trim()
    .max(CHANNEL_MESSAGE_LIMITS.source)
    .optional()
    .describe('free text naming the channel ("whatsapp", "email", …); mapped by the spec\'s rule'),
  content: requiredText("content", CHANNEL_MESSAGE_LIMITS.content),
});
export type InboundMessage = z.infer<typeof inboundMessageSchema>;

export const inboundAcceptedSchema = z.object({
  conversationId: z.uuid(),
  messageId: z.uuid(),
  /** True when this message_id had arrived before: nothing new was stored or queued. */
  duplicate: z.boolean(),
});
export type InboundAccepted = z.infer<typeof inboundAcceptedSchema>;

/** A message as the channel API shows it (no staff names or internal ids beyond the message's). */
export const channelMessageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  role: z.enum(["customer", "ai", "staff"]),
  senderName: z.string(),
  content: z.string(),
  /** The customer message this reply answers (AI replies). */
  replyTo: z.uuid().nullable(),
  /** The sender's id of an inbound message. */
  externalId: z.string().nullable(),
  createdAt: z.string(),
});
export type ChannelMessage = z.infer<typeof channelMessageSchema>;

/** Messages `GET /api/v1/conversations/{id}/messages` lists (the newest). */
export const CHANNEL_MESSAGES_SHOWN = 100;

/** The webhook's body: one event per message posted in a channel's conversation. */
export type ChannelWebhookEvent = {
  event: "message.created";
  channelId: string;
  conversationId: string;
  message: ChannelMessage;
};

/** Header carrying `sha256=<hex>`: HMAC-SHA256 of `${timestamp}.${body}` with the webhook secret. */
export const WEBHOOK_SIGNATURE_HEADER = "X-Foreman-Signature";
/** Header carrying the signing time (Unix seconds), so a receiver can refuse stale replays. */
export const WEBHOOK_TIMESTAMP_HEADER = "X-Foreman-Timestamp";
