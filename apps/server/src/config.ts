import { hkdfSync } from "node:crypto";
import { isIP } from "node:net";
import { z } from "zod";
import { resolveSetting } from "./paths.ts";

// Environment → typed config. Pure (no process access) so tests can feed it any env.
const booleanFlag = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" }))
  .transform((value) => value === "true" || value === "1" || value === "yes");

/** A URL setting that `accepts` (a text that is no URL at all is refused with the same message). */
const urlSetting = (accepts: (url: URL) => boolean, error: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return accepts(new URL(value));
        } catch {
          return false;
        }
      },
      { error },
    );

// A Sentry DSN as Sentry and GlitchTip show it: http(s)://<public key>@<host>[/<path>]/<numeric project id>.
const sentryDsn = urlSetting(
  (url) =>
    (url.protocol === "https:" || url.protocol === "http:") &&
    url.username !== "" &&
    url.hostname !== "" &&
    !url.search &&
    !url.hash &&
    /\/\d+$/.test(url.pathname),
  "must be a DSN like https://<public key>@sentry.example.com/<project id>",
);

const postgresUrl = urlSetting(
  (url) => (url.protocol === "postgres:" || url.protocol === "postgresql:") && url.hostname.length > 0,
  "must be a postgres:// URL",
);

// An http(s) base URL without query or fragment (paths are appended to it); a trailing slash is dropped.
const httpUrl = urlSetting(
  (url) => (url.protocol === "http:" || url.protocol === "https:") && !url.search && !url.hash,
  "must be an http(s) URL without a query",
).transform((value) => value.replace(/\/+$/, ""));

// TRUST_PROXY: whom to believe about the client's address in X-Forwarded-For (Fastify's trustProxy forms).
// `true` believes anyone, so any client can name itself; it is kept for existing set-ups and warned about
// at start-up (app.ts). A number trusts that many hops in front of the server; a list trusts those proxies.
const TRUST_PROXY_MESSAGE =
  "must be false, a number of proxy hops, or a comma-separated list of proxy IP addresses or CIDR networks";
// proxy-addr's names for the reserved ranges.
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): boolean | number | string[] => {
    const lower = value.toLowerCase();
    if (lower === "false" || lower === "no" || lower === "0") return false;
    if (lower === "true" || lower === "yes") return true;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    context.addIssue({ code: "custom", message: TRUST_PROXY_MESSAGE });
    return z.NEVER;
  });

const positiveInt = (fallback: number) =>
  z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .positive()
    .default(fallback);

const portNumber = z.coerce
  .number({ error: "must be a port number (0-65535)" })
  .int({ error: "must be a port number (0-65535)" })
  .min(0, { error: "must be a port number (0-65535)" })
  .max(65535, { error: "must be a port number (0-65535)" });

