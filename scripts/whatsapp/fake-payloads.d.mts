// Types for the webhook payload builders (fake-payloads.mjs), used from the server's TypeScript tests.

/** A WhatsApp webhook as Meta posts it: one entry for the WABA, one change. */
export type WebhookPayload = {
  object: "whatsapp_business_account";
  entry: Array<{
    id: string;
    time?: number;
    changes: Array<{ field: string; value: Record<string, unknown> }>;
  }>;
};

export type InboundMessageType = "text" | "image" | "document" | "audio" | "location" | "interactive" | "button";

export type InboundMessageFields = {
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
  /** The customer's WhatsApp id (their number in digits). */
  from: string;
  /** The customer's profile name. */
  name?: string;
  /** The message's wamid; a random one when omitted. */
  id?: string;
  /** Unix seconds; now when omitted. */
  timestamp?: number | string;
  type?: InboundMessageType;
  text?: string;
  mediaId?: string;
  mimeType?: string;
  /** Base64 SHA-256 of the media; a stand-in when omitted. */
  sha256?: string;
  caption?: string;
  fileName?: string;
  location?: { latitude: number; longitude: number; name?: string; address?: string };
  buttonReply?: { id: string; title: string };
  buttonText?: string;
  /** A quick-reply button's payload; buttonText when omitted. */
  buttonPayload?: string;
};

export type MessageStatus = "sent" | "delivered" | "read" | "failed";

export type StatusUpdateFields = {
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber?: string;
  wamid: string;
  status: MessageStatus;
  recipient: string;
  timestamp?: number | string;
  errors?: Array<{ code: number; title: string; message?: string; error_data?: { details: string } }>;
};

export type TemplateEvent = "APPROVED" | "REJECTED" | "PENDING" | "PAUSED" | "DISABLED" | "FLAGGED" | "REINSTATED";

export type TemplateStatusUpdateFields = {
  wabaId: string;
  templateId: string | number;
  name: string;
  language: string;
  event: TemplateEvent;
  /** Meta's reason (e.g. "INVALID_FORMAT"); "NONE" when omitted. */
  reason?: string;
};

export type QualityEvent = "FLAGGED" | "UNFLAGGED" | "UPGRADE" | "DOWNGRADE";

export type QualityUpdateFields = {
  wabaId: string;
  displayPhoneNumber: string;
  event: QualityEvent;
  /** The messaging limit tier; "TIER_1K" when omitted. */
  currentLimit?: string;
};

/** The X-Hub-Signature-256 header value: "sha256=" + hex HMAC-SHA256 of the raw body with the app secret. */
export declare function signWebhook(appSecret: string, rawBody: string | Buffer | Uint8Array): string;
/** A message id in WhatsApp's style ("wamid.…"). */
export declare function newWamid(): string;
export declare function inboundMessage(fields: InboundMessageFields): WebhookPayload;
export declare function statusUpdate(fields: StatusUpdateFields): WebhookPayload;
export declare function templateStatusUpdate(fields: TemplateStatusUpdateFields): WebhookPayload;
export declare function qualityUpdate(fields: QualityUpdateFields): WebhookPayload;
