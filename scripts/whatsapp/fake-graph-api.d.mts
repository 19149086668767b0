// Types for the fake of Meta's Graph API (fake-graph-api.mjs), which the server's TypeScript tests import.
import type {
  InboundMessageFields,
  QualityUpdateFields,
  StatusUpdateFields,
  TemplateStatusUpdateFields,
  WebhookPayload,
} from "./fake-payloads.mjs";

export { GraphError } from "./fake-meta-rules.mjs";
export type {
  InboundMessageFields,
  InboundMessageType,
  MessageStatus,
  QualityEvent,
  QualityUpdateFields,
  StatusUpdateFields,
  TemplateEvent,
  TemplateStatusUpdateFields,
  WebhookPayload,
} from "./fake-payloads.mjs";
export {
  inboundMessage,
  qualityUpdate,
  signWebhook,
  statusUpdate,
  templateStatusUpdate,
} from "./fake-payloads.mjs";

/** The names failNext, delayNext, callsOf and the call log use. */
export type Operation =
  | "token"
  | "debug_token"
  | "phone_numbers"
  | "phone_number"
  | "register"
  | "subscribe"
  | "list_subscriptions"
  | "unsubscribe"
  | "list_templates"
  | "create_template"
  | "get_template"
  | "edit_template"
  | "delete_template"
  | "send"
  | "media"
  | "media_download"
  | "sdk"
  | "signup"
  | "customer_message"
  | "message_status"
  | "unknown";

export declare const OPERATIONS: readonly Operation[];

export type FakeBusiness = {
  businessId: string;
  wabaId: string;
  phoneNumberId: string;
  /** As Graph writes it, e.g. "+1 555-010-0001" (webhooks carry the digits only). */
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating: "GREEN" | "YELLOW" | "RED" | "UNKNOWN" | (string & {});
};

/** The one business the fake holds from the start. */
export declare const DEFAULT_BUSINESS: Readonly<FakeBusiness>;

export type FakeGraphApiOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** "1234567890" by default. */
  appId?: string;
  /** "fake-app-secret" by default; it signs the webhooks. */
  appSecret?: string;
  /** Where deliver() and POST /fake/customer-message post webhooks by default. */
  webhookUrl?: string;
  /** Templates become APPROVED at once instead of PENDING (false by default). */
  autoApprove?: boolean;
  /** Receives one line per request answered (the CLI prints them). */
  log?: (line: string) => void;
};

export type MetaTemplateStatus = "APPROVED" | "PENDING" | "REJECTED" | "PAUSED" | "DISABLED" | (string & {});
export type MetaTemplateCategory = "UTILITY" | "MARKETING" | "AUTHENTICATION";

export type TemplateComponent = {
  type: string;
  format?: string;
  text?: string;
  example?: { body_text?: string[][]; header_text?: string[] };
  [key: string]: unknown;
};

/** A template as Graph writes it. */
export type WireTemplate = {
  id: string;
  name: string;
  language: string;
  category: string;
  status: MetaTemplateStatus;
  rejected_reason: string;
  components: TemplateComponent[];
};

export type SeedTemplate = {
  /** A 16-digit id is given when omitted. */
  id?: string;
  name: string;
  /** "en_US" by default. */
  language?: string;
  /** "UTILITY" by default. */
  category?: MetaTemplateCategory;
  /** "APPROVED" by default. */
  status?: MetaTemplateStatus;
  rejectedReason?: string;
  /** One BODY "Hello from Northwind" by default. */
  components?: TemplateComponent[];
};

export type FaultOptions = {
  /** HTTP status; 400 by default. */
  status?: number;
  /** Graph error code; 1 by default. */
  code?: number;
  message?: string;
  subcode?: number;
  userTitle?: string;
  userMessage?: string;
  /** How many calls in a row fail; 1 by default. */
  times?: number;
  /** Destroy the socket without answering. */
  networkDrop?: boolean;
};

export type RecordedCall = {
  operation: Operation;
  method: string;
  /** The path as requested, version prefix included. */
  path: string;
  query: Record<string, string>;
  /** Parsed JSON or form, or null. */
  body: unknown;
  authorization: string | null;
};