const envSchema = z.object({
  PORT: portNumber.default(3000),
  HOST: z.string().trim().min(1, { error: "must not be empty" }).default("0.0.0.0"),
  DATABASE_URL: postgresUrl.optional(),
  DATA_DIR: z.string().trim().min(1, { error: "must not be empty" }).optional(),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  // No default here: it depends on where the server runs (seedDemoByDefault).
  SEED_DEMO: booleanFlag.optional(),
  NODE_ENV: z.string().trim().optional(),
  WEB_DIST: z.string().trim().min(1, { error: "must not be empty" }).optional(),
  // HTTPS with HTTP/2 on the server's own port: a certificate chain and its private key, PEM files.
  TLS_CERT_FILE: z.string().trim().min(1, { error: "must not be empty" }).optional(),
  TLS_KEY_FILE: z.string().trim().min(1, { error: "must not be empty" }).optional(),
  ALLOW_PRIVATE_WEBHOOKS: booleanFlag.default(false),
  RATE_LIMIT_MAX: positiveInt(600),
  RATE_LIMIT_WINDOW_MS: positiveInt(60_000),
  TRUST_PROXY: trustProxy.default(false),
  CHATWOOT_URL: httpUrl.optional(),
  CHATWOOT_PLATFORM_TOKEN: z.string().trim().optional(),
  LLM_PROVIDER: z.enum(["builtin", "openai"], { error: "must be builtin or openai" }).default("builtin"),
  LLM_BASE_URL: httpUrl.optional(),
  LLM_API_KEY: z.string().trim().optional(),
  LLM_MODEL: z.string().trim().min(1, { error: "must not be empty" }).optional(),
  LLM_TIMEOUT_MS: positiveInt(30_000),
  LLM_MAX_RETRIES: z.coerce.number({ error: "must be a whole number" }).int().min(0).max(10).default(2),
  AGENT_MAX_STEPS: z.coerce.number({ error: "must be a whole number" }).int().min(1).max(20).default(6),
  AGENT_CONCURRENCY: z.coerce.number({ error: "must be a whole number" }).int().min(1).max(64).default(4),
  AGENT_JOB_LEASE_MS: positiveInt(60_000),
  KNOWLEDGE_EXTRACT_TIMEOUT_MS: positiveInt(30_000),
  KNOWLEDGE_EXTRACT_MEMORY_MB: z.coerce
    .number({ error: "must be a whole number" })
    .int()
    .min(32)
    .max(8192)
    .default(512),
  WHATSAPP_APP_ID: z
    .string()
    .trim()
    .regex(/^\d{1,32}$/, { error: "must be Meta's numeric app id" })
    .optional(),
  WHATSAPP_APP_SECRET: z
    .string()
    .trim()
    .min(16, { error: "must be the app secret (at least 16 characters)" })
    .optional(),
  WHATSAPP_CONFIG_ID: z
    .string()
    .trim()
    .regex(/^[\w-]{1,64}$/, { error: "must be the embedded signup configuration id" })
    .optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().trim().min(8, { error: "must be at least 8 characters" }).optional(),
  PUBLIC_URL: httpUrl.optional(),
  // Error tracking (docs/error-tracking.md): the server's DSN, the browser's (may be another project),
  // and the environment both report under.
  SENTRY_DSN: sentryDsn.optional(),
  SENTRY_BROWSER_DSN: sentryDsn.optional(),
  SENTRY_ENVIRONMENT: z.string().trim().max(64, { error: "must be at most 64 characters" }).default("production"),
  WHATSAPP_GRAPH_URL: httpUrl.default("https://graph.facebook.com"),
  WHATSAPP_GRAPH_VERSION: z
    .string()
    .trim()
    .regex(/^v\d+\.\d+$/, { error: "must look like v22.0" })
    .default("v22.0"),
  WHATSAPP_SDK_URL: httpUrl.default("https://connect.facebook.net/en_US/sdk.js"),
  SMTP_URL: urlSetting(
    (url) => (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "",
    "must be smtp://user:password@host:587 or smtps://user:password@host:465",
  ).optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .max(320)
    .regex(/^(?:[^<>@]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, {
      error: "must be an address, or a name and an address: Foreman <no-reply@example.com>",
    })
    .default("Foreman <no-reply@localhost>"),
  EMAIL_INBOUND_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,200}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, {
      error: "must be a domain name like mail.example.com",
    })
    .default("mail.foreman.localhost"),
  EMAIL_INBOUND_PORT: portNumber.optional(),
  EMAIL_INBOUND_HOST: z.string().trim().min(1, { error: "must not be empty" }).default("0.0.0.0"),
  EMAIL_WEBHOOK_SECRET: z.string().trim().min(16, { error: "must be at least 16 characters" }).optional(),
  SUPPORT_EMAIL: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ error: "must be an email address like support@example.com" }))
    .optional(),
  // How long notification mail waits to gather what else happens (a burst of 100 action items is one mail).
  NOTIFICATION_MAIL_DELAY_MS: z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "must be 0 or more" })
    .default(120_000),
  // Phone numbers and calls (docs/phones.md): Twilio's REST API and webhooks; without both, the built-in
  // simulated provider answers (numbers from the fictional 555-01xx range).
  TWILIO_ACCOUNT_SID: z
    .string()
    .trim()
    .regex(/^AC[0-9a-f]{32}$/i, { error: "must be an account SID: AC followed by 32 hex characters" })
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().min(16, { error: "must be the account's auth token" }).optional(),
  TWILIO_API_URL: httpUrl.default("https://api.twilio.com"),
  // Billing (docs/billing.md): with both, companies are Stripe customers; without, invoices are computed
  // and marked "not charged".
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_\w{8,}$/, { error: "must be a secret key like sk_test_…" })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_\w{8,}$/, { error: "must be a webhook signing secret like whsec_…" })
    .optional(),
  STRIPE_API_URL: httpUrl.default("https://api.stripe.com"),
  ENCRYPTION_KEY: z
    .string()
    .trim()
    .refine((value) => decodeKey(value) !== null, { error: "must be 32 bytes as 64 hex characters or base64" })
    .optional(),
});

