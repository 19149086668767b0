import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { REPO_ROOT } from "./paths.ts";

describe("loadConfig", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      databaseUrl: undefined,
      logLevel: "info",
      seedDemo: true,
      dataDir: path.join(REPO_ROOT, "data"),
      webDist: path.join(REPO_ROOT, "apps/web/dist"),
    });
  });

  it("reads the variables and resolves relative paths from the working directory", () => {
    const config = loadConfig(
      {
        PORT: "3111",
        DATABASE_URL: "postgres://postgres@127.0.0.1:5432/foreman",
        DATA_DIR: "tmp/db",
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
      },
      "/srv/foreman",
    );
    expect(config).toMatchObject({
      port: 3111,
      databaseUrl: "postgres://postgres@127.0.0.1:5432/foreman",
      dataDir: "/srv/foreman/tmp/db",
      seedDemo: false,
      logLevel: "warn",
    });
  });

  const productionKey = { ENCRYPTION_KEY: "ab".repeat(32) };
  it.each([
    ["the embedded database in development", {}, true],
    ["NODE_ENV=production", { NODE_ENV: "production", ...productionKey }, false],
    ["a DATABASE_URL", { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/foreman" }, false],
    ["NODE_ENV=production asking for it", { NODE_ENV: "production", SEED_DEMO: "true", ...productionKey }, true],
    ["a DATABASE_URL asking for it", { DATABASE_URL: "postgres://db.internal/foreman", SEED_DEMO: "yes" }, true],
    ["the embedded database declining it", { SEED_DEMO: "false" }, false],
  ])(
    "seeds the demo (published password) by default only for the embedded database in development: %s",
    (_, env, seed) => {
      expect(loadConfig(env).seedDemo).toBe(seed);
    },
  );

  it("refuses a production start with no key to seal stored secrets", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/ENCRYPTION_KEY must be set when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: "production", ...productionKey }).encryptionKey?.length).toBe(32);
  });

  it("treats blank values as unset and keeps memory:// as is", () => {
    expect(loadConfig({ PORT: " ", DATA_DIR: "memory://" })).toMatchObject({ port: 3000, dataDir: "memory://" });
  });

  it.each([
    [{ PORT: "abc" }, "PORT must be a port number (0-65535)"],
    [{ PORT: "70000" }, "PORT must be a port number (0-65535)"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL must be a postgres:// URL"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL must be a postgres:// URL"],
    [{ SEED_DEMO: "maybe" }, "SEED_DEMO must be true or false"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL must be one of"],
    [{ WHATSAPP_APP_ID: "my-app" }, "WHATSAPP_APP_ID must be Meta's numeric app id"],
    [{ WHATSAPP_APP_SECRET: "short" }, "WHATSAPP_APP_SECRET must be the app secret (at least 16 characters)"],
    [{ WHATSAPP_VERIFY_TOKEN: "abc" }, "WHATSAPP_VERIFY_TOKEN must be at least 8 characters"],
    [{ PUBLIC_URL: "foreman.example.com" }, "PUBLIC_URL must be an http(s) URL without a query"],
    [{ WHATSAPP_GRAPH_VERSION: "22" }, "WHATSAPP_GRAPH_VERSION must look like v22.0"],
    [{ ENCRYPTION_KEY: "too-short" }, "ENCRYPTION_KEY must be 32 bytes as 64 hex characters or base64"],
  ])("refuses %o with a message naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(`Invalid configuration: ${message}`);
  });

  it("configures WhatsApp only when every required setting is given, and names the missing ones", () => {
    const none = loadConfig({});
    expect(none.whatsapp).toMatchObject({
      configured: false,
      graphUrl: "https://graph.facebook.com",
      graphVersion: "v22.0",
    });
    expect(none.whatsapp.missing).toHaveLength(5);
    expect(none.encryptionKey).toBeNull();
    const all = loadConfig({
      WHATSAPP_APP_ID: "123",
      WHATSAPP_APP_SECRET: "0123456789abcdef0123",
      WHATSAPP_CONFIG_ID: "cfg-1",
      WHATSAPP_VERIFY_TOKEN: "verify-me",
      PUBLIC_URL: "https://foreman.example.com/",
    });
    expect(all.whatsapp).toMatchObject({ configured: true, missing: [], publicUrl: "https://foreman.example.com" });
    // The sealing key is derived from the app secret unless ENCRYPTION_KEY is given.
    expect(all.encryptionKey).toHaveLength(32);
    const key = "ab".repeat(32);
    expect(loadConfig({ ENCRYPTION_KEY: key }).encryptionKey?.toString("hex")).toBe(key);
  });

  it("configures Chatwoot only when its URL and platform token are both set", () => {
    expect(loadConfig({}).chatwoot).toBeNull();
    expect(
      loadConfig({ CHATWOOT_URL: "https://chat.example.com/", CHATWOOT_PLATFORM_TOKEN: " secret " }).chatwoot,
    ).toEqual({ url: "https://chat.example.com", platformToken: "secret" });
    expect(() => loadConfig({ CHATWOOT_URL: "https://chat.example.com" })).toThrow(
      "Invalid configuration: CHATWOOT_PLATFORM_TOKEN must be set too",
    );
    expect(() => loadConfig({ CHATWOOT_PLATFORM_TOKEN: "secret" })).toThrow(
      "Invalid configuration: CHATWOOT_URL must be set too",
    );
  });

  it.each([["ftp://chat.example.com"], ["chat.example.com"], ["https://chat.example.com/?x=1"]])(
    "refuses CHATWOOT_URL %s",
    (url) => {
      expect(() => loadConfig({ CHATWOOT_URL: url, CHATWOOT_PLATFORM_TOKEN: "secret" })).toThrow(
        "Invalid configuration: CHATWOOT_URL must be an http(s) URL without a query",
      );
    },
  );

  it("keeps webhooks off private networks unless ALLOW_PRIVATE_WEBHOOKS is true", () => {
    expect(loadConfig({}).allowPrivateWebhooks).toBe(false);
    expect(loadConfig({ ALLOW_PRIVATE_WEBHOOKS: "true" }).allowPrivateWebhooks).toBe(true);
    expect(loadConfig({ ALLOW_PRIVATE_WEBHOOKS: "no" }).allowPrivateWebhooks).toBe(false);
    expect(() => loadConfig({ ALLOW_PRIVATE_WEBHOOKS: "sometimes" })).toThrow(
      "Invalid configuration: ALLOW_PRIVATE_WEBHOOKS must be true or false",
    );
  });

  it("reads the knowledge base's extraction budget, refusing a heap too small to read anything", () => {
    expect(loadConfig({}).knowledgeExtraction).toEqual({ timeoutMs: 30_000, memoryMb: 512 });
    expect(
      loadConfig({ KNOWLEDGE_EXTRACT_TIMEOUT_MS: "5000", KNOWLEDGE_EXTRACT_MEMORY_MB: "128" }).knowledgeExtraction,
    ).toEqual({ timeoutMs: 5000, memoryMb: 128 });
    expect(() => loadConfig({ KNOWLEDGE_EXTRACT_MEMORY_MB: "8" })).toThrow(/KNOWLEDGE_EXTRACT_MEMORY_MB/);
    expect(() => loadConfig({ KNOWLEDGE_EXTRACT_TIMEOUT_MS: "0" })).toThrow(/KNOWLEDGE_EXTRACT_TIMEOUT_MS/);
  });

  it("reads TRUST_PROXY as off, a hop count, or a list of proxy addresses and networks", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: " 10.0.0.1, 10.1.0.0/16 ,2001:db8::/32,loopback" }).trustProxy).toEqual([
      "10.0.0.1",
      "10.1.0.0/16",
      "2001:db8::/32",
      "loopback",
    ]);
    // Kept for existing set-ups; the server warns at start-up that it trusts anyone (app.ts).
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
  });

  it.each([["10.0.0.300"], ["10.0.0.0/33"], ["2001:db8::/129"], ["proxy.internal"], ["10.0.0.1,"], ["-1"], ["1.5"]])(
    "refuses TRUST_PROXY=%s",
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        "Invalid configuration: TRUST_PROXY must be false, a number of proxy hops, or a comma-separated list of proxy IP addresses or CIDR networks",
      );
    },
  );

  it("names every bad variable at once", () => {
    expect(() => loadConfig({ PORT: "x", DATABASE_URL: "y" })).toThrow(/PORT .*; DATABASE_URL /);
  });
});

describe("outbound mail settings", () => {
  it("reads SMTP_URL and MAIL_FROM, and has no SMTP server by default", () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: "Foreman <no-reply@localhost>" });
    expect(
      loadConfig({ SMTP_URL: "smtps://u:p@mail.example:465", MAIL_FROM: "Acme Sales <sales@acme.example>" }).mail,
    ).toEqual({ smtpUrl: "smtps://u:p@mail.example:465", from: "Acme Sales <sales@acme.example>" });
  });

  it("refuses a URL that is not SMTP without repeating its password, and a sender that is no address", () => {
    let message = "";
    try {
      loadConfig({ SMTP_URL: "http://user:s3cret@mail.example" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("SMTP_URL");
    expect(message).not.toContain("s3cret");
    expect(() => loadConfig({ MAIL_FROM: "not an address" })).toThrow(/MAIL_FROM/);
  });
});