export type SentMessage = {
  phoneNumberId: string;
  to: string;
  type: string;
  text?: string;
  template?: { name: string; language: string; parameters: string[] };
  wamid: string;
};

export type DeliverOptions = {
  /** The fake's webhookUrl by default. */
  url?: string;
  /** "valid" (the default), "bad" (signed with another secret) or "none" (no header). */
  signature?: "valid" | "bad" | "none";
};

/** Selects a business; the first one when empty. */
export type BusinessSelector = { wabaId?: string; phoneNumberId?: string; businessId?: string };

export interface FakeGraphApi {
  /** Base URL without a version, e.g. "http://127.0.0.1:40123". */
  readonly url: string;
  readonly port: number;
  readonly appId: string;
  readonly appSecret: string;
  readonly autoApprove: boolean;
  readonly webhookUrl: string | null;
  /** Copies of the businesses the fake holds. */
  readonly businesses: FakeBusiness[];
  /** Every request since the last reset, in order. */
  readonly calls: RecordedCall[];
  /** Every message accepted by POST /{phone_number_id}/messages since the last reset. */
  readonly sent: SentMessage[];

  close(): Promise<void>;
  /** Clears calls, sent, faults, delays, templates, subscriptions, registrations and media; businesses and issued codes and tokens stay. */
  reset(): void;

  /** Adds a business (its own WABA and number unless given); ids and names default to the next free ones. */
  addBusiness(fields?: Partial<FakeBusiness>): FakeBusiness;
  /** A reusable Embedded Signup code; its token reaches that business's WABA. */
  issueCode(selector?: BusinessSelector): string;
  seedTemplates(wabaId: string, templates: SeedTemplate[]): WireTemplate[];
  /** Sets a template's status as Meta's review would; REJECTED's reason defaults to "INVALID_FORMAT". */
  setTemplateStatus(templateId: string, status: MetaTemplateStatus, reason?: string): WireTemplate;
  /**
   * Stores a media file (its `data`, or `size` bytes made up as they are served, never held in memory);
   * answers its id for inbound messages and GET /{media_id}, whose `file_size` is `declaredSize` when
   * given (null leaves it out).
   */
  addMedia(media: {
    mimeType: string;
    data?: Buffer | Uint8Array;
    size?: number;
    declaredSize?: number | null;
    fileName?: string;
  }): string;
  /** How many bytes of a media file the downloads so far had to produce. */
  mediaBytesServed(id: string): number;
  subscribedWabas(): string[];
  registeredNumbers(): string[];
  setWebhookUrl(url: string | null): void;

  failNext(operation: Operation, fault?: FaultOptions): void;
  delayNext(operation: Operation, ms: number): void;
  callsOf(operation: Operation): RecordedCall[];

  /** The X-Hub-Signature-256 value for a raw body, with this fake's app secret. */
  sign(rawBody: string | Buffer | Uint8Array): string;
  /** Builders with the business's ids (the first business unless a phone number or WABA is given), and the stored media's type and hash. */
  inboundMessage(fields?: Partial<InboundMessageFields>): WebhookPayload;
  /** The recipient defaults to that of the sent message with this wamid. */
  statusUpdate(fields: Partial<StatusUpdateFields> & Pick<StatusUpdateFields, "wamid" | "status">): WebhookPayload;
  /** The WABA, name and language default to those of the stored template. */
  templateStatusUpdate(
    fields: Partial<TemplateStatusUpdateFields> & Pick<TemplateStatusUpdateFields, "templateId" | "event">,
  ): WebhookPayload;
  /** The event defaults to "FLAGGED". */
  qualityUpdate(fields?: Partial<QualityUpdateFields>): WebhookPayload;
  /** Posts a webhook as Meta does; answers the receiver's status and body (parsed JSON when it is JSON). */
  deliver(payload: unknown, options?: DeliverOptions): Promise<{ status: number; body: unknown }>;
}

/** Starts the fake on 127.0.0.1. */
export declare function startFakeGraphApi(options?: FakeGraphApiOptions): Promise<FakeGraphApi>;