/**
 * The demo accounts' password is published, so the demo is seeded by default only where that is
 * harmless: the embedded database outside production (`npm start`'s first run, development). With
 * NODE_ENV=production or a DATABASE_URL it takes SEED_DEMO=true.
 */
function seedDemoByDefault(e: { NODE_ENV?: string | undefined; DATABASE_URL?: string | undefined }): boolean {
  return e.NODE_ENV !== "production" && e.DATABASE_URL === undefined;
}

/** A 32-byte key written as hex or base64; null when it is neither. */
function decodeKey(value: string): Buffer | null {
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
  return bytes.length === 32 ? bytes : null;
}

/** The settings WhatsApp needs, in the order the integrations list names them. */
export const WHATSAPP_REQUIRED_SETTINGS = [
  "WHATSAPP_APP_ID",
  "WHATSAPP_APP_SECRET",
  "WHATSAPP_CONFIG_ID",
  "WHATSAPP_VERIFY_TOKEN",
  "PUBLIC_URL",
] as const;

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Absolute directory for PGlite, or `memory://` for an in-memory database. */
  dataDir: string;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** SEED_DEMO: seed the demo workspace into an empty database (default: embedded database, not production). */
  seedDemo: boolean;
  /** Absolute path of the built SPA. */
  webDist: string;
  /**
   * TLS_CERT_FILE and TLS_KEY_FILE (absolute paths): the server answers HTTPS, HTTP/2 and HTTP/1.1, on
   * its port. Null: plain HTTP/1.1, for a proxy in front to terminate TLS (and speak HTTP/2 to browsers).
   */
  tls: { certFile: string; keyFile: string } | null;
  /**
   * PUBLIC_URL: the server's address as the outside world reaches it, for the links it gives out (the
   * website chat's snippet and frame, WhatsApp's webhook). Unset: the address each request came to.
   */
  publicUrl: string | undefined;
  /**
   * Where the links in mail to users lead (a password reset, an invitation): PUBLIC_URL, else this
   * machine on PORT. Never the request's Host header, which the client chooses.
   */
  appUrl: string;
  /**
   * ALLOW_PRIVATE_WEBHOOKS: calls to tenants' URLs (channel webhooks) may reach loopback and private
   * networks, for self-hosters whose receivers live there (lib/outbound-http). Off: public addresses only.
   */
  allowPrivateWebhooks: boolean;
  rateLimit: { max: number; windowMs: number };
  /** Whom to believe in X-Forwarded-For: false, true (anyone; warned about), a hop count, or proxy addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  /** Chatwoot's Platform API, when both CHATWOOT_URL and CHATWOOT_PLATFORM_TOKEN are set: the inbox embeds its SSO links. */
  chatwoot: ChatwootConfig | null;
  /**
   * Error tracking (plugins/error-tracking.ts): SENTRY_DSN's project gets the server's errors and traces,
   * SENTRY_BROWSER_DSN's the browser's (GET /client_config.json hands it out); each unset, nothing of
   * that side is loaded or sent. SENTRY_ENVIRONMENT names the environment (default production).
   */
  errorTracking: { serverDsn: string | undefined; browserDsn: string | undefined; environment: string };
  /** The AI employees' model and how their jobs run (modules/agents/README.md). */
  agents: AgentsConfig;
  /** The budget one uploaded knowledge-base file is read within, on a thread of its own. */
  knowledgeExtraction: { timeoutMs: number; memoryMb: number };
  /** Meta's WhatsApp Cloud API (modules/whatsapp/README.md); `configured` false until every required setting is given. */
  whatsapp: WhatsappConfig;
  /**
   * Outbound mail (modules/mail/README.md): SMTP_URL's server, or none (mail is kept in the outbox,
   * unsent), and MAIL_FROM, the sender of mail that names no other.
   */
  mail: { smtpUrl: string | undefined; from: string };
  /**
   * Inbound mail (modules/email/README.md): the domain of the channels' inbound addresses, the built-in
   * SMTP listener's port (EMAIL_INBOUND_PORT; off unless set) and address, and the secret that signs
   * POST /webhooks/email (EMAIL_WEBHOOK_SECRET; unset: the webhook answers 404).
   */
  email: {
    inboundDomain: string;
    inboundPort: number | undefined;
    inboundHost: string;
    webhookSecret: string | undefined;
  };
  /** Notification mail (modules/notifications/README.md): how long a user's batch gathers before it is mailed. */
  notifications: { mailDelayMs: number };
  /**
   * The key that seals secrets stored in the database (WhatsApp business tokens): ENCRYPTION_KEY, or one
   * derived from WHATSAPP_APP_SECRET; null when neither is set (nothing can be sealed, nothing needs to be).
   */
  encryptionKey: Buffer | null;
  /**
   * Phone numbers and calls (modules/telephony): Twilio with TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN
   * (its REST API at TWILIO_API_URL; webhooks signed for PUBLIC_URL), else the built-in simulated provider.
   */
  telephony: TelephonyConfig;
  /** Billing (modules/billing): Stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, else computed invoices. */
  billing: BillingConfig;
  /** SUPPORT_EMAIL: where the help centre's contact form mails (modules/help/README.md); unset, the form is hidden. */
  supportEmail: string | undefined;
};

