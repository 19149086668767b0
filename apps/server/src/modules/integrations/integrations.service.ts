import type { ConnectionTest, Integration, IntegrationList } from "@foreman/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "#server/config.ts";
import type { Executor } from "#server/db/client.ts";
import { type ChatMessage, type ModelProvider, ProviderError, type TurnHints } from "../agents/index.ts";
import { findConnection } from "../whatsapp/index.ts";
import { countEmailChannels, countLiveApiChannels, countWebsiteChats } from "./integrations.repository.ts";

// Each integration's state is read from reality when the list is asked for: the configuration the
// server started with and the company's records. One small function per integration; a new one (or a
// state read from a new connection, like WhatsApp's) is one function and one line in INTEGRATIONS.

export type IntegrationContext = {
  db: Executor;
  companyId: string;
  config: Config;
  /** The model the AI employees answer with (the app's `modelProvider`). */
  provider: ModelProvider;
};

type IntegrationReader = (ctx: IntegrationContext) => Integration | Promise<Integration>;

/** What an integration is, whatever its state. */
type About = Pick<Integration, "key" | "name" | "description" | "actions">;

const OPENAI_DEFAULT_HOST = "api.openai.com";

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

export function modelProviderIntegration({ config, provider }: IntegrationContext): Integration {
  const llm = config.agents.llm;
  const base: About & Pick<Integration, "state"> = {
    key: "model_provider",
    name: "AI model",
    description: "The model your AI employees think and write with, in every conversation and in Try it.",
    state: "connected",
    actions: ["test_connection"],
  };
  if (llm.provider === "builtin") {
    return {
      ...base,
      details: [
        { label: "Engine", value: "Built-in engine, no key needed" },
        { label: "Model", value: provider.model },
      ],
      setup: {
        instructions:
          "To answer with your own model, set LLM_PROVIDER=openai with a key and a model (and the base URL of any OpenAI-compatible API), then restart the server.",
        variables: ["LLM_PROVIDER", "LLM_API_KEY", "LLM_MODEL", "LLM_BASE_URL"],
        endpoint: null,
      },
    };
  }
  return {
    ...base,
    details: [
      { label: "Engine", value: "OpenAI-compatible API" },
      // The host only: a base URL may carry credentials, and the key is never shown.
      { label: "Host", value: llm.baseUrl ? hostOf(llm.baseUrl) : OPENAI_DEFAULT_HOST },
      { label: "Model", value: llm.model },
    ],
    setup: null,
  };
}

export async function channelApiIntegration({ db, companyId }: IntegrationContext): Promise<Integration> {
  const live = await countLiveApiChannels(db, companyId);
  const base: About = {
    key: "channel_api",
    name: "Channel API",
    description: "Lets your own apps and services send customer messages to an AI employee and get its replies.",
    actions: [],
  };
  if (live > 0) {
    return {
      ...base,
      state: "connected",
      details: [
        { label: "Channels with a token", value: String(live) },
        { label: "Inbound messages", value: "POST /api/v1/messages" },
      ],
      setup: null,
    };
  }
  return {
    ...base,
    state: "disconnected",
    details: [],
    setup: {
      instructions:
        "An owner or an admin opens a channel for an AI employee; its token, shown once, authenticates the messages sent to POST /api/v1/messages.",
      variables: [],
      endpoint: "POST /app/api_channels.json",
    },
  };
}

/** The website chat: connected while the company has a website chat switched on. */
export async function websiteChatIntegration({ db, companyId }: IntegrationContext): Promise<Integration> {
  const chats = await countWebsiteChats(db, companyId);
  const base: About = {
    key: "website_chat",
    name: "Website chat",
    description:
      "A chat on your own website: visitors write, your AI employee answers, and the conversations land in the inbox.",
    actions: [],
  };
  if (chats.enabled > 0) {
    return {
      ...base,
      state: "connected",
      details: [{ label: "Website chats on", value: `${chats.enabled} of ${chats.total}` }],
      setup: null,
    };
  }
  return {
    ...base,
    state: "disconnected",
    details: chats.total > 0 ? [{ label: "Website chats on", value: `0 of ${chats.total}` }] : [],
    setup: {
      instructions:
        chats.total > 0
          ? "Every website chat is switched off: an owner or an admin switches one on."
          : "An owner or an admin adds a website chat: who answers, the websites it may be used on, then pastes its snippet into the site.",
      variables: [],
      endpoint: "POST /app/website_chats.json",
    },
  };
}