export type WhatsappConfig = {
  configured: boolean;
  /** The required settings not given (names only). */
  missing: string[];
  appId: string | undefined;
  appSecret: string | undefined;
  configId: string | undefined;
  verifyToken: string | undefined;
  /** Where Meta reaches this server (the webhook is PUBLIC_URL + /webhooks/whatsapp). */
  publicUrl: string | undefined;
  graphUrl: string;
  graphVersion: string;
  sdkUrl: string;
};

export type TelephonyConfig =
  | { provider: "simulated" }
  | { provider: "twilio"; accountSid: string; authToken: string; apiUrl: string };

export type BillingConfig =
  | { provider: "none" }
  | { provider: "stripe"; secretKey: string; webhookSecret: string; apiUrl: string };

export type LlmConfig =
  | { provider: "builtin" }
  | {
      provider: "openai";
      baseUrl: string | undefined;
      apiKey: string;
      model: string;
      timeoutMs: number;
      maxRetries: number;
    };

export type AgentsConfig = {
  llm: LlmConfig;
  /** Model calls (each a step: tool calls or the final text) allowed for one customer message. */
  maxSteps: number;
  /** Jobs one instance runs at once. */
  concurrency: number;
  /** How long a running job is held before another worker may take it over (a crashed process). */
  jobLeaseMs: number;
};

export type ChatwootConfig = { url: string; platformToken: string };

export class ConfigError extends Error {}

// Empty strings count as unset, so `PORT= npm start` falls back to the default.
function withoutBlanks(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined && value.trim() !== "") out[key] = value;
  return out;
}

/** Parses the environment; throws ConfigError naming the offending variable(s). */
export function loadConfig(env: Record<string, string | undefined> = {}, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(withoutBlanks(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  }
  const e = parsed.data;
  // One without the other is a half-done set-up: refuse it rather than silently fall back to our own view.
  if ((e.CHATWOOT_URL === undefined) !== (e.CHATWOOT_PLATFORM_TOKEN === undefined)) {
    const missing = e.CHATWOOT_URL === undefined ? "CHATWOOT_URL" : "CHATWOOT_PLATFORM_TOKEN";
    throw new ConfigError(
      `Invalid configuration: ${missing} must be set too (CHATWOOT_URL and CHATWOOT_PLATFORM_TOKEN go together)`,
    );
  }
  for (const [a, b] of [
    ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"],
    ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"],
    ["TLS_CERT_FILE", "TLS_KEY_FILE"],
  ] as const) {
    if ((e[a] === undefined) !== (e[b] === undefined)) {
      const missing = e[a] === undefined ? a : b;
      throw new ConfigError(`Invalid configuration: ${missing} must be set too (${a} and ${b} go together)`);
    }
  }
  // Secrets that tenants give us (webhook secrets, WhatsApp tokens) are sealed with this key; a production
  // server without one would store them in plain text, readable by anyone with a copy of the database.
  if (e.NODE_ENV === "production" && e.ENCRYPTION_KEY === undefined && e.WHATSAPP_APP_SECRET === undefined) {
    throw new ConfigError(
      "Invalid configuration: ENCRYPTION_KEY must be set when NODE_ENV=production (32 bytes as 64 hex characters, e.g. from `openssl rand -hex 32`); it seals the secrets stored in the database",
    );
  }
  // Given paths are relative to the working directory; defaults to the repository root.
  if (e.LLM_PROVIDER === "openai") {
    const missing = ["LLM_API_KEY", "LLM_MODEL"].filter((name) => e[name as "LLM_API_KEY" | "LLM_MODEL"] === undefined);
    if (missing.length > 0)
      throw new ConfigError(`Invalid configuration: ${missing.join(" and ")} must be set when LLM_PROVIDER=openai`);
  }
  const resolve = (given: string | undefined, fallback: string) => resolveSetting(given, fallback, cwd);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR, "data"),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ?? seedDemoByDefault(e),
    webDist: resolve(e.WEB_DIST, "apps/web/dist"),
    tls:
      e.TLS_CERT_FILE && e.TLS_KEY_FILE
        ? { certFile: resolve(e.TLS_CERT_FILE, ""), keyFile: resolve(e.TLS_KEY_FILE, "") }
        : null,
    publicUrl: e.PUBLIC_URL,
    appUrl: e.PUBLIC_URL ?? `${e.TLS_CERT_FILE ? "https" : "http"}://localhost:${e.PORT}`,
    allowPrivateWebhooks: e.ALLOW_PRIVATE_WEBHOOKS,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    trustProxy: e.TRUST_PROXY,
    errorTracking: {
      serverDsn: e.SENTRY_DSN,
      browserDsn: e.SENTRY_BROWSER_DSN,
      environment: e.SENTRY_ENVIRONMENT,
    },
    chatwoot:
      e.CHATWOOT_URL !== undefined && e.CHATWOOT_PLATFORM_TOKEN !== undefined
        ? { url: e.CHATWOOT_URL, platformToken: e.CHATWOOT_PLATFORM_TOKEN }
        : null,
    agents: {
      llm:
        e.LLM_PROVIDER === "openai"
          ? {
              provider: "openai",
              baseUrl: e.LLM_BASE_URL,
              apiKey: e.LLM_API_KEY!,
              model: e.LLM_MODEL!,
              timeoutMs: e.LLM_TIMEOUT_MS,
              maxRetries: e.LLM_MAX_RETRIES,
            }
          : { provider: "builtin" },
      maxSteps: e.AGENT_MAX_STEPS,
      concurrency: e.AGENT_CONCURRENCY,
      jobLeaseMs: e.AGENT_JOB_LEASE_MS,
    },
    knowledgeExtraction: { timeoutMs: e.KNOWLEDGE_EXTRACT_TIMEOUT_MS, memoryMb: e.KNOWLEDGE_EXTRACT_MEMORY_MB },
    whatsapp: {
      configured: WHATSAPP_REQUIRED_SETTINGS.every((name) => e[name] !== undefined),
      missing: WHATSAPP_REQUIRED_SETTINGS.filter((name) => e[name] === undefined),
      appId: e.WHATSAPP_APP_ID,
      appSecret: e.WHATSAPP_APP_SECRET,
      configId: e.WHATSAPP_CONFIG_ID,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
      publicUrl: e.PUBLIC_URL,
      graphUrl: e.WHATSAPP_GRAPH_URL,
      graphVersion: e.WHATSAPP_GRAPH_VERSION,
      sdkUrl: e.WHATSAPP_SDK_URL,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    email: {
      inboundDomain: e.EMAIL_INBOUND_DOMAIN,
      inboundPort: e.EMAIL_INBOUND_PORT,
      inboundHost: e.EMAIL_INBOUND_HOST,
      webhookSecret: e.EMAIL_WEBHOOK_SECRET,
    },
    notifications: { mailDelayMs: e.NOTIFICATION_MAIL_DELAY_MS },
    encryptionKey: e.ENCRYPTION_KEY
      ? decodeKey(e.ENCRYPTION_KEY)
      : e.WHATSAPP_APP_SECRET
        ? Buffer.from(hkdfSync("sha256", e.WHATSAPP_APP_SECRET, "", "foreman sealed secrets v1", 32))
        : null,
    supportEmail: e.SUPPORT_EMAIL,
    telephony:
      e.TWILIO_ACCOUNT_SID !== undefined && e.TWILIO_AUTH_TOKEN !== undefined
        ? {
            provider: "twilio",
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            apiUrl: e.TWILIO_API_URL,
          }
        : { provider: "simulated" },
    billing:
      e.STRIPE_SECRET_KEY !== undefined && e.STRIPE_WEBHOOK_SECRET !== undefined
        ? {
            provider: "stripe",
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          }
        : { provider: "none" },
  };
}