export function chatwootIntegration({ config }: IntegrationContext): Integration {
  const base: About = {
    key: "chatwoot",
    name: "Chatwoot",
    description: "Staff read and answer conversations in Chatwoot, embedded in the inbox with single sign-on.",
    actions: [],
  };
  if (config.chatwoot) {
    return {
      ...base,
      state: "connected",
      details: [{ label: "Host", value: hostOf(config.chatwoot.url) }],
      setup: null,
    };
  }
  return {
    ...base,
    state: "disconnected",
    details: [],
    setup: {
      instructions:
        "Set your Chatwoot address and a Platform API token, then restart the server. Until then the inbox shows Foreman's own conversation view.",
      variables: ["CHATWOOT_URL", "CHATWOOT_PLATFORM_TOKEN"],
      endpoint: null,
    },
  };
}

/**
 * WhatsApp: "coming soon" with what to set until the server has its settings; then the company's
 * connection as the embedded signup left it (status.json has the full details).
 */
export async function whatsappIntegration({ db, companyId, config }: IntegrationContext): Promise<Integration> {
  const base: About = {
    key: "whatsapp",
    name: "WhatsApp",
    description: "Your AI employees answer customers on WhatsApp Business, with message templates.",
    actions: [],
  };
  if (!config.whatsapp.configured)
    return {
      ...base,
      state: "coming_soon",
      details: [],
      setup: {
        instructions:
          "Create a Meta app with WhatsApp and an embedded signup configuration, set these on the server and restart. To try it offline, npm run whatsapp:fake prints settings for a local fake of Meta.",
        variables: config.whatsapp.missing,
        endpoint: null,
      },
    };
  const connection = await findConnection(db, companyId);
  if (!connection)
    return {
      ...base,
      state: "disconnected",
      details: [],
      setup: {
        instructions: "An owner or an admin connects the company's number with Meta's embedded signup.",
        variables: [],
        endpoint: "POST /app/whatsapp/embedded_signup/integrations/onboard.json",
      },
    };
  const details = [
    { label: "Number", value: connection.displayPhoneNumber ?? connection.phoneNumberId },
    ...(connection.verifiedName ? [{ label: "Name", value: connection.verifiedName }] : []),
    { label: "Quality", value: connection.quality },
  ];
  return {
    ...base,
    state: connection.state,
    details,
    setup:
      connection.state === "connected"
        ? null
        : {
            instructions: connection.error ?? "Connect the number again with Meta's embedded signup.",
            variables: [],
            endpoint: "POST /app/whatsapp/embedded_signup/integrations/onboard.json",
          },
  };
}

/** The roads mail comes in by, as configured: the built-in SMTP listener and the signed webhook. */
function inboundRoads(config: Config): string[] {
  const roads: string[] = [];
  if (config.email.inboundPort !== undefined) roads.push(`SMTP listener on port ${config.email.inboundPort}`);
  if (config.email.webhookSecret) roads.push("Webhook POST /webhooks/email");
  return roads;
}

/**
 * Email: connected while the company has an email channel switched on and the server can send mail
 * (SMTP_URL); setting up while it has a channel but no SMTP server (replies wait in the outbox).
 */
export async function emailIntegration({ db, companyId, config }: IntegrationContext): Promise<Integration> {
  const channels = await countEmailChannels(db, companyId);
  const smtpUrl = config.mail.smtpUrl;
  const base: About = {
    key: "email",
    name: "Email",
    description: "Your AI employees answer the customer emails sent to your support address.",
    actions: channels.total > 0 ? ["send_test_mail"] : [],
  };
  if (channels.total === 0)
    return {
      ...base,
      state: "disconnected",
      details: [],
      setup: {
        instructions:
          "An owner or an admin adds an email channel (who answers, the address replies come from), then forwards the company's support address to the inbound address it gets.",
        variables: [],
        endpoint: "POST /app/email_channels.json",
      },
    };
  const roads = inboundRoads(config);
  const details = [
    { label: "Email channels on", value: `${channels.enabled} of ${channels.total}` },
    // The host only: SMTP_URL carries the server's credentials.
    { label: "Outgoing mail", value: smtpUrl ? hostOf(smtpUrl) : "Kept in the outbox" },
    ...(roads.length > 0
      ? roads.map((road) => ({ label: "Incoming mail", value: road }))
      : [{ label: "Incoming mail", value: "No way in yet: set EMAIL_INBOUND_PORT or EMAIL_WEBHOOK_SECRET" }]),
  ];
  if (!smtpUrl)
    return {
      ...base,
      state: "setting_up",
      details,
      setup: {
        instructions:
          "Set SMTP_URL (your mail server) and MAIL_FROM, then restart the server. Meanwhile every mail is kept in the Outbox, unsent.",
        variables: ["SMTP_URL", "MAIL_FROM"],
        endpoint: null,
      },
    };
  if (channels.enabled === 0)
    return {
      ...base,
      state: "disconnected",
      details,
      setup: {
        instructions: "Every email channel is switched off: an owner or an admin switches one on.",
        variables: [],
        endpoint: "PATCH /app/email_channels/{id}.json",
      },
    };
  return { ...base, state: "connected", details, setup: null };
}

/** The list, in the order staff see it. */
export const INTEGRATIONS: readonly IntegrationReader[] = [
  modelProviderIntegration,
  websiteChatIntegration,
  channelApiIntegration,
  chatwootIntegration,
  whatsappIntegration,
  emailIntegration,
];

export async function listIntegrations(ctx: IntegrationContext): Promise<IntegrationList> {
  return { integrations: await Promise.all(INTEGRATIONS.map((read) => read(ctx))) };
}

// ---------------------------------------------------------------------------------------------------
// Test connection

/** The longest a connection test waits for the model, whatever the provider's own timeout. */
export const CONNECTION_TEST_TIMEOUT_MS = 10_000;

const TEST_MESSAGES: ChatMessage[] = [
  { role: "system", content: "This is a connection test. Answer with the single word: ok." },
  { role: "user", content: "Hello" },
];

const TEST_HINTS: TurnHints = {
  employeeName: "Foreman",
  companyName: "Foreman",
  customerName: null,
  languages: ["en"],
  maxDiscountPercent: 0,
  openQuote: null,
  passages: [],
};

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

export type ConnectionTestOptions = {
  provider: ModelProvider;
  timeoutMs: number;
  /** Values that must never reach the answer (the API key), should a message ever quote one. */
  secrets: readonly string[];
  log: FastifyBaseLogger;
};

/**
 * One tiny completion through the configured model. A provider that fails or does not answer in time
 * is an answer (`ok: false` with the reason staff can act on), never an error status.
 */
export async function testModelProvider({
  provider,
  timeoutMs,
  secrets,
  log,
}: ConnectionTestOptions): Promise<ConnectionTest> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const base = { provider: provider.name, model: provider.model };
  try {
    await provider.complete({ messages: TEST_MESSAGES, tools: [], hints: TEST_HINTS, signal: controller.signal });
    return { ok: true, ...base, latencyMs: elapsed() };
  } catch (error) {
    const latencyMs = elapsed();
    // ProviderError messages are written to be shown (built from the status alone); anything else is not.
    const message = controller.signal.aborted
      ? `The model provider did not answer within ${seconds(timeoutMs)}`
      : error instanceof ProviderError
        ? error.message
        : "The model provider failed in an unexpected way";
    log.warn({ err: error }, "model provider connection test failed");
    return { ok: false, ...base, latencyMs, error: redact(message, secrets) };
  } finally {
    clearTimeout(timer);
  }
}

function redact(message: string, secrets: readonly string[]): string {
  return secrets.reduce((text, secret) => (secret ? text.split(secret).join("[redacted]") : text), message);
}

/** The test's deadline and secrets for the configured model. */
export function connectionTestSettings(config: Config): { timeoutMs: number; secrets: string[] } {
  const llm = config.agents.llm;
  if (llm.provider === "builtin") return { timeoutMs: CONNECTION_TEST_TIMEOUT_MS, secrets: [] };
  return { timeoutMs: Math.min(CONNECTION_TEST_TIMEOUT_MS, llm.timeoutMs), secrets: [llm.apiKey] };
}
